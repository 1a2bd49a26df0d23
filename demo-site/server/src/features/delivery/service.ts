import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, deliveryMethods, eventFormats, products } from '../../db/schema/index';
import { badRequest, found } from '../../lib/errors';
import { type ContentLanguage, inLanguage } from '../../lib/language';
import { toRubles } from '../../lib/money';

type MethodRow = typeof deliveryMethods.$inferSelect;

/** Regions whose deliveries cost the base price; everywhere else adds the method's surcharge. */
const NEAR_REGIONS = new Set([524894, 524925]);

const presentMethod = (method: MethodRow) => ({ public_id: method.publicId, name: method.name, pickup: method.pickup });

/**
 * GET /api/delivery/{itemType}: delivery methods for shop goods, tickets (start packs) or certificates.
 * `?format_public_id=` (tickets): the methods of that format — none for a format without delivery.
 */
export async function listDeliveryMethods(db: Database, itemType: string, language: ContentLanguage, formatPublicId?: string) {
  if (formatPublicId) {
    const [format] = await db
      .select({ delivery: eventFormats.delivery })
      .from(eventFormats)
      .where(eq(eventFormats.publicId, formatPublicId));
    found(format);
    if (itemType !== 'ticket' || !format!.delivery) return [];
  }
  const rows = await db.select().from(deliveryMethods).where(eq(deliveryMethods.itemType, itemType)).orderBy(asc(deliveryMethods.sort));
  return rows.map((row) => presentMethod(inLanguage(row, language)));
}

export interface DeliveryPriceRequest {
  city: { id: number };
  goods: { public_id: string; count: number }[];
  delivery_public_id?: string | undefined;
}

/**
 * POST /api/shop/delivery/price: what delivering these goods to a city costs with a method (courier when
 * none is named): base + per extra item + a surcharge outside Moscow and its region; pickup is free.
 */
export async function deliveryPrice(db: Database, request: DeliveryPriceRequest) {
  const [city] = await db.select().from(cities).where(eq(cities.id, request.city.id));
  found(city);
  const ids = [...new Set(request.goods.map((line) => line.public_id))];
  const known = await db.select({ publicId: products.publicId }).from(products).where(inArray(products.publicId, ids));
  if (known.length !== ids.length) throw found(null);

  const [method] = await db
    .select()
    .from(deliveryMethods)
    .where(
      request.delivery_public_id
        ? eq(deliveryMethods.publicId, request.delivery_public_id)
        : and(eq(deliveryMethods.itemType, 'shop'), eq(deliveryMethods.pickup, false)),
    )
    .orderBy(asc(deliveryMethods.sort))
    .limit(1);
  if (!method) throw found(null);
  if (method.itemType !== 'shop') throw badRequest('Этот способ доставки не подходит для товаров');

  const items = request.goods.reduce((sum, line) => sum + line.count, 0);
  const cost = method.pickup
    ? 0
    : method.baseCost + method.perItemCost * Math.max(0, items - 1) + (NEAR_REGIONS.has(city!.regionId) ? 0 : method.remoteSurcharge);
  return { delivery: { ...presentMethod(method), cost: toRubles(cost) } };
}

export const ticketDeliveryMessages = {
  unknown: 'Способ доставки не найден',
  notForTickets: 'Этот способ доставки не подходит для билетов',
  notForFormat: 'Доставка недоступна для этого формата',
  fill: 'Заполните поле',
} as const;

/** A ticket line that asks for delivery: its format (database id) and how many tickets. */
export interface TicketDeliveryLine {
  index: number;
  formatId: number;
  count: number;
  methodPublicId: string;
}

/**
 * The delivery of tickets' start packs (ticketing-shop: `delivery_public_id` on a ticket line, for a format
 * with `delivery`): every method must be a ticket method, every format must deliver. A courier method costs
 * its base, per extra ticket and — outside Moscow and its region — the surcharge, per method over all the
 * lines choosing it; a pickup is free. The city is the payment's `delivery.location_id`. Kopecks; the lines'
 * methods by line index.
 */
export async function ticketDeliveryPrice(
  db: Database,
  lines: readonly TicketDeliveryLine[],
  cityId: number | null,
): Promise<{ cost: number; methods: Map<number, MethodRow>; needsAddress: boolean }> {
  const methods = new Map<number, MethodRow>();
  if (lines.length === 0) return { cost: 0, methods, needsAddress: false };
  const ids = [...new Set(lines.map((line) => line.methodPublicId))];
  const rows = await db.select().from(deliveryMethods).where(inArray(deliveryMethods.publicId, ids));
  const formats = await db
    .select({ id: eventFormats.id, delivery: eventFormats.delivery })
    .from(eventFormats)
    .where(
      inArray(
        eventFormats.id,
        lines.map((line) => line.formatId),
      ),
    );
  for (const line of lines) {
    const method = rows.find((row) => row.publicId === line.methodPublicId);
    if (!method) throw badRequest(ticketDeliveryMessages.unknown);
    if (method.itemType !== 'ticket') throw badRequest(ticketDeliveryMessages.notForTickets);
    if (!formats.find((format) => format.id === line.formatId)?.delivery) throw badRequest(ticketDeliveryMessages.notForFormat);
    methods.set(line.index, method);
  }
  const couriers = rows.filter((method) => !method.pickup && lines.some((line) => line.methodPublicId === method.publicId));
  if (couriers.length === 0) return { cost: 0, methods, needsAddress: false };
  if (cityId === null) throw badRequest(ticketDeliveryMessages.fill);
  const [city] = await db.select().from(cities).where(eq(cities.id, cityId));
  if (!city) throw badRequest(ticketDeliveryMessages.fill);
  let cost = 0;
  for (const method of couriers) {
    const tickets = lines.filter((line) => line.methodPublicId === method.publicId).reduce((sum, line) => sum + line.count, 0);
    cost +=
      method.baseCost + method.perItemCost * Math.max(0, tickets - 1) + (NEAR_REGIONS.has(city.regionId) ? 0 : method.remoteSurcharge);
  }
  return { cost, methods, needsAddress: true };
}

/**
 * POST /api/delivery/ticket/price: the basket's figure for the start packs' delivery — the same sum the
 * payment charges (`ticketDeliveryPrice`), in rubles. A forged or unfit method: the same Russian 400.
 */
export async function ticketDeliveryQuote(
  db: Database,
  request: { city: { id: number }; tickets: { format_public_id: string; count: number; delivery_public_id: string }[] },
) {
  const formats = await db
    .select({ id: eventFormats.id, publicId: eventFormats.publicId })
    .from(eventFormats)
    .where(
      inArray(
        eventFormats.publicId,
        request.tickets.map((line) => line.format_public_id),
      ),
    );
  const lines = request.tickets.map((line, index) => {
    const format = formats.find((candidate) => candidate.publicId === line.format_public_id);
    if (!format) throw found(null);
    return { index, formatId: format.id, count: line.count, methodPublicId: line.delivery_public_id };
  });
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, request.city.id));
  found(city);
  const priced = await ticketDeliveryPrice(db, lines, request.city.id);
  return { delivery: { cost: toRubles(priced.cost), pickup: !priced.needsAddress } };
}
