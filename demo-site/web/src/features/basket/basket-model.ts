import { formatRubles as formatWholeRubles } from '../../lib/money';
import {
  type AppliedPromocode,
  type BasketItem,
  basketKey,
  type CertificateRecipient,
  deleteLine,
  type InsuranceLine,
  lineTotal,
  type ShopLine,
  type TicketChoice,
  type TicketLine,
} from './basket-items';

// deleteLine lives in basket-items.ts: the store, which the header loads with the shell, uses it,
// and importing it from here would bring every rule below onto `/`.
export { deleteLine } from './basket-items';

/**
 * The basket's rules as pure functions over the list of goods (ticketing-shop §3, §4, §6, §9): counts
 * and their steps, participant tickets of preregistration formats, insurance links, the figures of
 * each line and the totals in kopecks, the space-ticket hold and the pay button's conditions. The
 * store (basket-store.ts) applies them; the screens only show them.
 */

/** ticketing-shop §9: a ticket line holds 1 to 500 tickets. */
export const TICKET_COUNT_MIN = 1;
export const TICKET_COUNT_MAX = 500;
/** ticketing-shop §4: space tickets are held 10 minutes in the basket. */
export const SPACE_HOLD_MS = 600_000;
/** ticketing-shop §4: the in-progress flag of the pay button is reset after 3 s. */
export const PAY_RESET_MS = 3_000;
/** ticketing-shop §9: a participant tab that failed its check is highlighted for 5 s. */
export const ERROR_HIGHLIGHT_MS = 5_000;

export type NewId = () => string;

const isTicket = (item: BasketItem): item is TicketLine => item.selector === 'ticket';
const isInsurance = (item: BasketItem): item is InsuranceLine => item.selector === 'insurance';

/** Replaces the line with this key by `patch` applied to it. */
export function updateLine(goods: readonly BasketItem[], key: string, patch: Partial<BasketItem>): BasketItem[] {
  return goods.map((item) => (basketKey(item) === key ? withTotal({ ...item, ...patch } as BasketItem) : item));
}

const withTotal = <T extends BasketItem>(item: T): T => ({ ...item, totalCost: lineTotal(item.price, item.count) });

/** A ticket line's step: a team of fixed size steps by its seats, everything else by one. */
export function countStep(item: BasketItem): number {
  // Joining an existing team: one member at a time, up to its free places.
  if (isTicket(item) && item.team_public_id) return 1;
  if (isTicket(item) && item.isTeam && item.fixed_count) return Math.max(1, item.max_count);
  return 1;
}

/** The most a line may hold: 500 tickets, or buy_limit / tickets_left when they say less; a shop line its max_count. */
export function maxCount(item: BasketItem): number {
  if (item.selector === 'shop') return Math.max(0, item.max_count);
  if (!isTicket(item)) return TICKET_COUNT_MAX;
  const limits = [TICKET_COUNT_MAX, item.buy_limit, item.tickets_left].filter((value): value is number => typeof value === 'number');
  const max = Math.min(...limits);
  if (item.team_public_id) return Math.max(1, Math.min(max, item.team_free ?? 1));
  // ticketing-shop §5: a team that buys the whole team (team_all) with a fixed count takes the maximum.
  if (item.isTeam && item.team_all && item.fixed_count) return Math.min(max, item.max_count);
  return max;
}

/** Lines of the same preregistration format in the same group: one participant ticket each. */
export function participantTickets(goods: readonly BasketItem[], item: TicketLine): TicketLine[] {
  return goods.filter(
    (other): other is TicketLine =>
      isTicket(other) && other.preregistration && other.format_public_id === item.format_public_id && other.groupId === item.groupId,
  );
}

/** The tab labels of a ticket's participants: 'Билет N', shown only when there is more than one. */
export function ticketTabs(goods: readonly BasketItem[], item: TicketLine): { key: string; number: number }[] {
  const tickets = item.preregistration ? participantTickets(goods, item) : [item];
  return tickets.length > 1 ? tickets.map((ticket, index) => ({ key: basketKey(ticket), number: index + 1 })) : [];
}

/**
 * Plus or minus on a line. A preregistration ticket adds or removes one separate participant ticket
 * per step (never the last one); other lines change their count by their step within 1…max.
 */
export function changeCount(goods: readonly BasketItem[], key: string, direction: 1 | -1, newId: NewId, now: number): BasketItem[] {
  const item = goods.find((candidate) => basketKey(candidate) === key);
  if (!item) return [...goods];
  if (isTicket(item) && item.preregistration) {
    const tickets = participantTickets(goods, item);
    if (direction === 1) {
      if (tickets.length >= maxCount(item)) return [...goods];
      const last = tickets[tickets.length - 1] ?? item;
      const copy: TicketLine = {
        ...item,
        unique_id: newId(),
        count: 1,
        totalCost: lineTotal(item.price, 1),
        info: null,
        participant: null,
        preReg: '',
        isErrorTab: true,
        isAddInsurance: false,
        insuranceUniqueId: null,
        promo: null,
        promocode: null,
        promoMessage: null,
        addTicketToBasketTime: now,
      };
      const at = goods.indexOf(last) + 1;
      return [...goods.slice(0, at), copy, ...goods.slice(at)];
    }
    if (tickets.length <= 1) return [...goods];
    return deleteLine(goods, basketKey(tickets[tickets.length - 1]!)).goods;
  }
  const step = countStep(item);
  const next = item.count + direction * step;
  const min = Math.max(TICKET_COUNT_MIN, step);
  if (next < min || next > maxCount(item)) return [...goods];
  return syncInsuranceCounts(updateLine(goods, key, { count: next }));
}

/** A ticket's insurance covers each of its participants: the linked line counts as many as the ticket. */
export function syncInsuranceCounts(goods: readonly BasketItem[]): BasketItem[] {
  const counts = new Map(goods.filter(isTicket).map((ticket) => [ticket.unique_id, ticket.count]));
  return goods.map((item) => {
    if (!isInsurance(item) || !item.linkedTo) return item;
    const count = counts.get(item.linkedTo);
    return count === undefined || count === item.count ? item : withTotal({ ...item, count });
  });
}

/** A count typed by hand, brought within the line's limits and onto its step. */
export function clampCount(item: BasketItem, wanted: number): number {
  const step = countStep(item);
  const max = maxCount(item);
  const min = Math.min(Math.max(TICKET_COUNT_MIN, step), max);
  const onStep = Math.round((Number.isFinite(wanted) ? wanted : min) / step) * step;
  return Math.min(Math.max(onStep, min), Math.max(min, Math.floor(max / step) * step));
}

/** What an insurance offer brings to the basket line it becomes. */
export interface InsuranceOffer {
  public_id: string;
  title: string;
  price: number;
  legals?: string | null;
  activation_delay?: number | null;
  isStartDate?: string | boolean | null;
  default?: boolean | null;
}

/**
 * Adds an insurance line (accounts-sso §3: selector 'insurance', count 1, promocode null). Linked to a
 * ticket when `ticketKey` names one (the ticket is flagged); a default insurance needs no form
 * (preReg 'ok'), any other starts unfilled and errored (ticketing-shop §4). The cabinet's insurance
 * popup calls it without a ticket.
 */
export function addInsuranceLine(
  goods: readonly BasketItem[],
  offer: InsuranceOffer,
  options: { newId: NewId; ticketKey?: string; formatPublicId?: string | null; formatStartTime?: number | null },
): BasketItem[] {
  const ticket = options.ticketKey
    ? goods.find((item): item is TicketLine => isTicket(item) && basketKey(item) === options.ticketKey)
    : undefined;
  // ticketing-shop §4: a ticket's default insurance covers that ticket's participant (their form is the
  // ticket's): nothing to fill, ok at once. Any other — linked or not — follows its flag: it waits for
  // its form. One bought alone names its insured person in the insurance form, default offer or not.
  const isDefault = ticket !== undefined && offer.default === true;
  const line: InsuranceLine = {
    selector: 'insurance',
    public_id: offer.public_id,
    unique_id: options.newId(),
    title: offer.title,
    price: offer.price,
    count: 1,
    totalCost: lineTotal(offer.price, 1),
    promocode: null,
    format_public_id: ticket?.format_public_id ?? options.formatPublicId ?? null,
    linkedTo: ticket?.unique_id ?? null,
    legals: offer.legals ?? null,
    activation_delay: offer.activation_delay ?? 0,
    format_start_time: options.formatStartTime ?? (ticket ? Math.floor(new Date(ticket.start_time).getTime() / 1000) || null : null),
    isStartDate: String(offer.isStartDate ?? 'true'),
    start_date: null,
    default: offer.default === true,
    preReg: isDefault ? 'ok' : '',
    isErrorTab: !isDefault,
  };
  const withLine = [...goods, line];
  if (!ticket) return withLine;
  return syncInsuranceCounts(
    withLine.map((item) => (item === ticket ? { ...ticket, isAddInsurance: true, insuranceUniqueId: line.unique_id } : item)),
  );
}

/** Removes a ticket's insurance: the linked line and the ticket's flag. */
export function removeInsurance(goods: readonly BasketItem[], ticketKey: string): BasketItem[] {
  const ticket = goods.find((item): item is TicketLine => isTicket(item) && basketKey(item) === ticketKey);
  if (!ticket) return [...goods];
  return goods
    .filter((item) => !(isInsurance(item) && item.linkedTo === ticket.unique_id))
    .map((item) => (item === ticket ? { ...ticket, isAddInsurance: false, insuranceUniqueId: null } : item));
}

/** ticketing-shop §4: a ticket flagged for insurance without its line gets the default insurance. */
export function ensureDefaultInsurances(goods: readonly BasketItem[], defaultOffer: InsuranceOffer | null, newId: NewId): BasketItem[] {
  if (!defaultOffer) return [...goods];
  let result = [...goods];
  for (const ticket of goods.filter(isTicket)) {
    const linked = result.some((item) => isInsurance(item) && item.linkedTo === ticket.unique_id);
    if (ticket.isAddInsurance && !linked) {
      result = addInsuranceLine(result, { ...defaultOffer, default: true }, { newId, ticketKey: basketKey(ticket) });
    }
  }
  return result;
}

/** Kopecks of an amount in rubles (money is rounded to kopecks in calculations, ticketing-shop §3). */
export const toKopecks = (rubles: number): number => Math.round(rubles * 100);

/** A percent or fixed discount on one price, never more than the price, in kopecks. */
export function discountOf(priceKopecks: number, discount: number, form: string): number {
  if (!(discount > 0) || priceKopecks <= 0) return 0;
  const off = form === 'percent' ? Math.round((priceKopecks * Math.min(discount, 100)) / 100) : toKopecks(discount);
  return Math.min(priceKopecks, Math.max(0, off));
}

/** The buyer's vip discount (ticketing-shop §6): a discount of 100 is no discount. */
export interface VipDiscount {
  discount: number;
  discount_form: string;
}

export const vipApplies = (vip: VipDiscount | null | undefined): vip is VipDiscount => !!vip && vip.discount > 0 && vip.discount !== 100;

/** One line's money in kopecks: what it costs before and after its sale, promocode and vip discounts. */
export interface LineFigures {
  gross: number;
  sale: number;
  promo: number;
  vip: number;
  total: number;
}

/**
 * The figures of a line: the sale per item, the promocode on up to its available count, the vip
 * discount on the first ticket of the basket only (`firstVipTicket`). Never negative, a discount
 * never above the price.
 */
export function lineFigures(
  item: BasketItem,
  options: { vip?: VipDiscount | null; firstVipTicket?: boolean; sale?: SaleDiscount | null } = {},
): LineFigures {
  const count = Math.max(0, Math.floor(item.count));
  const unit = Math.max(0, toKopecks(item.price));
  const gross = unit * count;
  const saleUnit = options.sale
    ? discountOf(unit, options.sale.discount, options.sale.discount_form)
    : Math.min(unit, Math.max(0, toKopecks(item.sale ?? 0)));
  const afterSale = unit - saleUnit;
  let vip = 0;
  let vipUnits = 0;
  if (isTicket(item) && options.firstVipTicket && vipApplies(options.vip) && count > 0) {
    vip = discountOf(afterSale, options.vip.discount, options.vip.discount_form);
    vipUnits = 1;
  }
  const promo = item.promo ? promoDiscount(item.promo, afterSale, count - vipUnits) : 0;
  const sale = saleUnit * count;
  return { gross, sale, promo, vip, total: Math.max(0, gross - sale - promo - vip) };
}

function promoDiscount(promo: AppliedPromocode, unit: number, count: number): number {
  const units = Math.max(0, Math.min(count, promo.count));
  return discountOf(unit, promo.discount, promo.discount_form) * units;
}

/** A sale's discount per ticket: percent, or fixed in rubles (GET /api/sales). */
export interface SaleDiscount {
  discount: number;
  discount_form: string;
}

/** A sale as GET /api/sales answers it (ticketing-shop §3 Sale). */
export interface Sale extends SaleDiscount {
  active: boolean;
  start_date: string;
  end_date: string;
  count: number;
  formats: readonly string[];
}

/**
 * ticketing-shop §9: a sale applies only within its dates and once the basket counts `count` tickets of
 * its formats; of several, the one leaving the lowest price wins (as the payment's pricing decides).
 * The sale of each ticket line, by unique_id.
 */
export function salesOf(goods: readonly BasketItem[], sales: readonly Sale[], now: number): Map<string, SaleDiscount> {
  const tickets = goods.filter(isTicket);
  const result = new Map<string, SaleDiscount>();
  const running = sales.filter(
    (sale) => sale.active && Date.parse(sale.start_date) <= now && now <= Date.parse(sale.end_date) && sale.formats.length > 0,
  );
  for (const ticket of tickets) {
    const unit = toKopecks(ticket.price);
    let best: Sale | null = null;
    for (const sale of running) {
      if (!sale.formats.includes(ticket.format_public_id)) continue;
      const counted = tickets.filter((other) => sale.formats.includes(other.format_public_id)).reduce((sum, other) => sum + other.count, 0);
      if (counted < sale.count) continue;
      if (!best || discountOf(unit, sale.discount, sale.discount_form) > discountOf(unit, best.discount, best.discount_form)) best = sale;
    }
    if (best) result.set(ticket.unique_id, { discount: best.discount, discount_form: best.discount_form });
  }
  return result;
}

/** The side summary by section (ticketing-shop §2), in kopecks. */
export interface BasketTotals {
  tickets: number;
  insurance: number;
  certificates: number;
  shop: number;
  delivery: number;
  total: number;
}

/** The unique_id of the ticket the vip discount goes to: the first ticket line in the basket. */
export const firstTicketId = (goods: readonly BasketItem[]): string | null => goods.find(isTicket)?.unique_id ?? null;

export function basketTotals(
  goods: readonly BasketItem[],
  options: { vip?: VipDiscount | null; deliveryRubles?: number; sales?: ReadonlyMap<string, SaleDiscount> } = {},
): BasketTotals {
  const first = firstTicketId(goods);
  const totals: BasketTotals = { tickets: 0, insurance: 0, certificates: 0, shop: 0, delivery: 0, total: 0 };
  for (const item of goods) {
    const { total } = lineFigures(item, {
      vip: options.vip ?? null,
      firstVipTicket: item.unique_id === first,
      sale: options.sales?.get(item.unique_id) ?? null,
    });
    if (item.selector === 'ticket') totals.tickets += total;
    else if (item.selector === 'insurance') totals.insurance += total;
    else if (item.selector === 'certificate') totals.certificates += total;
    else totals.shop += total;
  }
  totals.delivery = Math.max(0, toKopecks(options.deliveryRubles ?? 0));
  totals.total = totals.tickets + totals.insurance + totals.certificates + totals.shop + totals.delivery;
  return totals;
}

/**
 * Kopecks shown in whole rubles with the ruble sign (ticketing-shop §3: '1 250 ₽'), every space a
 * no-break one. Written by lib/money rather than a new `Intl.NumberFormat` per call: the basket
 * formats each line's figures and the summary on every render, and building the formatter was most of
 * the first render's main-thread time on a slow phone (a 98 ms task with three lines).
 */
export function formatRubles(kopecks: number): string {
  return formatWholeRubles(Math.round(kopecks / 100), 'ru').replace(/\s/g, '\u00a0');
}

/** Groups lines by their group identifier, in the order the groups first appear (shop lines together). */
export function groupLines(goods: readonly BasketItem[]): { id: string; items: BasketItem[] }[] {
  const groups = new Map<string, BasketItem[]>();
  for (const item of goods) {
    if (isInsurance(item) && item.linkedTo) continue; // shown under its ticket
    const id = isTicket(item) ? item.groupId : item.selector;
    const list = groups.get(id) ?? [];
    list.push(item);
    groups.set(id, list);
  }
  return [...groups].map(([id, items]) => ({ id, items }));
}

/** ticketing-shop §4 hold time: space tickets over 10 minutes in the basket are stale. */
export function dropStale(goods: readonly BasketItem[], now: number): { goods: BasketItem[]; stale: TicketLine[] } {
  const stale = goods.filter(
    (item): item is TicketLine => isTicket(item) && item.space && now - item.addTicketToBasketTime > SPACE_HOLD_MS,
  );
  if (stale.length === 0) return { goods: [...goods], stale };
  let result = [...goods];
  for (const ticket of stale) result = deleteLine(result, basketKey(ticket)).goods;
  return { goods: result, stale };
}

/** Whether promocodes may be typed for a line: never for certificates; not for the vip ticket unless allowed. */
export function promocodeAllowed(
  item: BasketItem,
  options: { vipTicketId?: string | null; vipListFormats?: readonly string[] } = {},
): boolean {
  if (item.selector === 'certificate') return false;
  if (isTicket(item) && options.vipTicketId === item.unique_id) return (options.vipListFormats ?? []).includes(item.format_public_id);
  return true;
}

/** Why the pay button is disabled (ticketing-shop §4); empty when it is not. */
export type PayBlocker = 'email' | 'empty' | 'inProgress' | 'preregistration' | 'team' | 'delivery' | 'insurance';

export function payBlockers(input: {
  goods: readonly BasketItem[];
  emailValid: boolean;
  inProgress: boolean;
  /** Shop goods need a delivery method chosen (and, for a non-pickup method, its fields). */
  deliveryResolved: boolean;
}): PayBlocker[] {
  const blockers: PayBlocker[] = [];
  if (!input.emailValid) blockers.push('email');
  if (input.goods.length === 0) blockers.push('empty');
  if (input.inProgress) blockers.push('inProgress');
  if (input.goods.some((item) => isTicket(item) && item.preregistration && (item.isErrorTab || item.preReg !== 'ok'))) {
    blockers.push('preregistration');
  }
  // «Join a team» chosen, no team picked yet.
  if (input.goods.some((item) => isTicket(item) && item.isTeam && item.team_title === '' && !item.team_public_id)) blockers.push('team');
  if (input.goods.some((item) => item.selector === 'shop') && !input.deliveryResolved) blockers.push('delivery');
  if (input.goods.some((item) => isInsurance(item) && item.preReg !== 'ok')) blockers.push('insurance');
  return blockers;
}

/** An order as GET /api/order/{id} answers (the parts the return needs). */
export interface OrderForReturn {
  paid: boolean;
  items: {
    tickets: { format_public_id: string; count: number; tickets?: { public_id: string }[] }[];
    shop: { public_id: string; size?: string | null; count: number }[];
    certificates: { public_id: string; count: number }[];
    insurances: { public_id: string; count: number }[];
  };
  unpaid: OrderForReturn['items'];
}

export type OrderNext =
  | { kind: 'certificates' }
  | { kind: 'shop' }
  | { kind: 'tickets' }
  | { kind: 'ticket'; publicId: string | null }
  | { kind: 'restart' }
  | { kind: 'failed' };

/**
 * ticketing-shop §4 after an order is checked: the paid items leave the basket; then certificate
 * thanks, my orders (only shop goods), my events (more than one ticket) or the single ticket page;
 * a pending order restarts the payment; a failed one keeps the basket and shows the error.
 */
export function afterOrder(
  goods: readonly BasketItem[],
  order: OrderForReturn & { status?: string },
): { goods: BasketItem[]; next: OrderNext } {
  if (!order.paid) {
    return { goods: [...goods], next: order.status === 'pending' ? { kind: 'restart' } : { kind: 'failed' } };
  }
  const paidFormats = new Set(order.items.tickets.map((line) => line.format_public_id));
  const paidShop = new Set(order.items.shop.map((line) => `${line.public_id}:${line.size ?? ''}`));
  const paidCertificates = new Set(order.items.certificates.map((line) => line.public_id));
  const paidInsurances = new Set(order.items.insurances.map((line) => line.public_id));
  const kept = goods.filter((item) => {
    if (isTicket(item)) return !paidFormats.has(item.format_public_id);
    if (item.selector === 'shop') return !paidShop.has(`${item.public_id}:${item.size ?? ''}`);
    if (item.selector === 'certificate') return !paidCertificates.has(item.public_id);
    return item.linkedTo !== null || !paidInsurances.has(item.public_id);
  });
  // A ticket's insurance was paid with its ticket (the ticket's insurance flag): it leaves with it.
  const tickets = new Set(kept.filter(isTicket).map((ticket) => ticket.unique_id));
  const rest = kept.filter((item) => !isInsurance(item) || item.linkedTo === null || tickets.has(item.linkedTo));
  const issued = order.items.tickets.flatMap((line) => line.tickets ?? []);
  const ticketCount = order.items.tickets.reduce((sum, line) => sum + line.count, 0);
  let next: OrderNext;
  if (order.items.certificates.length > 0) next = { kind: 'certificates' };
  else if (order.items.shop.length > 0 && order.items.tickets.length === 0 && order.items.insurances.length === 0) next = { kind: 'shop' };
  else if (ticketCount > 1) next = { kind: 'tickets' };
  else next = { kind: 'ticket', publicId: issued[0]?.public_id ?? null };
  return { goods: rest, next };
}

/** A line's held start number or seat as POST /api/payment takes it: only the choice, while its hold runs. */
export function choicePayload(choice: TicketChoice | null | undefined, now: number): { start_number?: number; place_public_id?: string } {
  if (!choice || Date.parse(choice.heldUntil) <= now) return {};
  return choice.kind === 'number' ? { start_number: choice.number } : { place_public_id: choice.public_id };
}

const cleanRecipient = (recipient: CertificateRecipient) => ({
  name: recipient.name?.trim() || null,
  email: recipient.email?.trim().toLowerCase() || null,
  message: recipient.message?.trim() || null,
});

/**
 * What a gift certificate pays of a basket: what it has left, up to the basket's total without its
 * certificates (a certificate does not pay for certificates). Kopecks.
 */
export function certificatePays(totals: Pick<BasketTotals, 'total' | 'certificates'>, leftKopecks: number): number {
  return Math.max(0, Math.min(leftKopecks, totals.total - totals.certificates));
}

/** A shop line as POST /api/payment takes it. */
const shopPayload = (line: ShopLine) => ({
  product: { public_id: line.public_id },
  proportion: line.proportion_public_id ? { public_id: line.proportion_public_id } : null,
  count: line.count,
  promocode: line.promo?.code ?? null,
  delivery_public_id: line.delivery_public_id,
});

/** The participant data of a ticket line as the server takes it (only filled forms are sent). */
export type InfoOf = (ticket: TicketLine) => Record<string, unknown> | null;

/** The body of POST /api/payment (ticketing-shop §7): e-mail, tickets, shop, insurances, certificates, register flag. */
export function paymentPayload(
  goods: readonly BasketItem[],
  options: {
    email: string;
    register: boolean;
    infoOf: InfoOf;
    delivery?: Record<string, unknown> | null;
    insuranceInfo?: (line: InsuranceLine) => Record<string, unknown> | null;
    /** A bought gift certificate's code (the server checks it again and caps what it pays). */
    certificateCode?: string | null;
    /** Now, in ms: a choice whose hold ran out is not sent (the server would refuse it). */
    now?: number;
  },
) {
  const tickets = goods.filter(isTicket).map((ticket) => {
    const info = options.infoOf(ticket);
    return {
      event_public_id: ticket.event.public_id,
      event_city_public_id: ticket.event_city.public_id,
      format_public_id: ticket.format_public_id,
      ticket_count: ticket.count,
      // ticketing-shop §7: a team ticket names the team it joins (team_public_id) or how many new teams it makes (team_count).
      ...(ticket.isTeam && ticket.team_public_id ? { team_public_id: ticket.team_public_id } : {}),
      ...(ticket.isTeam && !ticket.team_public_id
        ? { team_count: ticket.fixed_count ? Math.max(1, Math.floor(ticket.count / Math.max(1, ticket.max_count))) : 1 }
        : {}),
      kind: ticket.kind,
      insurance: ticket.isAddInsurance === true,
      promocode: ticket.promo?.code ?? null,
      ...(ticket.club ? { club: { public_id: ticket.club.public_id } } : {}),
      ...(ticket.delivery_public_id ? { delivery_public_id: ticket.delivery_public_id } : {}),
      ...(ticket.team_name && !ticket.team_public_id ? { team_name: ticket.team_name } : {}),
      ...(info ? { info } : {}),
      ...choicePayload(ticket.choice, options.now ?? Date.now()),
    };
  });
  // A ticket's insurance travels as the ticket's `insurance` flag (priced per participant by the
  // server); only insurances bought alone are lines of their own, with the insured person's data.
  const insurances = goods
    .filter((item): item is InsuranceLine => isInsurance(item) && !item.linkedTo)
    .flatMap((line) => {
      const info = options.insuranceInfo?.(line) ?? null;
      return info
        ? [{ public_id: line.public_id, format_public_id: line.format_public_id, promocode: line.promo?.code ?? null, ...info }]
        : [];
    });
  return {
    email: options.email.trim().toLowerCase(),
    tickets,
    shop: goods.filter((item): item is ShopLine => item.selector === 'shop').map(shopPayload),
    insurances,
    certificates: goods
      .filter((item) => item.selector === 'certificate')
      .map((item) => ({
        public_id: item.public_id,
        count: item.count,
        ...(item.recipient ? { recipient: cleanRecipient(item.recipient) } : {}),
      })),
    delivery: options.delivery ?? null,
    ...(options.certificateCode ? { certificate_code: options.certificateCode } : {}),
    register: options.register,
  };
}

/**
 * ticketing-shop §4 Basket storage, on opening the basket: when the basket is empty but the local
 * copy (`NoAuthBasketGoods`) has items, the server basket is loaded — for a signed-in person only,
 * the server basket being theirs.
 */
export function shouldLoadServerBasket(input: { signedIn: boolean; goods: readonly unknown[]; localCopy: unknown }): boolean {
  return input.signedIn && input.goods.length === 0 && Array.isArray(input.localCopy) && input.localCopy.length > 0;
}

/** The stored user as far as the payment path cares (accounts-sso §3 userObj). */
export interface PayerUser {
  temporary?: boolean | null;
  has_password?: boolean | null;
  phone_confirmed?: boolean | null;
}

/**
 * ticketing-shop §6: users flagged temporary pay without the token (PUT /api/user/auth/payment,
 * accounts-sso §7). Flagged by the payment answer (`temporary: true`), or, as the server decides it,
 * an account with neither a password nor a confirmed phone — the one a guest checkout created.
 */
export function isTemporaryPayer(user: PayerUser | null | undefined): boolean {
  if (!user) return false;
  if (user.temporary === true) return true;
  return user.has_password === false && user.phone_confirmed === false;
}

/**
 * ticketing-shop §6: the vip ticket list — the formats a vip already holds tickets of. A promocode may
 * be typed on the vip ticket only when its format is in this list.
 */
export function vipListFormats(cards: readonly { event_format?: { public_id?: string | null } | null }[]): string[] {
  return [...new Set(cards.flatMap((card) => (card.event_format?.public_id ? [card.event_format.public_id] : [])))];
}
