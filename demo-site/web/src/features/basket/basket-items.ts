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
  /** The promocode the server accepted for this line (GET /api/promocode/check/…), or null. */
  promo?: AppliedPromocode | null;
  /** The server's message about the promocode, stored per line (ticketing-shop §4). */
  promoMessage?: string | null;
  /** A sale's discount per item in rubles, when one applies (shown per line; the server decides at payment). */
  sale?: number | null;
}

/** A promocode as the check call answers it: discount in percent or rubles, for `count` items at most. */
export interface AppliedPromocode {
  code: string;
  discount: number;
  discount_form: string;
  count: number;
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
  /** The participant's data as typed (features/participant values), one per ticket line. */
  info?: Record<string, unknown> | null;
  /** The same data as the server takes it (features/participant toParticipantInfo), once the form passes. */
  participant?: Record<string, unknown> | null;
  /** 'ok' once the participant form passes (ticketing-shop §4 tab validity). */
  preReg?: string;
  /** The ticket asks for an insurance; `insuranceUniqueId` is its linked insurance line. */
  isAddInsurance?: boolean;
  insuranceUniqueId?: string | null;
  /** Whether promocodes may be typed for this ticket (false for the vip ticket, ticketing-shop §6). */
  vipTicket?: boolean;
  team_name?: string | null;
  /**
   * An existing team the tickets join (GET /api/teams/{format_public_id}): sent as `team_public_id` with
   * the tickets' `ticket_count`, any count up to the team's free places; without it a new team is made.
   */
  team_public_id?: string | null;
  team_title?: string | null;
  team_free?: number | null;
  club?: { public_id: string; title: string } | null;
  /**
   * How the start pack reaches the participant (ticketing-shop: a format with `delivery`, GET
   * /api/delivery/ticket): the method chosen, sent as the line's `delivery_public_id`; none — at the event.
   */
  delivery_public_id?: string | null;
  delivery_method?: { public_id: string; name: string; pickup: boolean } | null;
  /**
   * The start number or seat the signed-in buyer holds for this line (POST /api/booked/number,
   * POST /api/space/place) and until when; the payment sends only the choice, the server checks the hold.
   */
  choice?: TicketChoice | null;
}

export type TicketChoice =
  | { kind: 'number'; number: number; heldUntil: string }
  | { kind: 'seat'; public_id: string; sector: string; row: number; place: number; heldUntil: string };

export interface ShopLine extends BasketItemBase {
  selector: 'shop';
  size: string | null;
  proportion_public_id: string | null;
  delivery_public_id: string | null;
  max_count: number;
}

/** An insurance line (accounts-sso §3 insurance basket line, ticketing-shop §3 insurance basket item). */
export interface InsuranceLine extends BasketItemBase {
  selector: 'insurance';
  format_public_id: string | null;
  /** The ticket line (unique_id) this insurance covers; null for one bought alone. */
  linkedTo: string | null;
  legals: string | null;
  activation_delay: number;
  /** Unix seconds. */
  format_start_time: number | null;
  /** 'false' means the person picks the start date (ticketing-shop §2). */
  isStartDate: string;
  start_date: string | null;
  default: boolean;
  /** 'ok', '' (not filled yet) or false (an age or start-date violation). */
  preReg: 'ok' | '' | false;
  isErrorTab: boolean;
  info?: Record<string, unknown> | null;
}

/** Whom a gift certificate is for (all optional): shown on the order and in the cabinet. */
export interface CertificateRecipient {
  name?: string | null;
  email?: string | null;
  message?: string | null;
}

export interface CertificateLine extends BasketItemBase {
  selector: 'certificate';
  recipient?: CertificateRecipient | null;
}

export type BasketItem = TicketLine | ShopLine | InsuranceLine | CertificateLine;

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

/**
 * Removes a line and what hangs on it: a ticket's linked insurance, an insurance's flag on its
 * ticket, and the product a fixed event product is linked to (`fixedLinks`: product id → product id).
 */
export function deleteLine(
  goods: readonly BasketItem[],
  key: string,
  fixedLinks: Readonly<Record<string, string>> = {},
): { goods: BasketItem[]; removed: BasketItem | null } {
  const { goods: rest, removed } = removeItem(goods, key);
  if (!removed) return { goods: rest, removed };
  let result = rest;
  if (removed.selector === 'ticket') {
    result = result.filter((item) => !(item.selector === 'insurance' && item.linkedTo === removed.unique_id));
  } else if (removed.selector === 'insurance' && removed.linkedTo) {
    result = result.map((item) =>
      item.selector === 'ticket' && item.unique_id === removed.linkedTo
        ? { ...item, isAddInsurance: false, insuranceUniqueId: null }
        : item,
    );
  } else if (removed.selector === 'shop') {
    const linked = fixedLinks[removed.public_id];
    if (linked) result = result.filter((item) => !(item.selector === 'shop' && item.public_id === linked));
  }
  return { goods: result, removed };
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
