import { z } from 'zod';
import { positiveInt } from '../../lib/schemas';

export const countryParams = z.strictObject({ country: z.string().regex(/^[A-Z]{2}$/) });
export const regionParams = z.strictObject({ id: positiveInt });
export const detailedQuery = z.strictObject({ city_id: positiveInt.optional() });
export const postalIndexParams = z.strictObject({ index: z.string().regex(/^\d{6}$/, 'Введите корректный Индекс') });
