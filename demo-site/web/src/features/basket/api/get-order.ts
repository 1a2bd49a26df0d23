import * as z from 'zod/mini';
import { requestParsed } from '../../../lib/api-client';

const ticketLine = z.object({
  format_public_id: z.string(),
  count: z.number(),
  tickets: z.optional(z.array(z.object({ public_id: z.string() }))),
});
const line = z.object({ public_id: z.string(), size: z.nullish(z.string()), count: z.number() });
const lists = z.object({
  tickets: z.array(ticketLine),
  shop: z.array(line),
  certificates: z.array(line),
  insurances: z.array(line),
});
const orderSchema = z.object({
  public_id: z.string(),
  status: z.string(),
  paid: z.boolean(),
  items: lists,
  unpaid: lists,
  redirect_url: z.nullish(z.string()),
});
export type Order = z.infer<typeof orderSchema>;

/** GET /api/order/{id}: the order after the provider (the stored token goes with it: an account's order needs it). */
export const getOrder = (orderId: string) => requestParsed(orderSchema, { url: `/api/order/${encodeURIComponent(orderId)}` });
