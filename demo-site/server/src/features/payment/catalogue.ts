import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  certificates,
  eventCities,
  eventFormats,
  events,
  formatStock,
  insurances,
  productProportions,
  products,
  promocodes,
  sales,
  teams,
} from '../../db/schema/index';
import type { PricingCatalogue, PromocodeInfo } from './pricing';
import type { PaymentBody } from './schema';

const unique = <T>(values: (T | null | undefined)[]): T[] => [...new Set(values.filter((value): value is T => value != null))];

/** Tickets left per kind for formats: capacity minus what is sold or held. */
export async function stockLeft(db: Database, formatIds: number[]): Promise<Map<number, Record<string, number>>> {
  const left = new Map<number, Record<string, number>>(formatIds.map((id) => [id, {}]));
  if (formatIds.length === 0) return left;
  const rows = await db.select().from(formatStock).where(inArray(formatStock.formatId, formatIds));
  for (const row of rows) left.get(row.formatId)![row.kind] = Math.max(0, row.capacity - row.taken);
  return left;
}

export interface InsuranceOffer {
  id: number;
  publicId: string;
  price: number;
  activationDelay: number;
  userPicksStart: boolean;
}

export interface PaymentCatalogue extends PricingCatalogue {
  insurances: Map<string, InsuranceOffer>;
  /** Start time of each format a line names (insurance default start dates). */
  formatStarts: Map<string, Date>;
}

/** Loads the catalogue rows a payment names (and only those): prices come from here, never the client. */
export async function loadCatalogue(db: Database, body: PaymentBody): Promise<PaymentCatalogue> {
  const teamIds = unique(body.tickets.map((line) => line.team_public_id));
  const teamRows = teamIds.length
    ? await db
        .select({ team: teams, formatPublicId: eventFormats.publicId })
        .from(teams)
        .innerJoin(eventFormats, eq(eventFormats.id, teams.formatId))
        .where(inArray(teams.publicId, teamIds))
    : [];
  const formatIds = unique([
    ...body.tickets.map((line) => line.format_public_id),
    ...body.insurances.map((line) => line.format_public_id),
    ...teamRows.map((row) => row.formatPublicId),
  ]);
  // Formats with their stock rows in one query (one row per participant kind).
  const formatStockRows = formatIds.length
    ? await db
        .select({ format: eventFormats, eventCity: eventCities, event: events, stock: formatStock })
        .from(eventFormats)
        .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
        .innerJoin(events, eq(events.id, eventCities.eventId))
        .leftJoin(formatStock, eq(formatStock.formatId, eventFormats.id))
        .where(inArray(eventFormats.publicId, formatIds))
    : [];
  const left = new Map<number, Record<string, number>>();
  const formatRows: Omit<(typeof formatStockRows)[number], 'stock'>[] = [];
  for (const { stock, ...row } of formatStockRows) {
    if (!left.has(row.format.id)) {
      left.set(row.format.id, {});
      formatRows.push(row);
    }
    if (stock) left.get(row.format.id)![stock.kind] = Math.max(0, stock.capacity - stock.taken);
  }

  const productIds = unique(body.shop.map((line) => line.product.public_id));
  const productRows = productIds.length ? await db.select().from(products).where(inArray(products.publicId, productIds)) : [];
  const proportionRows = productRows.length
    ? await db
        .select()
        .from(productProportions)
        .where(
          inArray(
            productProportions.productId,
            productRows.map((row) => row.id),
          ),
        )
    : [];

  const insuranceIds = unique(body.insurances.map((line) => line.public_id));
  const insuranceRows = insuranceIds.length ? await db.select().from(insurances).where(inArray(insurances.publicId, insuranceIds)) : [];
  const certificateIds = unique(body.certificates.map((line) => line.public_id));
  const certificateRows = certificateIds.length
    ? await db
        .select()
        .from(certificates)
        .where(and(inArray(certificates.publicId, certificateIds), eq(certificates.active, true)))
    : [];
  const codes = unique([...body.tickets, ...body.shop, ...body.insurances].map((line) => line.promocode?.trim().toUpperCase() || null));
  const promoRows = codes.length ? await db.select().from(promocodes).where(inArray(promocodes.code, codes)) : [];
  const saleRows = formatRows.length ? await db.select().from(sales).where(eq(sales.active, true)) : [];

  return {
    formats: new Map(
      formatRows.map(({ format, eventCity, event }) => [
        format.publicId,
        {
          id: format.id,
          publicId: format.publicId,
          price: format.price,
          maxCount: format.maxCount,
          isTeam: format.isTeam,
          fixedCount: format.fixedCount,
          teamAll: format.teamAll,
          buyLimit: format.buyLimit,
          insuranceAvailable: format.insuranceAvailable,
          startTime: format.startTime ?? eventCity.startTime,
          eventTitle: event.title,
          left: left.get(format.id) ?? {},
        },
      ]),
    ),
    formatStarts: new Map(formatRows.map(({ format, eventCity }) => [format.publicId, format.startTime ?? eventCity.startTime])),
    teams: new Map(
      teamRows.map(({ team, formatPublicId }) => [team.publicId, { id: team.id, formatPublicId, membersCount: team.membersCount }]),
    ),
    products: new Map(
      productRows.map((product) => [
        product.publicId,
        {
          id: product.id,
          price: product.price,
          proportions: new Map(
            proportionRows.filter((row) => row.productId === product.id).map((row) => [row.publicId, { id: row.id, stock: row.stock }]),
          ),
        },
      ]),
    ),
    insurances: new Map(
      insuranceRows.map((row) => [
        row.publicId,
        { id: row.id, publicId: row.publicId, price: row.price, activationDelay: row.activationDelay, userPicksStart: row.userPicksStart },
      ]),
    ),
    certificates: new Map(certificateRows.map((row) => [row.publicId, { id: row.id, price: row.price }])),
    promocodes: new Map(promoRows.map((row) => [row.code, presentPromocode(row)])),
    sales: saleRows,
  };
}

export const presentPromocode = (row: typeof promocodes.$inferSelect): PromocodeInfo => ({
  id: row.id,
  code: row.code,
  target: row.target as PromocodeInfo['target'],
  targetPublicId: row.targetPublicId,
  discount: row.discount,
  discountForm: row.discountForm,
  available: Math.max(0, row.codeCount - row.usedCount),
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  active: row.active,
});
