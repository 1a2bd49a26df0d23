/**
 * The server's prices (ticketing-shop §3, §5, §6, §9). Pure: the catalogue rows a payment names come
 * in, priced lines come out, so every rule is a table test. Money in kopecks; a percent is rounded to
 * the kopeck per unit.
 */

import { promocodeCovers } from '../promocodes/rules';

export const INSURANCE_PER_PARTICIPANT = 20_000;
export const TICKET_COUNT_MIN = 1;
export const TICKET_COUNT_MAX = 500;
/** ticketing-shop §9 names a max_count constant for shop lines without its value. */
export const SHOP_COUNT_MAX = 20;
export const CERTIFICATE_COUNT_MAX = 20;

export const pricingMessages = {
  unavailable: 'Указанное количество билетов недоступно',
  noInsurance: 'Для выбранного события страховка недоступна',
  sizeRequired: 'Выберите размер',
  sizeUnavailable: 'Выбранного размера нет в наличии',
  shopCount: `Количество товара — от 1 до ${SHOP_COUNT_MAX}`,
  certificatePromocode: 'Промокод не действует для сертификатов',
  vipPromocode: 'Промокод не действует для VIP-билета',
  teamCount: 'Неверное количество участников команды',
  unknownFormat: 'Формат участия не найден',
  unknownProduct: 'Товар не найден',
  unknownInsurance: 'Страховка не найдена',
  unknownCertificate: 'Сертификат не найден',
  unknownTeam: 'Команда не найдена',
  eventPassed: (title: string) => `Данные о покупке билетов на ${title} устарели, добавьте их в корзину заново`,
  registrationNotOpen: (title: string, opensAt: Date) => `Регистрация на ${title} откроется ${moscowTime(opensAt)}`,
  registrationClosed: (title: string) => `Регистрация на ${title} закрыта`,
  promocodePerPerson: 'Вы уже использовали этот промокод столько раз, сколько можно одному человеку',
} as const;

/** A moment as the site's visitors read it: «1 мая 2026 г. в 09:00 (мск)». */
function moscowTime(at: Date): string {
  const date = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' }).format(at);
  const time = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Moscow' }).format(at);
  return `${date} в ${time} (мск)`;
}

export type DiscountForm = 'percent' | 'fixed';

/** A price after one discount: percent of the price or a fixed amount, never below zero. */
export function applyDiscount(price: number, discount: number, form: string): number {
  const off = form === 'percent' ? Math.round((price * discount) / 100) : discount;
  return Math.max(0, price - Math.max(0, off));
}

export interface FormatInfo {
  id: number;
  publicId: string;
  price: number;
  maxCount: number;
  isTeam: boolean;
  fixedCount: boolean;
  teamAll: boolean;
  buyLimit: number | null;
  insuranceAvailable: boolean;
  startTime: Date;
  eventTitle: string;
  /** The event city's registration window, set by its organisers (issue 31): tickets are sold inside it only. */
  registrationOpensAt?: Date | null;
  registrationClosesAt?: Date | null;
  /** Tickets left per participant kind. */
  left: Record<string, number>;
}

export interface PromocodeInfo {
  id: number;
  code: string;
  target: 'ticket' | 'product' | 'insurance';
  targetPublicId: string | null;
  /** A back-office code's formats (null: not limited to formats). */
  formatPublicIds: string[] | null;
  discount: number;
  discountForm: string;
  /** Uses the code still has (code_count − used). */
  available: number;
  /**
   * Uses the buyer may still make of a code limited per person (max_uses_per_person minus their earlier
   * uses), counted in the payment's transaction under the code's row lock; undefined: no such limit.
   */
  personLeft?: number;
  startsAt: Date;
  endsAt: Date;
  active: boolean;
}

export interface SaleInfo {
  id: number;
  active: boolean;
  startDate: Date;
  endDate: Date;
  discount: number;
  discountForm: string;
  count: number;
  formatIds: number[];
}

export interface PricingCatalogue {
  formats: Map<string, FormatInfo>;
  teams: Map<string, { id: number; formatPublicId: string; membersCount: number }>;
  products: Map<string, { id: number; price: number; proportions: Map<string, { id: number; stock: number }> }>;
  insurances: Map<string, { id: number; price: number }>;
  certificates: Map<string, { id: number; price: number }>;
  promocodes: Map<string, PromocodeInfo>;
  sales: SaleInfo[];
}

export interface TicketRequest {
  format_public_id?: string | undefined;
  team_public_id?: string | null | undefined;
  ticket_count?: number | undefined;
  team_count?: number | undefined;
  kind?: string | undefined;
  insurance?: boolean | undefined;
  promocode?: string | null | undefined;
}

export interface ShopRequest {
  product: { public_id: string };
  proportion?: { public_id: string } | null | undefined;
  count: number;
  promocode?: string | null | undefined;
}

export interface InsuranceRequest {
  public_id: string;
  promocode?: string | null | undefined;
}

export interface CertificateRequest {
  public_id: string;
  count: number;
  promocode?: string | null | undefined;
}

export interface PricingRequest {
  tickets: TicketRequest[];
  shop: ShopRequest[];
  insurances: InsuranceRequest[];
  certificates: CertificateRequest[];
}

export interface Buyer {
  /** The vip discount (ticketing-shop §6): applied to the first ticket; 100 means none. */
  vipDiscount: { discount: number; form: string } | null;
  /**
   * The formats of tickets the buyer already holds (the vip ticket list): a promocode may go on the
   * vip ticket of such a format (ticketing-shop §6), as the basket lets a vip type one.
   */
  heldFormats?: ReadonlySet<string>;
}

interface LineBase {
  index: number;
  count: number;
  unitPrice: number;
  discount: number;
  total: number;
  promocodeId: number | null;
  promocodeCount: number;
}

export interface TicketLine extends LineBase {
  kind: 'ticket';
  formatId: number;
  stockKind: string;
  teamId: number | null;
  teams: number;
  insuranceCost: number;
  vip: boolean;
}
export interface ShopLine extends LineBase {
  kind: 'shop';
  productId: number;
  proportionId: number;
}
export interface InsuranceLine extends LineBase {
  kind: 'insurance';
  insuranceId: number;
}
export interface CertificateLine extends LineBase {
  kind: 'certificate';
  certificateId: number;
}
export type PricedLine = TicketLine | ShopLine | InsuranceLine | CertificateLine;

export interface PricedOrder {
  lines: PricedLine[];
  /** Sum of the lines, without delivery. */
  total: number;
}

/** A refusal: the Russian message the client shows, and which line caused it. */
export class PricingError extends Error {
  override readonly name = 'PricingError';
}

const fail = (message: string): never => {
  throw new PricingError(message);
};

/** Promocode messages are the same as the check call's (features/promocodes). */
export interface PromocodeMessages {
  unknown: string;
  notStarted: string;
  expired: string;
  exhausted: string;
  otherItem: Record<'ticket' | 'product' | 'insurance', string>;
}

/** Participants a ticket line buys, checked against the format's team rules. */
function participants(
  request: TicketRequest,
  format: FormatInfo,
  team: { membersCount: number } | undefined,
): { count: number; teams: number } {
  if (!format.isTeam) {
    const count = request.ticket_count ?? 1;
    return { count, teams: 0 };
  }
  if (team) {
    const count = request.ticket_count ?? 1;
    if (team.membersCount + count > format.maxCount) fail(pricingMessages.teamCount);
    return { count, teams: 0 };
  }
  const teams = request.team_count ?? 1;
  if (format.fixedCount || format.teamAll) return { count: teams * format.maxCount, teams };
  const count = request.ticket_count ?? teams;
  if (count < teams || count > teams * format.maxCount) fail(pricingMessages.teamCount);
  return { count, teams };
}

/**
 * Prices a payment. `promocodes` holds the uses each code has left at this moment: inside the payment's
 * transaction they are the locked rows' figures, so what is priced is what is taken.
 */
export function priceOrder(
  catalogue: PricingCatalogue,
  request: PricingRequest,
  buyer: Buyer,
  now: Date,
  promoMessages: PromocodeMessages,
): PricedOrder {
  const lines: PricedLine[] = [];
  const promoLeft = new Map([...catalogue.promocodes].map(([code, promo]) => [code, promo.available]));
  const personLeft = new Map(
    [...catalogue.promocodes].flatMap(([code, promo]) => (promo.personLeft === undefined ? [] : [[code, promo.personLeft] as const])),
  );

  /** How many of `wanted` units a code discounts, and the code's id; throws the check call's messages. */
  const usePromocode = (code: string | null | undefined, target: PromocodeInfo['target'], itemPublicId: string, wanted: number) => {
    if (!code) return null;
    const key = code.trim().toUpperCase();
    const promo = catalogue.promocodes.get(key);
    if (!promo?.active) return fail(promoMessages.unknown);
    if (!promocodeCovers(promo, target, itemPublicId)) return fail(promoMessages.otherItem[target]);
    if (now < promo.startsAt) return fail(promoMessages.notStarted);
    if (now >= promo.endsAt) return fail(promoMessages.expired);
    const left = promoLeft.get(key) ?? 0;
    if (left <= 0) return fail(promoMessages.exhausted);
    const mine = personLeft.get(key) ?? Number.POSITIVE_INFINITY;
    if (mine <= 0) return fail(pricingMessages.promocodePerPerson);
    const units = Math.min(wanted, left, mine);
    promoLeft.set(key, left - units);
    if (personLeft.has(key)) personLeft.set(key, mine - units);
    return { promo, units };
  };

  // Tickets: resolve formats and counts first, as sales count tickets across the whole basket.
  const resolved = request.tickets.map((ticket, index) => {
    const team = ticket.team_public_id ? catalogue.teams.get(ticket.team_public_id) : undefined;
    if (ticket.team_public_id && !team) fail(pricingMessages.unknownTeam);
    const formatId = team ? team.formatPublicId : ticket.format_public_id;
    const format = formatId ? catalogue.formats.get(formatId) : undefined;
    if (!format) return fail(pricingMessages.unknownFormat);
    if (format.startTime.getTime() <= now.getTime()) fail(pricingMessages.eventPassed(format.eventTitle));
    if (format.registrationOpensAt && now < format.registrationOpensAt)
      fail(pricingMessages.registrationNotOpen(format.eventTitle, format.registrationOpensAt));
    if (format.registrationClosesAt && now >= format.registrationClosesAt) fail(pricingMessages.registrationClosed(format.eventTitle));
    const { count, teams } = participants(ticket, format, team);
    if (count < TICKET_COUNT_MIN || count > TICKET_COUNT_MAX) fail(pricingMessages.unavailable);
    if (!format.isTeam && count > format.maxCount) fail(pricingMessages.unavailable);
    if (format.buyLimit !== null && count > format.buyLimit) fail(pricingMessages.unavailable);
    if (ticket.insurance && !format.insuranceAvailable) fail(pricingMessages.noInsurance);
    return { ticket, index, format, team, count, teams, stockKind: ticket.kind ?? 'athlete' };
  });

  // Availability by format and kind, summed over the lines. And one order holds at most the format's
  // max_count tickets of it (buy_limit where set), summed over its lines too: per line only, 100 lines
  // of 10 held 1,000 places of a format whose max_count is 10.
  const wanted = new Map<string, number>();
  const perFormat = new Map<number, number>();
  for (const line of resolved) {
    const key = `${line.format.id}:${line.stockKind}`;
    wanted.set(key, (wanted.get(key) ?? 0) + line.count);
    if ((wanted.get(key) ?? 0) > (line.format.left[line.stockKind] ?? 0)) fail(pricingMessages.unavailable);
    if (line.format.isTeam) continue;
    perFormat.set(line.format.id, (perFormat.get(line.format.id) ?? 0) + line.count);
    if ((perFormat.get(line.format.id) ?? 0) > (line.format.buyLimit ?? line.format.maxCount)) fail(pricingMessages.unavailable);
  }

  const saleFor = (format: FormatInfo): SaleInfo | undefined => {
    let best: SaleInfo | undefined;
    for (const sale of catalogue.sales) {
      if (!sale.active || now < sale.startDate || now > sale.endDate || !sale.formatIds.includes(format.id)) continue;
      const counted = resolved.filter((line) => sale.formatIds.includes(line.format.id)).reduce((sum, line) => sum + line.count, 0);
      if (counted < sale.count) continue;
      if (
        !best ||
        applyDiscount(format.price, sale.discount, sale.discountForm) < applyDiscount(format.price, best.discount, best.discountForm)
      )
        best = sale;
    }
    return best;
  };

  const vip = buyer.vipDiscount && buyer.vipDiscount.discount !== 100 && buyer.vipDiscount.discount > 0 ? buyer.vipDiscount : null;
  let vipUsed = false;
  for (const { ticket, index, format, team, count, teams, stockKind } of resolved) {
    const sale = saleFor(format);
    const unit = sale ? applyDiscount(format.price, sale.discount, sale.discountForm) : format.price;
    let total = unit * count;
    let vipUnits = 0;
    if (vip && !vipUsed) {
      vipUsed = true;
      vipUnits = 1;
      total -= unit - applyDiscount(unit, vip.discount, vip.form);
      if (ticket.promocode && count === 1 && !buyer.heldFormats?.has(format.publicId)) fail(pricingMessages.vipPromocode);
    }
    const promo = usePromocode(ticket.promocode, 'ticket', format.publicId, count - vipUnits);
    if (promo) total -= promo.units * (unit - applyDiscount(unit, promo.promo.discount, promo.promo.discountForm));
    const insuranceCost = ticket.insurance ? INSURANCE_PER_PARTICIPANT * count : 0;
    lines.push({
      kind: 'ticket',
      index,
      formatId: format.id,
      stockKind,
      teamId: team?.id ?? null,
      teams,
      count,
      unitPrice: format.price,
      discount: format.price * count - total,
      insuranceCost,
      total: total + insuranceCost,
      promocodeId: promo?.promo.id ?? null,
      promocodeCount: promo?.units ?? 0,
      vip: vipUnits > 0,
    });
  }

  for (const [index, line] of request.shop.entries()) {
    const product = catalogue.products.get(line.product.public_id) ?? fail(pricingMessages.unknownProduct);
    if (line.count < 1 || line.count > SHOP_COUNT_MAX) fail(pricingMessages.shopCount);
    const proportions = [...product.proportions.entries()];
    const chosen = line.proportion?.public_id ?? (proportions.length === 1 ? proportions[0]![0] : fail(pricingMessages.sizeRequired));
    const proportion = product.proportions.get(chosen) ?? fail(pricingMessages.sizeRequired);
    const sameSize = request.shop
      .filter((other) => (other.proportion?.public_id ?? chosen) === chosen)
      .reduce((sum, other) => sum + other.count, 0);
    if (sameSize > proportion.stock) fail(pricingMessages.sizeUnavailable);
    let total = product.price * line.count;
    const promo = usePromocode(line.promocode, 'product', line.product.public_id, line.count);
    if (promo) total -= promo.units * (product.price - applyDiscount(product.price, promo.promo.discount, promo.promo.discountForm));
    lines.push({
      kind: 'shop',
      index,
      productId: product.id,
      proportionId: proportion.id,
      count: line.count,
      unitPrice: product.price,
      discount: product.price * line.count - total,
      total,
      promocodeId: promo?.promo.id ?? null,
      promocodeCount: promo?.units ?? 0,
    });
  }

  for (const [index, line] of request.insurances.entries()) {
    const insurance = catalogue.insurances.get(line.public_id) ?? fail(pricingMessages.unknownInsurance);
    const promo = usePromocode(line.promocode, 'insurance', line.public_id, 1);
    const total = promo ? applyDiscount(insurance.price, promo.promo.discount, promo.promo.discountForm) : insurance.price;
    lines.push({
      kind: 'insurance',
      index,
      insuranceId: insurance.id,
      count: 1,
      unitPrice: insurance.price,
      discount: insurance.price - total,
      total,
      promocodeId: promo?.promo.id ?? null,
      promocodeCount: promo?.units ?? 0,
    });
  }

  for (const [index, line] of request.certificates.entries()) {
    if (line.promocode) fail(pricingMessages.certificatePromocode);
    const certificate = catalogue.certificates.get(line.public_id) ?? fail(pricingMessages.unknownCertificate);
    if (line.count < 1 || line.count > CERTIFICATE_COUNT_MAX) fail(pricingMessages.shopCount);
    lines.push({
      kind: 'certificate',
      index,
      certificateId: certificate.id,
      count: line.count,
      unitPrice: certificate.price,
      discount: 0,
      total: certificate.price * line.count,
      promocodeId: null,
      promocodeCount: 0,
    });
  }

  return { lines, total: lines.reduce((sum, line) => sum + line.total, 0) };
}
