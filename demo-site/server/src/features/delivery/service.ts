import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, deliveryMethods, products } from '../../db/schema/index';
import { badRequest, found } from '../../lib/errors';
import { type ContentLanguage, inLanguage } from '../../lib/language';
import { toRubles } from '../../lib/money';

type MethodRow = typeof deliveryMethods.$inferSelect;

/** Regions whose deliveries cost the base price; everywhere else adds the method's surcharge. */
const NEAR_REGIONS = new Set([524894, 524925]);

const presentMethod = (method: MethodRow) => ({ public_id: method.publicId, name: method.name, pickup: method.pickup });

/** GET /api/delivery/{itemType}: delivery methods for shop goods, tickets (start packs) or certificates. */
export async function listDeliveryMethods(db: Database, itemType: string, language: ContentLanguage) {
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
