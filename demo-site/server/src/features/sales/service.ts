import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { eventFormats, sales } from '../../db/schema/index';
import { toRubles } from '../../lib/money';

/** A sale as the basket reads it (ticketing-shop §3 Sale): a fixed discount in rubles per ticket, a percent as is. */
export interface SaleResponse {
  public_id: string;
  title: string;
  active: boolean;
  start_date: string;
  end_date: string;
  discount: number;
  discount_form: string;
  count: number;
  formats: string[];
}

/**
 * GET /api/sales: the sales running now, so that the basket shows each line's sale (ticketing-shop §9:
 * a sale applies within its dates once the basket counts `count` tickets of its formats). Payment
 * prices them again (features/payment/pricing.ts); this only shows them. Hidden formats are left
 * out of the answer: an invitation-only format's id is not published.
 */
export async function listActiveSales(db: Database, now: Date): Promise<SaleResponse[]> {
  const rows = await db
    .select()
    .from(sales)
    .where(and(eq(sales.active, true), lte(sales.startDate, now), gte(sales.endDate, now)));
  const formatIds = [...new Set(rows.flatMap((row) => row.formatIds))];
  const formats = formatIds.length
    ? await db
        .select({ id: eventFormats.id, publicId: eventFormats.publicId, hidden: eventFormats.hidden })
        .from(eventFormats)
        .where(inArray(eventFormats.id, formatIds))
    : [];
  const visible = new Map(formats.filter((format) => !format.hidden).map((format) => [format.id, format.publicId]));
  return rows.map((row) => ({
    public_id: row.publicId,
    title: row.title,
    active: row.active,
    start_date: row.startDate.toISOString(),
    end_date: row.endDate.toISOString(),
    discount: row.discountForm === 'percent' ? row.discount : toRubles(row.discount),
    discount_form: row.discountForm,
    count: row.count,
    formats: row.formatIds.flatMap((id) => (visible.has(id) ? [visible.get(id)!] : [])),
  }));
}
