import { and, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog, eventCities, users } from '../../db/schema/index';
import type { OrganizerContext } from './scope';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetPublicId?: string | null;
  eventCityId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records an organiser's change (pretix's `log_action`): called with the write's own transaction, so a
 * change is never without its record nor a record without its change.
 */
export async function recordAudit(tx: Database, who: OrganizerContext, now: Date, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    organisationId: who.organisationId,
    userId: who.user.id,
    action: entry.action,
    targetType: entry.targetType,
    targetPublicId: entry.targetPublicId ?? null,
    eventCityId: entry.eventCityId ?? who.eventCityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: now,
  });
}

/** Only the fields that differ, before and after: what an audit line shows. */
export function changed<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key]) === JSON.stringify(value)) continue;
    was[key] = before[key] ?? null;
    now[key] = value;
  }
  return { before: was, after: now, any: Object.keys(now).length > 0 };
}

export interface AuditQuery {
  event_city_public_id?: string | undefined;
  action?: string | undefined;
  before_id?: number | undefined;
  limit?: number | undefined;
}

/** GET /api/organizer/audit: the newest first, filtered by event city and action, paged by id. */
export async function listAudit(db: Database, organisationIds: number[], query: AuditQuery) {
  const where: SQL[] = [inArray(auditLog.organisationId, organisationIds)];
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.before_id) where.push(lt(auditLog.id, query.before_id));
  if (query.event_city_public_id) where.push(eq(eventCities.publicId, query.event_city_public_id));
  const limit = query.limit ?? 50;
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetPublicId: auditLog.targetPublicId,
      eventCityPublicId: eventCities.publicId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      email: users.email,
      phone: users.phone,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(eventCities, eq(eventCities.id, auditLog.eventCityId))
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return {
    values: rows.map((row) => ({
      id: row.id,
      action: row.action,
      target_type: row.targetType,
      target_public_id: row.targetPublicId,
      event_city_public_id: row.eventCityPublicId,
      who: row.email ?? (row.phone ? `+${row.phone}` : null),
      before: row.before,
      after: row.after,
      created_at: row.createdAt.toISOString(),
    })),
    next_before_id: rows.length === limit ? rows.at(-1)!.id : null,
  };
}
