import * as z from 'zod/mini';
import { isApiError, requestParsed } from '../../../lib/api-client';

const postalIndexSchema = z.object({
  index: z.string(),
  office_name: z.nullish(z.string()),
  address: z.nullish(z.string()),
  city: z.object({ id: z.number(), name_ru: z.string() }),
  region: z.object({ id: z.number(), name_ru: z.string() }),
});
export type PostalIndex = z.infer<typeof postalIndexSchema>;

/** A Russian postal index: six digits. */
export const POSTAL_INDEX = /^\d{6}$/;

export type PostalIndexAnswer = { kind: 'found'; office: PostalIndex } | { kind: 'invalid' } | { kind: 'unknown' } | { kind: 'failed' };

/**
 * GET /api/pochta/{index} (ticketing-shop §7): the post office of an index, with its city and region.
 * Not six digits is «Введите корректный Индекс» before any call; an index the post does not know is
 * «Попробуйте другой индекс» (accounts-sso §5); a call without an answer says nothing about the index.
 */
export async function lookUpPostalIndex(index: string): Promise<PostalIndexAnswer> {
  if (!POSTAL_INDEX.test(index)) return { kind: 'invalid' };
  try {
    return { kind: 'found', office: await requestParsed(postalIndexSchema, { url: `/api/pochta/${index}` }) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { kind: 'unknown' };
    if (isApiError(error) && error.status === 400) return { kind: 'invalid' };
    return { kind: 'failed' };
  }
}
