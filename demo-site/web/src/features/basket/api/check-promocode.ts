import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const promocodeCheckSchema = z.object({
  promocode: z.object({ code: z.string(), discount: z.number(), discount_form: z.string(), count: z.number() }),
  available_code_count: z.number(),
  message: z.nullish(z.string()),
});

export type PromocodeTarget = 'ticket' | 'product' | 'insurance';

/** GET /api/promocode/check/{ticket|product|insurance}/{code}/{id}: the discount, or a 400 with the server's message. */
export const checkPromocode = (target: PromocodeTarget, code: string, itemId: string) =>
  requestParsed(promocodeCheckSchema, {
    url: `/api/promocode/check/${target}/${encodeURIComponent(code.trim())}/${encodeURIComponent(itemId)}`,
  });
