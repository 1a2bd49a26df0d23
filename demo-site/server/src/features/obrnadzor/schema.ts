import { z } from 'zod';
import { text } from '../../lib/schemas';

export const regionNameParams = z.strictObject({ name: text(100).pipe(z.string().min(1)) });
export const searchParams = z.strictObject({ text: text(100).pipe(z.string().min(2, 'Введите не меньше 2 символов')) });
