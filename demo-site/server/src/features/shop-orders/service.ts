import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { certificates, issuedCertificates, orderItems, orders, productProportions, products } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { type ContentLanguage, inLanguage, inLanguageOrNull } from '../../lib/language';
import { toRubles } from '../../lib/money';

type OrderRow = typeof orders.$inferSelect;

/** Orders that never went through: not shown among purchases. */
const HIDDEN_STATUSES = ['declined', 'expired'];
const SHOP_STATUSES = new Set(['paid', 'authorized', 'delivered', 'processing']);

export const shopOrderMessages = { notFound: 'Заказ не найден' } as const;

/**
 * The status the «Товары» page shows (accounts-sso §4.5): the goods' delivery state of a paid order
 * (paid, authorized, delivered, processing); an order still being paid is `processing`; a refunded one
 * says `refunded` (the page draws any status it does not know as «Заказ обрабатывается»).
 */
export function shopOrderStatus(order: Pick<OrderRow, 'status' | 'shopStatus'>): string {
  if (order.status === 'refunded') return 'refunded';
  if (order.status !== 'paid') return 'processing';
  return order.shopStatus && SHOP_STATUSES.has(order.shopStatus) ? order.shopStatus : 'paid';
}

/** The goods of orders; their titles and sizes in `language` (an empty English text keeps the Russian). */
async function soldGoods(db: Database, orderIds: number[], language: ContentLanguage) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ item: orderItems, product: products, proportion: productProportions })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(productProportions, eq(productProportions.id, orderItems.proportionId))
    .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.kind, 'shop')))
    .orderBy(asc(orderItems.id));
  return rows.map(({ item, ...row }) => {
    const product = inLanguage(row.product, language);
    const proportion = inLanguageOrNull(row.proportion, language);
    return {
      orderId: item.orderId,
      good: {
        public_id: product.publicId,
        title: product.title,
        picture: product.picture,
        size: proportion?.name ?? null,
        proportion_public_id: proportion?.publicId ?? null,
        count: item.count,
        price: toRubles(item.unitPrice),
        discount: toRubles(item.discount),
        total: toRubles(item.total),
        text: typeof item.payload.text === 'string' ? item.payload.text : null,
      },
    };
  });
}

/**
 * The gift certificates orders bought: each with its codes once paid (issued at payment), what each has
 * left, and the recipient the buyer named.
 */
async function soldCertificates(db: Database, orderIds: number[], language: ContentLanguage) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ item: orderItems, certificate: certificates })
    .from(orderItems)
    .innerJoin(certificates, eq(certificates.id, orderItems.certificateId))
    .where(and(inArray(orderItems.orderId, orderIds), eq(orderItems.kind, 'certificate')))
    .orderBy(asc(orderItems.id));
  const issued = await db
    .select()
    .from(issuedCertificates)
    .where(inArray(issuedCertificates.orderId, orderIds))
    .orderBy(asc(issuedCertificates.id));
  return rows.map(({ item, ...row }) => {
    const certificate = inLanguage(row.certificate, language);
    return {
      orderId: item.orderId,
      certificate: {
        selector: 'certificate' as const,
        public_id: certificate.publicId,
        title: certificate.title,
        picture: certificate.picture,
        count: item.count,
        price: toRubles(item.unitPrice),
        total: toRubles(item.total),
        recipient: (item.payload as { recipient?: unknown }).recipient ?? null,
        codes: issued
          .filter((code) => code.orderId === item.orderId && code.certificateId === row.certificate.id)
          .map((code) => ({ code: code.code, amount: toRubles(code.amount), left: toRubles(code.amount - code.spent) })),
      },
    };
  });
}

/** GET /api/user/shop/orders: the user's orders with goods or gift certificates, newest first. Amounts in rubles. */
export async function listShopOrders(db: Database, userId: number, language: ContentLanguage = 'ru') {
  const withGoods = db
    .selectDistinct({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(inArray(orderItems.kind, ['shop', 'certificate']));
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, HIDDEN_STATUSES), inArray(orders.id, withGoods)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const ids = rows.map((order) => order.id);
  const [goods, sold] = await Promise.all([soldGoods(db, ids, language), soldCertificates(db, ids, language)]);
  return rows.map((order) => ({
    public_id: order.publicId,
    created: order.createdAt.toISOString(),
    status: shopOrderStatus(order),
    amount: toRubles(order.amount),
    delivery_cost: toRubles(order.deliveryCost),
    items: [
      {
        shop: goods.filter((line) => line.orderId === order.id).map((line) => line.good),
        certificates: sold.filter((line) => line.orderId === order.id).map((line) => line.certificate),
      },
    ],
  }));
}

/** GET /api/user/shop/soldgood/{id}: the goods of one of the user's orders. */
export async function listSoldGoods(db: Database, userId: number, orderPublicId: string, language: ContentLanguage = 'ru') {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.publicId, orderPublicId), eq(orders.userId, userId), notInArray(orders.status, HIDDEN_STATUSES)));
  if (!order) throw notFound(shopOrderMessages.notFound);
  return (await soldGoods(db, [order.id], language)).map((line) => line.good);
}

/** The gift certificates of one of the user's orders (GET /api/user/shop/soldgood/{id} answers them beside the goods). */
export async function listSoldCertificates(db: Database, userId: number, orderPublicId: string, language: ContentLanguage = 'ru') {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.publicId, orderPublicId), eq(orders.userId, userId), notInArray(orders.status, HIDDEN_STATUSES)));
  if (!order) throw notFound(shopOrderMessages.notFound);
  return (await soldCertificates(db, [order.id], language)).map((line) => line.certificate);
}
