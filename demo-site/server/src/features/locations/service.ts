import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, postalIndexes, regions } from '../../db/schema/index';
import { found, notFound } from '../../lib/errors';
import { type ContentLanguage, placeNames } from '../../lib/language';

/** ticketing-shop §9: the default city (Москва) when nothing better is known. */
export const DEFAULT_CITY_ID = 524901;

/** GET /api/location/region/list/{country}: the regions of a country (only RU is served). */
export async function listRegions(db: Database, country: string, language: ContentLanguage) {
  const rows = await db.select().from(regions).where(eq(regions.countryCode, country)).orderBy(asc(regions.sort));
  return rows.map((region) => ({ id: region.id, ...placeNames(region, language) }));
}

/** GET /api/location/city/region/{id}: the cities of a region. */
export async function listRegionCities(db: Database, regionId: number, language: ContentLanguage) {
  const [region] = await db.select().from(regions).where(eq(regions.id, regionId));
  found(region);
  const rows = await db.select().from(cities).where(eq(cities.regionId, regionId)).orderBy(asc(cities.sort));
  return rows.map((city) => ({ id: city.id, ...placeNames(city, language), region_id: city.regionId }));
}

async function cityInfo(db: Database, cityId: number) {
  const [row] = await db
    .select({ city: cities, region: regions })
    .from(cities)
    .innerJoin(regions, eq(regions.id, cities.regionId))
    .where(eq(cities.id, cityId));
  return row;
}

/**
 * GET /api/location/detailed: the visitor's city and region for the delivery picker. Without a GeoIP
 * database that is the default city, or the city asked for by `city_id`.
 */
export async function detailedLocation(db: Database, cityId: number | undefined, language: ContentLanguage) {
  const row = found(await cityInfo(db, cityId ?? DEFAULT_CITY_ID));
  return {
    info: {
      city: { id: row.city.id, ...placeNames(row.city, language), timezone: row.city.timezone },
      region: { id: row.region.id, ...placeNames(row.region, language) },
      country: { code: row.region.countryCode, ...placeNames({ nameRu: 'Россия', nameEn: 'Russia' }, language) },
    },
  };
}

/** GET /api/pochta/{index}: the post office and city of a six-digit index. */
export async function postalIndex(db: Database, index: string, language: ContentLanguage) {
  const [office] = await db.select().from(postalIndexes).where(eq(postalIndexes.index, index));
  if (!office) throw notFound('Попробуйте другой индекс');
  const row = (await cityInfo(db, office.cityId))!;
  return {
    index: office.index,
    office_name: office.officeName,
    address: office.address,
    city: { id: row.city.id, ...placeNames(row.city, language) },
    region: { id: row.region.id, ...placeNames(row.region, language) },
  };
}
