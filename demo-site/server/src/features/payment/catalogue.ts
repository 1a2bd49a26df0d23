import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { formatStock, type promocodes } from '../../db/schema/index';
import { type CheckoutReads, readCheckout } from './checkout-reads';
import type { PricingCatalogue, PromocodeInfo } from './pricing';
import type { PaymentBody } from './schema';

const _unique = <T>(values: (T | null | undefined)[]): T[] => [...new Set(values.filter((value): value is T => value != null))];

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
  return catalogueFrom(await readCheckout(db, body, null));
}

/** The catalogue from the checkout's one read (`readCheckout`). */
export function catalogueFrom(reads: CheckoutReads): PaymentCatalogue {
  const teamRows = reads.teams;
  const formatRows = reads.formats;
  const left = new Map<number, Record<string, number>>();
  for (const { format, stock } of formatRows) {
    const kinds: Record<string, number> = {};
    for (const row of stock) kinds[row.kind] = Math.max(0, row.capacity - row.taken);
    left.set(format.id, kinds);
  }
  const productRows = reads.products;
  const proportionRows = reads.proportions;
  const insuranceRows = reads.insurances;
  const certificateRows = reads.certificates;
  const promoRows = reads.promocodes;
  const saleRows = reads.sales;

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
          registrationOpensAt: eventCity.registrationOpensAt,
          registrationClosesAt: eventCity.registrationClosesAt,
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
  formatPublicIds: row.formatPublicIds,
  discount: row.discount,
  discountForm: row.discountForm,
  available: Math.max(0, row.codeCount - row.usedCount),
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  active: row.active,
});
