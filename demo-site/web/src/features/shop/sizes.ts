import type { Product } from './api/schemas';

export interface SizeOption {
  /** The size as the basket and orders record it. */
  name: string;
  /** What the reader sees: the English name in English answers («One size»), else `name`. */
  label: string;
  /** The proportion's public id, sent with the order; null when the product only lists sizes. */
  public_id: string | null;
  /** What is left of the size; zero or less is disabled in the select (ticketing-shop §5). */
  count: number;
}

/**
 * The most one shop line may hold when the product does not say (ticketing-shop §9 keeps the value to
 * itself). The server sends its own limit as each product's `max_count` and refuses a payment above it;
 * this fallback is the same figure (the server's SHOP_COUNT_MAX).
 */
export const SHOP_MAX_COUNT = 20;

/** The product's sizes: its proportions with their stock, else its size list. */
export function sizeOptions(product: Pick<Product, 'proportions' | 'size'>): SizeOption[] {
  const stock = new Map((product.size ?? []).map((option) => [option.size, option.count]));
  if (product.proportions && product.proportions.length > 0) {
    return product.proportions.map((proportion) => ({
      name: proportion.name,
      label: proportion.name_en || proportion.name,
      public_id: proportion.public_id,
      count: proportion.count ?? stock.get(proportion.name) ?? 0,
    }));
  }
  return (product.size ?? []).map((option) => ({
    name: option.size,
    label: option.name_en || option.size,
    public_id: null,
    count: option.count,
  }));
}

/** A card with exactly one size preselects it (ticketing-shop §2). */
export function initialSize(options: SizeOption[]): SizeOption | null {
  return options.length === 1 ? options[0]! : null;
}

/** How many of the chosen size (or of a product without sizes) can be bought: its stock, within the line limit. */
export function maxCountOf(options: SizeOption[], size: SizeOption | null, limit?: number | null): number {
  const lineLimit = typeof limit === 'number' && limit > 0 ? limit : SHOP_MAX_COUNT;
  if (options.length === 0) return lineLimit;
  return size ? Math.min(size.count, lineLimit) : 0;
}
