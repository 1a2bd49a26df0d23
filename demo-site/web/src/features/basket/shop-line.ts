import { lineTotal, type ShopLine } from './basket-items';

export interface ShopProductInput {
  public_id: string;
  title: string;
  price: number;
  picture?: string | null | undefined;
  delivery_public_id?: string | null | undefined;
}

/**
 * The basket line of a shop product in one size (ticketing-shop §3 shop basket line): count 1,
 * capped by what is left of the size, promocode null, selector 'shop'.
 */
export function shopLine(input: {
  product: ShopProductInput;
  size: { name: string; public_id: string | null } | null;
  maxCount: number;
  uniqueId: string;
}): ShopLine {
  const count = Math.min(1, Math.max(0, input.maxCount));
  return {
    selector: 'shop',
    public_id: input.product.public_id,
    unique_id: input.uniqueId,
    title: input.product.title,
    logo: input.product.picture ?? null,
    price: input.product.price,
    count,
    totalCost: lineTotal(input.product.price, count),
    promocode: null,
    size: input.size?.name ?? null,
    proportion_public_id: input.size?.public_id ?? null,
    delivery_public_id: input.product.delivery_public_id ?? null,
    max_count: input.maxCount,
  };
}
