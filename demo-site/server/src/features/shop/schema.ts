import { z } from 'zod';
import { text } from '../../lib/schemas';

export const previewParams = z.strictObject({ place: z.enum(['home', 'basket']) });
export const categoryParams = z.strictObject({ name: z.string().regex(/^[a-z0-9-]{1,64}$/) });
export const productsQuery = z.strictObject({
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/)
    .optional(),
  gender: z.enum(['male', 'female', 'unisex']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const searchQuery = z.strictObject({ text: text(100).pipe(z.string().min(1, 'Введите запрос')) });
