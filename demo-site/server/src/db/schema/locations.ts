import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Federal subjects of Russia; ids are GeoNames ids, as the site's clients use (524894 — Москва). */
export const regions = pgTable('regions', {
  id: integer('id').primaryKey(),
  countryCode: text('country_code').notNull(),
  nameRu: text('name_ru').notNull(),
  nameEn: text('name_en'),
  sort: integer('sort').notNull().default(0),
});

/** Cities; ids are GeoNames ids (524901 — Москва, the site's default city). */
export const cities = pgTable('cities', {
  id: integer('id').primaryKey(),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id),
  nameRu: text('name_ru').notNull(),
  nameEn: text('name_en'),
  timezone: text('timezone').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Russian Post offices by six-digit index. */
export const postalIndexes = pgTable('postal_indexes', {
  index: text('index').primaryKey(),
  cityId: integer('city_id')
    .notNull()
    .references(() => cities.id),
  officeName: text('office_name').notNull(),
  address: text('address').notNull(),
});
