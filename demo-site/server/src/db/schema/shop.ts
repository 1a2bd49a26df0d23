import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './catalogue';

export const productCategories = pgTable('product_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  /** The slug of /shop/category/{category}. */
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  titleEn: text('title_en'),
  sort: integer('sort').notNull().default(0),
});

export const deliveryMethods = pgTable('delivery_methods', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  pickup: boolean('pickup').notNull().default(false),
  /** The basket selector the method serves: shop, ticket or certificate. */
  itemType: text('item_type').notNull(),
  baseCost: integer('base_cost').notNull(),
  perItemCost: integer('per_item_cost').notNull().default(0),
  /** Added outside Moscow and the Moscow region. */
  remoteSurcharge: integer('remote_surcharge').notNull().default(0),
  sort: integer('sort').notNull().default(0),
});

/** Merchandise. Prices in kopecks. `kind`: merch, shirt (event participant shirt) or hero (the heroes collection). */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => productCategories.id),
    kind: text('kind').notNull(),
    eventId: integer('event_id').references(() => events.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    titleEn: text('title_en'),
    descriptionEn: text('description_en'),
    picture: text('picture').notNull(),
    price: integer('price').notNull(),
    oldPrice: integer('old_price'),
    insurance: boolean('insurance').notNull().default(false),
    insuranceCost: integer('insurance_cost'),
    group: text('group'),
    subgroup: text('subgroup'),
    gender: text('gender').notNull(),
    /** Whether the buyer may add a text to print. */
    text: boolean('text').notNull().default(false),
    deliveryMethodId: integer('delivery_method_id').references(() => deliveryMethods.id),
    showOnHome: boolean('show_on_home').notNull().default(false),
    showInBasket: boolean('show_in_basket').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [index('products_category_idx').on(table.categoryId), index('products_event_idx').on(table.eventId)],
);

/** A size of a product (spec: proportions[{name, public_id}], size options {size, count}) with its stock. */
export const productProportions = pgTable(
  'product_proportions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    publicId: text('public_id').notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    /** The size's English name where it has words («Универсальный» → One size); S, M, 35–38 have none. */
    nameEn: text('name_en'),
    stock: integer('stock').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [
    index('product_proportions_product_idx').on(table.productId),
    check('product_proportions_stock_range', sql`${table.stock} >= 0`),
  ],
);

export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  /** The page the banner belongs to: /api/page/banner/{type}. */
  pageType: text('page_type').notNull(),
  bannerType: text('banner_type').notNull(),
  title: text('title').notNull(),
  titleEn: text('title_en'),
  link: text('link').notNull(),
  pictureMain: text('picture_main').notNull(),
  price: integer('price'),
  oldPrice: integer('old_price'),
  sort: integer('sort').notNull().default(0),
});

/**
 * A promocode for one kind of item (ticket, product or insurance), for one item when `targetPublicId`
 * is set. `discount` is a percent or, for the fixed form, kopecks.
 */
export const promocodes = pgTable('promocodes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull().unique(),
  code: text('code').notNull().unique(),
  target: text('target').notNull(),
  targetPublicId: text('target_public_id'),
  discount: integer('discount').notNull(),
  discountForm: text('discount_form').notNull(),
  codeCount: integer('code_count').notNull(),
  usedCount: integer('used_count').notNull().default(0),
  /** Uses one person (the buyer's e-mail or account) may make of the code; null: no such limit (issue 31). */
  maxUsesPerPerson: integer('max_uses_per_person'),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  active: boolean('active').notNull().default(true),
  /** A back-office code (issue 31) applies only to tickets of this event city (and of `format_public_ids` when set). */
  eventCityId: integer('event_city_id'),
  formatPublicIds: jsonb('format_public_ids').$type<string[] | null>(),
  /** The batch a generated code belongs to (its CSV download). */
  batch: text('batch'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }),
});
