import * as z from 'zod/mini';

/** A shop product (ticketing-shop §3): prices in rubles, sizes as proportions with what is left. */
export const productSchema = z.object({
  public_id: z.string(),
  title: z.string(),
  description: z.nullish(z.string()),
  picture: z.nullish(z.string()),
  price: z.number(),
  old_price: z.nullish(z.number()),
  insurance: z.nullish(z.boolean()),
  insurance_cost: z.nullish(z.number()),
  // `name_en` comes in English answers beside the size's `name`, which the basket and orders keep.
  proportions: z.nullish(
    z.array(z.object({ name: z.string(), name_en: z.nullish(z.string()), public_id: z.string(), count: z.nullish(z.number()) })),
  ),
  size: z.nullish(z.array(z.object({ size: z.string(), name_en: z.nullish(z.string()), count: z.number() }))),
  category: z.nullish(z.object({ title: z.string(), name: z.nullish(z.string()) })),
  group: z.nullish(z.string()),
  subgroup: z.nullish(z.string()),
  gender: z.nullish(z.string()),
  /** Whether the product takes a custom print text (a flag; older data may hold the text itself). */
  text: z.nullish(z.union([z.boolean(), z.string()])),
  delivery_public_id: z.nullish(z.string()),
  /** The most one basket line may hold (the server's limit, the same it checks at payment). */
  max_count: z.nullish(z.number()),
});
export type Product = z.infer<typeof productSchema>;

export const categorySchema = z.object({ public_id: z.string(), name: z.string(), title: z.string(), count: z.nullish(z.number()) });
export type ProductCategory = z.infer<typeof categorySchema>;

export const productListResponse = z.object({ values: z.array(productSchema), count: z.optional(z.number()) });
