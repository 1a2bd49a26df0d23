import * as z from 'zod/mini';

/** A good of an order (GET /api/user/shop/orders items[].shop, GET /api/user/shop/soldgood/{id}). Money in rubles. */
export const soldGoodSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  picture: z.nullish(z.string()),
  size: z.nullish(z.string()),
  count: z.number(),
  price: z.number(),
  total: z.nullish(z.number()),
});
export type SoldGood = z.infer<typeof soldGoodSchema>;

/** accounts-sso §3 order: public_id, created, status, amount, items with a shop list. */
export const orderSchema = z.object({
  public_id: z.string(),
  created: z.string(),
  status: z.string(),
  amount: z.number(),
  items: z.optional(z.array(z.object({ shop: z.optional(z.array(soldGoodSchema)) }))),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListResponse = z.object({ values: z.array(orderSchema) });
/** A gift certificate of an order: its codes (once paid) with what each has left, and whom it is for. Rubles. */
export const soldCertificateSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  picture: z.nullish(z.string()),
  count: z.number(),
  total: z.nullish(z.number()),
  recipient: z.nullish(z.object({ name: z.nullish(z.string()), email: z.nullish(z.string()), message: z.nullish(z.string()) })),
  codes: z.array(z.object({ code: z.string(), amount: z.number(), left: z.number() })),
});
export type SoldCertificate = z.infer<typeof soldCertificateSchema>;

export const soldGoodsResponse = z.object({ values: z.array(soldGoodSchema), certificates: z.optional(z.array(soldCertificateSchema)) });
