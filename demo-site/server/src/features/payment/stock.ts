import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { offerFreedPlaces, WAITLIST_KIND } from '../waitlist/service';
import { pricingMessages } from './pricing';

/** What an order line takes from stock (an order_items row has these fields). */
export interface StockClaim {
  kind: string;
  formatId: number | null;
  stockKind: string | null;
  teamId: number | null;
  proportionId: number | null;
  promocodeId: number | null;
  promocodeCount: number;
  count: number;
}

/** An order line's claim on the stock, its other fields left behind. */
export const claimOf = (item: StockClaim): StockClaim => ({
  kind: item.kind,
  formatId: item.formatId,
  stockKind: item.stockKind,
  teamId: item.teamId,
  proportionId: item.proportionId,
  promocodeId: item.promocodeId,
  promocodeCount: item.promocodeCount,
  count: item.count,
});

const rowsOf = (result: unknown): unknown[] => (result as { rows?: unknown[] }).rows ?? [];

/** Sums claims by key and returns them sorted, so every transaction locks rows in the same order. */
function grouped(claims: StockClaim[], key: (claim: StockClaim) => string | null, amount: (claim: StockClaim) => number) {
  const totals = new Map<string, number>();
  for (const claim of claims) {
    const k = key(claim);
    const n = amount(claim);
    if (k !== null && n > 0) totals.set(k, (totals.get(k) ?? 0) + n);
  }
  return [...totals].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const formatKey = (claim: StockClaim) =>
  claim.kind === 'ticket' && claim.formatId !== null ? `${String(claim.formatId).padStart(10, '0')}:${claim.stockKind ?? 'athlete'}` : null;
const teamKey = (claim: StockClaim) => (claim.kind === 'ticket' && claim.teamId !== null ? String(claim.teamId).padStart(10, '0') : null);
const proportionKey = (claim: StockClaim) =>
  claim.kind === 'shop' && claim.proportionId !== null ? String(claim.proportionId).padStart(10, '0') : null;
const promoKey = (claim: StockClaim) => (claim.promocodeId !== null ? String(claim.promocodeId).padStart(10, '0') : null);

/**
 * Takes the claims' stock inside the caller's transaction: each counter moves with one conditional
 * UPDATE (row-locked by the database), keys in a fixed order (promocodes, formats, teams, sizes) so
 * concurrent buyers never deadlock. Anything short → 400 and the transaction rolls back. The CHECK
 * constraints on the counters make overselling impossible even for a bug here.
 */
export async function takeStock(
  tx: Database,
  claims: StockClaim[],
  /** Told when a format's counter had fewer than `count` places left (the 400 follows). */
  onShort?: (formatId: number, kind: string, count: number) => void,
): Promise<void> {
  for (const [id, n] of grouped(claims, promoKey, (claim) => claim.promocodeCount)) {
    const result = await tx.execute(
      sql`update promocodes set used_count = used_count + ${n} where id = ${Number(id)} and used_count + ${n} <= code_count returning id`,
    );
    if (rowsOf(result).length === 0) throw badRequest('Промокод закончился');
  }
  for (const [key, n] of grouped(claims, formatKey, (claim) => claim.count)) {
    const [formatId, kind] = key.split(':');
    const result = await tx.execute(
      sql`update format_stock set taken = taken + ${n} where format_id = ${Number(formatId)} and kind = ${kind} and taken + ${n} <= capacity returning taken`,
    );
    if (rowsOf(result).length === 0) {
      onShort?.(Number(formatId), kind!, n);
      throw badRequest(pricingMessages.unavailable);
    }
  }
  for (const [id, n] of grouped(claims, teamKey, (claim) => claim.count)) {
    const result = await tx.execute(sql`
      update teams set members_count = members_count + ${n}
      where id = ${Number(id)} and members_count + ${n} <= (select max_count from event_formats where event_formats.id = teams.format_id)
      returning id`);
    if (rowsOf(result).length === 0) throw badRequest(pricingMessages.teamCount);
  }
  for (const [id, n] of grouped(claims, proportionKey, (claim) => claim.count)) {
    const result = await tx.execute(
      sql`update product_proportions set stock = stock - ${n} where id = ${Number(id)} and stock >= ${n} returning id`,
    );
    if (rowsOf(result).length === 0) throw badRequest(pricingMessages.sizeUnavailable);
  }
}

/**
 * Gives the claims' stock back (a declined, expired or refunded order), in the same key order. With
 * `waitlist`, the places freed go first to the formats' waiting lists (issue 35), in this transaction —
 * which holds the stock rows — so a freed place is never on sale before the next waiting person has it.
 * Answers how many places were offered (their letters are sent after the commit: `sendOfferLetters`).
 */
export async function releaseStock(tx: Database, claims: StockClaim[], waitlist?: { now: Date; offerMs: number }): Promise<number> {
  for (const [id, n] of grouped(claims, promoKey, (claim) => claim.promocodeCount)) {
    await tx.execute(sql`update promocodes set used_count = greatest(0, used_count - ${n}) where id = ${Number(id)}`);
  }
  for (const [key, n] of grouped(claims, formatKey, (claim) => claim.count)) {
    const [formatId, kind] = key.split(':');
    await tx.execute(
      sql`update format_stock set taken = greatest(0, taken - ${n}) where format_id = ${Number(formatId)} and kind = ${kind}`,
    );
  }
  for (const [id, n] of grouped(claims, teamKey, (claim) => claim.count)) {
    await tx.execute(sql`update teams set members_count = greatest(0, members_count - ${n}) where id = ${Number(id)}`);
  }
  for (const [id, n] of grouped(claims, proportionKey, (claim) => claim.count)) {
    await tx.execute(sql`update product_proportions set stock = stock + ${n} where id = ${Number(id)}`);
  }
  if (!waitlist) return 0;
  const freed = grouped(claims, formatKey, (claim) => claim.count)
    .filter(([key]) => key.endsWith(`:${WAITLIST_KIND}`))
    .map(([key]) => Number(key.split(':')[0]));
  return freed.length ? offerFreedPlaces(tx, freed, waitlist.now, waitlist.offerMs) : 0;
}
