import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { eventFormats, orderItems, orders, promocodes } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { newPublicId } from '../../lib/crypto';
import { badRequest, conflict } from '../../lib/errors';
import { toKopecks, toRubles } from '../../lib/money';
import { recordAudit } from './audit';
import type { PromocodeCreate } from './schema';
import type { OrganizerContext } from './scope';

export const promocodeAdminMessages = {
  taken: 'Такой промокод уже есть',
  foreignFormat: 'Формат не относится к этому событию',
  dates: 'Промокод должен начинать действовать раньше, чем заканчивается',
} as const;

// No 0/O or 1/I: a code read aloud or copied from paper is not mistaken.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomCode = (prefix: string) => prefix + Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

type PromoRow = typeof promocodes.$inferSelect;

function presentPromocode(row: PromoRow, revenue?: { orders: number; discount: number }) {
  return {
    public_id: row.publicId,
    code: row.code,
    discount_percent: row.discountForm === 'percent' ? row.discount : null,
    discount_amount: row.discountForm === 'percent' ? null : toRubles(row.discount),
    max_uses: row.codeCount,
    max_uses_per_person: row.maxUsesPerPerson,
    used: row.usedCount,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    format_public_ids: row.formatPublicIds,
    batch: row.batch,
    active: row.active,
    orders: revenue?.orders ?? 0,
    discount_total: toRubles(revenue?.discount ?? 0),
  };
}

/**
 * POST /api/organizer/promocodes: one named code or `count` generated ones (a batch, downloadable as CSV),
 * for tickets of the event city — of the formats listed, or of every format it has now.
 */
export async function createPromocodes(deps: ServerDeps, who: OrganizerContext, body: PromocodeCreate) {
  const now = deps.clock.now();
  const eventCityId = who.eventCityId!;
  const startsAt = body.starts_at ? new Date(body.starts_at) : now;
  const endsAt = body.ends_at ? new Date(body.ends_at) : new Date(now.getTime() + 365 * 86_400_000);
  if (startsAt >= endsAt) throw badRequest(promocodeAdminMessages.dates);
  const formats = await deps.db
    .select({ publicId: eventFormats.publicId })
    .from(eventFormats)
    .where(eq(eventFormats.eventCityId, eventCityId));
  const own = new Set(formats.map((format) => format.publicId));
  if (body.format_public_ids?.some((id) => !own.has(id))) throw badRequest(promocodeAdminMessages.foreignFormat);
  const formatPublicIds = body.format_public_ids?.length ? body.format_public_ids : [...own];
  const count = body.code ? 1 : (body.count ?? 1);
  const batch = count > 1 ? newPublicId() : null;
  const form = body.discount_percent !== undefined ? 'percent' : 'fixed';
  const discount = body.discount_percent ?? toKopecks(body.discount_amount!);

  return deps.db.transaction(async (tx) => {
    const codes = new Set<string>();
    if (body.code) codes.add(body.code);
    while (codes.size < count) codes.add(randomCode(body.prefix ?? ''));
    const values = [...codes].map((code) => ({
      publicId: newPublicId(),
      code,
      target: 'ticket',
      targetPublicId: null,
      discount,
      discountForm: form,
      codeCount: body.max_uses ?? 1,
      maxUsesPerPerson: body.max_uses_per_person ?? null,
      startsAt,
      endsAt,
      eventCityId,
      formatPublicIds,
      batch,
      createdAt: now,
    }));
    // A taken code (a named one, or a generated one that met an old code) is refused whole, never half-made.
    const inserted = await tx
      .insert(promocodes)
      .values(values)
      .onConflictDoNothing({ target: promocodes.code })
      .returning({ code: promocodes.code });
    if (inserted.length !== values.length) throw conflict(promocodeAdminMessages.taken);
    await recordAudit(tx, who, now, {
      action: 'promocode.created',
      targetType: batch ? 'promocode_batch' : 'promocode',
      targetPublicId: batch ?? values[0]!.publicId,
      after: {
        codes: count > 20 ? `${count} кодов` : [...codes],
        discount: form === 'percent' ? `${discount} %` : `${toRubles(discount)} ₽`,
        max_uses: body.max_uses ?? 1,
        max_uses_per_person: body.max_uses_per_person ?? null,
        formats: formatPublicIds,
      },
    });
    return { codes: [...codes], batch };
  });
}

/** The codes of an event city with their use: how many times, in how many paid orders, for how much discount. */
export async function listPromocodes(db: Database, eventCityId: number) {
  const rows = await db
    .select()
    .from(promocodes)
    .where(eq(promocodes.eventCityId, eventCityId))
    .orderBy(desc(promocodes.createdAt), asc(promocodes.code))
    .limit(2000);
  const ids = rows.map((row) => row.id);
  const use = ids.length
    ? await db
        .select({
          id: orderItems.promocodeId,
          orders: sql<number>`count(distinct ${orders.id})::int`,
          discount: sql<number>`coalesce(sum(${orderItems.discount}), 0)::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(inArray(orderItems.promocodeId, ids), eq(orders.status, 'paid')))
        .groupBy(orderItems.promocodeId)
    : [];
  const byId = new Map(use.map((row) => [row.id, row]));
  return { values: rows.map((row) => presentPromocode(row, byId.get(row.id))) };
}

/** A batch's codes as CSV (code, discount, uses): what an organiser hands to a partner. */
export async function batchCsv(db: Database, batch: string): Promise<string> {
  const rows = await db.select().from(promocodes).where(eq(promocodes.batch, batch)).orderBy(asc(promocodes.code));
  const lines = ['code,discount,max_uses,used,valid_until'];
  for (const row of rows) {
    const discount = row.discountForm === 'percent' ? `${row.discount}%` : `${toRubles(row.discount)} RUB`;
    lines.push([row.code, discount, row.codeCount, row.usedCount, row.endsAt.toISOString()].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
