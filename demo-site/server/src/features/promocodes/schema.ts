import { z } from 'zod';
import { publicId } from '../../lib/schemas';

const code = z
  .string()
  .trim()
  .min(1, 'Введите промокод')
  .max(64)
  .regex(/^[\p{L}\d_-]+$/u, 'Промокод не найден');

export const productCheckParams = z.strictObject({ code, id: publicId });
export const ticketCheckParams = z.strictObject({ code, formatId: publicId });
