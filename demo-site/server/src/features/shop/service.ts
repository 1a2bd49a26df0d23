import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deliveryMethods, eventCities, events, productCategories, productProportions, products } from '../../db/schema/index';
import { found } from '../../lib/errors';
import { type ContentLanguage, inLanguage } from '../../lib/language';
import { toRubles } from '../../lib/money';
import { escapeLike } from '../../lib/sql';
import { DAY_MS } from '../../lib/time';
import { SHOP_COUNT_MAX } from '../payment/pricing';

type ProductRow = typeof products.$inferSelect;
type CategoryRow = typeof productCategories.$inferSelect;

/** How many products the home and basket previews show (ticketing-shop §9: random shop preview, 16 items). */
export const PREVIEW_SIZE = 16;
/** How many heroes the heroes preview shows. */
export const HEROES_PREVIEW_SIZE = 4;

const presentCategory = (row: CategoryRow, language: ContentLanguage) => {
  const category = inLanguage(row, language);
  return { public_id: category.publicId, name: category.name, title: category.title };
};

/**
 * Loads products with their sizes, category, delivery and event, and shapes them as ticketing-shop §3
 * shop product (prices in rubles; `proportions` carry stock as `count`, `size` is the size-option list).
 */
async function presentProducts(db: Database, rows: ProductRow[], language: ContentLanguage) {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [sizes, categories, methods, eventRows] = await Promise.all([
    db.select().from(productProportions).where(inArray(productProportions.productId, ids)).orderBy(asc(productProportions.sort)),
    db.select().from(productCategories),
    db.select({ id: deliveryMethods.id, publicId: deliveryMethods.publicId }).from(deliveryMethods),
    db.select({ id: events.id, publicId: events.publicId, title: events.title, titleEn: events.titleEn }).from(events),
  ]);
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  const methodById = new Map(methods.map((method) => [method.id, method.publicId]));
  const eventById = new Map(eventRows.map((event) => [event.id, inLanguage(event, language)]));
  return rows.map((row) => {
    const product = inLanguage(row, language);
    const own = sizes.filter((size) => size.productId === product.id);
    const event = product.eventId === null ? undefined : eventById.get(product.eventId);
    return {
      public_id: product.publicId,
      title: product.title,
      description: product.description,
      picture: product.picture,
      price: toRubles(product.price),
      old_price: product.oldPrice === null ? null : toRubles(product.oldPrice),
      insurance: product.insurance,
      insurance_cost: product.insuranceCost === null ? null : toRubles(product.insuranceCost),
      // A size keeps its `name` (what orders and baskets record) and gains `name_en` in English answers.
      proportions: own.map((size) => ({ name: size.name, ...sizeNameEn(size, language), public_id: size.publicId, count: size.stock })),
      size: own.map((size) => ({ size: size.name, ...sizeNameEn(size, language), count: size.stock })),
      category: presentCategory(categoryById.get(product.categoryId)!, language),
      group: product.group,
      subgroup: product.subgroup,
      gender: product.gender,
      text: product.text,
      kind: product.kind,
      delivery_public_id: product.deliveryMethodId === null ? null : (methodById.get(product.deliveryMethodId) ?? null),
      // ticketing-shop §2 / §9: a line holds at most this many; the payment refuses more (one limit, told to the web app).
      max_count: SHOP_COUNT_MAX,
      event: event ? { public_id: event.publicId, title: event.title } : null,
    };
  });
}

export type ProductResponse = Awaited<ReturnType<typeof presentProducts>>[number];

const sizeNameEn = (size: { nameEn: string | null }, language: ContentLanguage) =>
  language === 'en' && size.nameEn ? { name_en: size.nameEn } : {};

const productsWhere = async (db: Database, language: ContentLanguage, where: SQL | undefined, limit = 500) =>
  presentProducts(db, await db.select().from(products).where(where).orderBy(asc(products.sort)).limit(limit), language);

/** GET /api/shop/product/{id}. */
export async function getProduct(db: Database, publicId: string, language: ContentLanguage) {
  const [product] = await productsWhere(db, language, eq(products.publicId, publicId));
  return found(product);
}

/** GET /api/shop/shirts/{eventCityId}: participant shirts of the event city's event, with sizes and stock. */
export async function listShirts(db: Database, eventCityPublicId: string, language: ContentLanguage) {
  const [place] = await db.select({ eventId: eventCities.eventId }).from(eventCities).where(eq(eventCities.publicId, eventCityPublicId));
  return productsWhere(db, language, and(eq(products.kind, 'shirt'), eq(products.eventId, found(place).eventId)));
}

/** GET /api/shop/related/{eventId}: goods of an event (its shirt and event goods). */
export async function listRelated(db: Database, eventPublicId: string, language: ContentLanguage) {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.publicId, eventPublicId));
  return productsWhere(db, language, eq(products.eventId, found(event).id));
}

/**
 * GET /api/shop/items/{home|basket}: the preview of up to 16 products, shuffled once a day (the spec's
 * random preview, stable within a day so pages and caches agree).
 */
export async function listPreviewItems(db: Database, now: Date, place: 'home' | 'basket', language: ContentLanguage) {
  const flagged = await productsWhere(
    db,
    language,
    and(eq(place === 'home' ? products.showOnHome : products.showInBasket, true), inArray(products.kind, ['merch', 'hero'])),
  );
  const day = Math.floor(now.getTime() / DAY_MS);
  return flagged
    .map((product) => ({ product, order: hash(`${day}:${product.public_id}`) }))
    .sort((a, b) => a.order - b.order)
    .slice(0, PREVIEW_SIZE)
    .map((entry) => entry.product);
}

/** GET /api/shop/project/heroes and /preview/heroes: the «Герои» collection. */
export async function listHeroes(db: Database, preview: boolean, language: ContentLanguage) {
  return productsWhere(db, language, eq(products.kind, 'hero'), preview ? HEROES_PREVIEW_SIZE : 500);
}

/** GET /api/shop/categories: categories with how many products each holds. */
export async function listCategories(db: Database, language: ContentLanguage) {
  const rows = await db
    .select({ category: productCategories, products: count(products.id) })
    .from(productCategories)
    .leftJoin(products, eq(products.categoryId, productCategories.id))
    .groupBy(productCategories.id)
    .orderBy(asc(productCategories.sort));
  return rows.map((row) => ({ ...presentCategory(row.category, language), count: row.products }));
}

export interface ProductFilter {
  category?: string | undefined;
  gender?: 'male' | 'female' | 'unisex' | undefined;
  limit: number;
  offset: number;
}

/** GET /api/shop/products: the catalogue, optionally by category slug and gender. */
export async function listProducts(db: Database, filter: ProductFilter, language: ContentLanguage) {
  const conditions: SQL[] = [];
  if (filter.category !== undefined) {
    const [category] = await db.select().from(productCategories).where(eq(productCategories.name, filter.category));
    conditions.push(eq(products.categoryId, found(category).id));
  }
  if (filter.gender !== undefined) conditions.push(eq(products.gender, filter.gender));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db.select().from(products).where(where).orderBy(asc(products.sort)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ value: count() }).from(products).where(where);
  return { values: await presentProducts(db, rows, language), count: total?.value ?? 0 };
}

/** GET /api/shop/category/{name}: one category and its products (the /shop/category/{category} screen). */
export async function getCategory(db: Database, name: string, language: ContentLanguage) {
  const [category] = await db.select().from(productCategories).where(eq(productCategories.name, name));
  return {
    category: presentCategory(found(category), language),
    values: await productsWhere(db, language, eq(products.categoryId, category!.id)),
  };
}

/** GET /api/shop/search?text=: products whose title, description or group match. */
export async function searchProducts(db: Database, text: string, language: ContentLanguage) {
  const pattern = `%${escapeLike(text)}%`;
  return productsWhere(
    db,
    language,
    or(
      ilike(products.title, pattern),
      ilike(products.titleEn, pattern),
      ilike(products.description, pattern),
      ilike(products.descriptionEn, pattern),
      ilike(products.subgroup, pattern),
    ),
    100,
  );
}

function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 16777619);
  return value >>> 0;
}
