import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';
import type { paymentPayload } from '../basket-model';

const paymentResultSchema = z.object({
  order_id: z.string(),
  redirect_url: z.string(),
  amount: z.nullish(z.number()),
  token: z.nullish(z.string()),
  user: z.nullish(z.record(z.string(), z.unknown())),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** POST /api/payment (ticketing-shop §7): the server prices the basket and answers the provider's address. */
export const createPayment = (body: ReturnType<typeof paymentPayload>) =>
  requestParsed(paymentResultSchema, { url: '/api/payment', method: 'POST', data: body });

/** PUT /api/user/auth/payment (accounts-sso §7): a temporary user pays without a token. */
export const createTemporaryPayment = (body: ReturnType<typeof paymentPayload>) =>
  requestParsed(paymentResultSchema, { url: '/api/user/auth/payment', method: 'PUT', data: body, anonymous: true });
