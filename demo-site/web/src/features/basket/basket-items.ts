/**
 * The basket as stored locally (ticketing-shop §3 basket item, §4 basket storage). The full
 * basket — counts, teams, insurance, discounts — comes with the basket screen; here: the lines the
 * catalogue adds and removes. Pure functions over the list of goods.
 */
export type BasketSelector = 'ticket' | 'shop' | 'insurance' | 'certificate';

export interface BasketItemBase {
  selector: BasketSelector;
  public_id: string;
  unique_id: string;
  title: string;
  price: number;
  count: number;
  totalCost: number;
  promocode: string | null;
  logo?: string | null;
}

export interface TicketLine extends BasketItemBase {
  selector: 'ticket';
  format_public_id: string;
  event: { public_id: string; title: string };
  event_city: { public_id: string };
  address: string;
  start_time: string;
  kind: string;
  max_count: number;
  fixed_count: boolean;
  team_all: boolean;
  isTeam: boolean;
  buy_limit: number | null;
  tickets_left: number | null;
  preregistration: boolean;
  space: boolean;
  addTicketToBasketTime: number;
  groupId: string;
  isErrorTab: boolean;
}

export interface ShopLine extends BasketItemBase {
  selector: 'shop';
  size: string | null;
  proportion_public_id: string | null;
  delivery_public_id: string | null;
  max_count: number;
}

export type BasketItem = TicketLine | ShopLine | (BasketItemBase & { selector: 'insurance' | 'certificate' });

/** Shop lines are keyed by product id plus size, every other line by its unique_id. */
export function basketKey(item: Pick<BasketItem, 'selector' | 'public_id' | 'unique_id'> & { size?: string | null }): string {
  return item.selector === 'shop' ? `shop:${item.public_id}:${item.size ?? ''}` : `${item.selector}:${item.unique_id}`;
}

/** Adds a line; a shop line already present (same product and size) takes the new count. */
export function addItem(goods: readonly BasketItem[], item: BasketItem): BasketItem[] {
  const key = basketKey(item);
  const index = goods.findIndex((existing) => basketKey(existing) === key);
  if (index === -1) return [...goods, item];
  return goods.map((existing, position) => (position === index ? item : existing));
}

export function removeItem(goods: readonly BasketItem[], key: string): { goods: BasketItem[]; removed: BasketItem | null } {
  const removed = goods.find((item) => basketKey(item) === key) ?? null;
  return { goods: goods.filter((item) => basketKey(item) !== key), removed };
}

/** The header's counter: the number of lines in the basket. */
export const basketCount = (goods: readonly BasketItem[]): number => goods.length;

/** Money is rounded to kopecks in calculations (ticketing-shop §3). */
export const lineTotal = (price: number, count: number): number => Math.round(price * count * 100) / 100;

/** Accepts only what looks like basket lines from storage, so a stale or edited value cannot break the page. */
export function sanitizeGoods(value: unknown): BasketItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is BasketItem =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as BasketItem).public_id === 'string' &&
      typeof (item as BasketItem).unique_id === 'string' &&
      ['ticket', 'shop', 'insurance', 'certificate'].includes((item as BasketItem).selector),
  );
}
