import { and, asc, count, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkinScans, checkins, cities, eventCities, eventFormats, eventStaff, events, tickets, users } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { isUniqueViolation } from '../../lib/db-errors';
import { forbidden } from '../../lib/errors';
import { startNumber } from '../tickets/present';
import { publicEventKeys, signTicketCode, verifyTicketCode } from './keys';
import type { CheckinAnswer, CheckinBody, PublicEventKey, StaffTicket, StaffTicketList } from './wire';

export type { CheckinAnswer, StaffTicket } from './wire';

type Deps = Pick<ServerDeps, 'db' | 'clock'>;

export const checkinMessages = {
  notStaff: 'Доступно только персоналу мероприятия',
  forged: 'Поддельный код',
  otherEvent: 'Другое событие',
  transferred: 'Билет передан',
  returned: 'Билет возвращён',
  processing: 'Билет ожидает возврата',
  duplicate: (time: string, device: string) => (device ? `Уже отмечен в ${time}, ${device}` : `Уже отмечен в ${time}`),
} as const;

/** A staff scan (POST /api/staff/checkin). */
export type CheckinInput = CheckinBody;

/** A grant counts only for a proven account (a confirmed e-mail or phone): staff are never unproven accounts. */
const provenStaff = and(eq(users.id, eventStaff.userId), or(isNotNull(users.emailConfirmedAt), isNotNull(users.phoneConfirmedAt)));

/** The event cities the user may check tickets in at. */
async function staffEventCityIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: eventStaff.eventCityId })
    .from(eventStaff)
    .innerJoin(users, provenStaff)
    .where(eq(eventStaff.userId, userId));
  return rows.map((row) => row.id);
}

/** The event city (by public id) when the user is its staff; 403 otherwise — an unknown id included, so ids are not probed. */
export async function requireStaffOf(db: Database, userId: number, eventCityPublicId: string) {
  const [row] = await db
    .select({ eventCity: eventCities, event: events, city: cities })
    .from(eventStaff)
    .innerJoin(users, provenStaff)
    .innerJoin(eventCities, eq(eventCities.id, eventStaff.eventCityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .where(and(eq(eventStaff.userId, userId), eq(eventCities.publicId, eventCityPublicId)));
  if (!row) throw forbidden(checkinMessages.notStaff);
  return row;
}

/**
 * GET /api/staff/events: the event cities the user checks tickets in at, from those that started up to
 * 36 hours ago on (403 for someone who is nobody's staff).
 */
export async function staffEvents(deps: Deps, userId: number) {
  const rows = await deps.db
    .select({ eventCity: eventCities, event: events, city: cities })
    .from(eventStaff)
    .innerJoin(users, provenStaff)
    .innerJoin(eventCities, eq(eventCities.id, eventStaff.eventCityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .where(eq(eventStaff.userId, userId))
    .orderBy(asc(eventCities.startTime), asc(eventCities.id));
  if (rows.length === 0) throw forbidden(checkinMessages.notStaff);
  // Events over for more than a day and a half are no longer scanned: the picker lists the rest.
  const from = deps.clock.now().getTime() - 36 * 3_600_000;
  return rows
    .filter((row) => row.eventCity.startTime.getTime() >= from)
    .map((row) => ({
      event_city_id: row.eventCity.publicId,
      title: row.event.title,
      city: row.city.nameRu,
      address: row.eventCity.address,
      start_time: row.eventCity.startTime.toISOString(),
      timezone: row.eventCity.timezone,
    }));
}

const participantName = (info: Record<string, unknown>, holder: { name: string | null; lastName: string | null } | null): string => {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const fromTicket = [text(info.last_name), text(info.first_name)].filter(Boolean).join(' ');
  if (fromTicket) return fromTicket;
  const fromAccount = [text(holder?.lastName), text(holder?.name)].filter(Boolean).join(' ');
  return fromAccount || 'Участник';
};

const clockIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(at);

/** The ticket named by a code, its row locked until the transaction ends (one ticket's scans queue up here). */
async function lockTicket(tx: Database, publicId: string) {
  const [row] = await tx
    .select({
      ticket: tickets,
      formatTitle: eventFormats.title,
      formatPublicId: eventFormats.publicId,
      eventCity: { id: eventCities.id, publicId: eventCities.publicId, timezone: eventCities.timezone },
      holder: { name: users.name, lastName: users.lastName },
    })
    .from(tickets)
    .innerJoin(eventFormats, eq(eventFormats.id, tickets.formatId))
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(eq(tickets.publicId, publicId))
    .for('update', { of: tickets });
  return row;
}

const refused = (reason: string, ticket: CheckinAnswer['ticket'] = null): CheckinAnswer => ({ status: 'refused', reason, ticket });

/** How many of a ticket's later scans the list names (the count goes on). */
const KEPT_REPEATS = 5;

/** The scan decided inside a transaction: checks the code, then the first scan of a ticket checks it in. */
async function decide(
  tx: Database,
  deps: Deps,
  staff: { userId: number; eventCityIds: readonly number[] },
  input: CheckinInput,
): Promise<CheckinAnswer> {
  const manual = input.qr.startsWith('manual:') ? input.qr.slice('manual:'.length) : null;
  let code: { t: string; e: string | null; v: number | null; eventCityId: number | null };
  if (manual !== null) {
    code = { t: manual, e: null, v: null, eventCityId: null };
  } else {
    const verified = await verifyTicketCode(tx, input.qr);
    if (!verified) return refused(checkinMessages.forged);
    code = { ...verified.code, eventCityId: verified.eventCityId };
  }
  const row = await lockTicket(tx, code.t);
  if (!row) return refused(checkinMessages.forged);
  // A key signs only its own event city's tickets: a code whose key, event or format do not match is not ours.
  if (code.eventCityId !== null && (row.eventCity.id !== code.eventCityId || row.eventCity.publicId !== code.e))
    return refused(checkinMessages.forged);
  // Staff of another event learn nothing about the ticket.
  if (!staff.eventCityIds.includes(row.eventCity.id)) return refused(checkinMessages.otherEvent);
  const ticket = { number: startNumber(row.ticket), participant: participantName(row.ticket.info, row.holder), format: row.formatTitle };
  if (row.ticket.status === 'processing') return refused(checkinMessages.processing, ticket);
  if (row.ticket.status !== 'active') return refused(checkinMessages.returned, ticket);
  if (code.v !== null && code.v < row.ticket.codeVersion) return refused(checkinMessages.transferred, ticket);
  if (code.v !== null && code.v > row.ticket.codeVersion) return refused(checkinMessages.forged);
  const [first] = await tx.select().from(checkins).where(eq(checkins.ticketId, row.ticket.id));
  if (first) {
    // The repeat is recorded, and the ticket moves up the list's delta (its trigger), so the device that
    // checked it in learns of it at its next sync: «повторно в 09:13, Стойка 2».
    await tx
      .update(checkins)
      .set({
        repeatCount: first.repeatCount + 1,
        repeats: [...first.repeats, { c: new Date(input.scanned_at).toISOString(), d: input.device }].slice(-KEPT_REPEATS),
      })
      .where(eq(checkins.id, first.id));
    await tx
      .update(tickets)
      .set({ codeVersion: sql`${tickets.codeVersion}` })
      .where(eq(tickets.id, row.ticket.id));
    return {
      status: 'duplicate',
      reason: checkinMessages.duplicate(clockIn(first.scannedAt, row.eventCity.timezone), first.device),
      ticket,
      first_scan: { scanned_at: first.scannedAt.toISOString(), checked_at: first.checkedAt.toISOString(), device: first.device },
    };
  }
  const now = deps.clock.now();
  const scannedAt = new Date(input.scanned_at);
  await tx.insert(checkins).values({
    ticketId: row.ticket.id,
    formatId: row.ticket.formatId,
    eventCityId: row.eventCity.id,
    staffUserId: staff.userId,
    scanId: input.scan_id,
    device: input.device,
    scannedAt,
    checkedAt: now,
  });
  await tx
    .update(tickets)
    .set({ info: { ...row.ticket.info, offline_registered: true, checked_in_at: scannedAt.toISOString() } })
    .where(eq(tickets.id, row.ticket.id));
  return { status: 'ok', ticket };
}

async function storedAnswer(db: Database, staffUserId: number, scanId: string): Promise<CheckinAnswer | null> {
  const [row] = await db
    .select({ answer: checkinScans.answer })
    .from(checkinScans)
    .where(and(eq(checkinScans.staffUserId, staffUserId), eq(checkinScans.scanId, scanId)));
  return row ? (row.answer as unknown as CheckinAnswer) : null;
}

/**
 * POST /api/staff/checkin. Idempotent by `scan_id` (per scanning account): a repeated scan gets the
 * answer it got the first time. The first scan of a ticket to reach the server checks it in — the
 * ticket's row is locked for the decision and `checkins.ticket_id` is unique — every later one is a
 * duplicate naming the first.
 */
export async function checkIn(deps: Deps, staffUserId: number, input: CheckinInput): Promise<CheckinAnswer> {
  // The event cities the user is staff of, read once per scan (the decision checks the ticket's against them).
  const staffOf = await staffEventCityIds(deps.db, staffUserId);
  if (staffOf.length === 0) throw forbidden(checkinMessages.notStaff);
  // A new scan (nearly every one) is decided at once; a scan_id already answered fails the answer's
  // primary key at the end of the transaction — which undoes everything it did — and gets its first answer.
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        const answer = await decide(tx, deps, { userId: staffUserId, eventCityIds: staffOf }, input);
        await tx.insert(checkinScans).values({
          staffUserId,
          scanId: input.scan_id,
          answer: answer as unknown as Record<string, unknown>,
          createdAt: deps.clock.now(),
        });
        return answer;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
      const stored = await storedAnswer(deps.db, staffUserId, input.scan_id);
      if (stored) return stored;
      // A check-in that slipped past the lock: decide again.
    }
  }
}

/**
 * How far back a delta looks behind its cursor: a ticket's `sync_seq` is taken inside its transaction,
 * so one committed later than a higher one would otherwise be skipped. More than this many ticket
 * changes in flight at once is beyond a start tent; the scanner also reloads in full when opened.
 */
const DELTA_OVERLAP = 32;

/**
 * GET /api/staff/events/{event_city_id}/tickets?since=: the event's tickets (active ones in `tickets`,
 * returned or refunding ones in `revoked`), the public keys, and `cursor` for the next delta. With
 * `since`, only what changed after it.
 */
export async function staffTicketList(
  deps: Deps,
  userId: number,
  eventCityPublicId: string,
  since: number | null,
): Promise<StaffTicketList> {
  const { eventCity, event, city } = await requireStaffOf(deps.db, userId, eventCityPublicId);
  const formats = await deps.db
    .select({ id: eventFormats.id, publicId: eventFormats.publicId, title: eventFormats.title })
    .from(eventFormats)
    .where(eq(eventFormats.eventCityId, eventCity.id))
    .orderBy(asc(eventFormats.id));
  const formatIndex = new Map(formats.map((format, i) => [format.id, i]));
  const formatIds = formats.map((format) => format.id);
  const rows =
    formatIds.length === 0
      ? []
      : await deps.db
          .select({ ticket: tickets, holder: { name: users.name, lastName: users.lastName }, checkin: checkins })
          .from(tickets)
          .leftJoin(users, eq(users.id, tickets.userId))
          .leftJoin(checkins, eq(checkins.ticketId, tickets.id))
          .where(
            and(inArray(tickets.formatId, formatIds), since === null ? undefined : gt(tickets.syncSeq, Math.max(0, since - DELTA_OVERLAP))),
          )
          .orderBy(asc(tickets.syncSeq));
  const list: StaffTicket[] = [];
  const revoked: { id: string; v: number }[] = [];
  let cursor = since ?? 0;
  for (const { ticket, holder, checkin } of rows) {
    cursor = Math.max(cursor, ticket.syncSeq);
    if (ticket.status !== 'active') {
      revoked.push({ id: ticket.publicId, v: ticket.codeVersion });
      continue;
    }
    const entry: StaffTicket = {
      id: ticket.publicId,
      v: ticket.codeVersion,
      n: startNumber(ticket),
      p: participantName(ticket.info, holder),
      f: formatIndex.get(ticket.formatId) ?? 0,
    };
    if (checkin) {
      entry.c = checkin.scannedAt.toISOString();
      entry.d = checkin.device;
      if (checkin.repeatCount > 0) {
        entry.r = checkin.repeats;
        entry.rn = checkin.repeatCount;
      }
    }
    list.push(entry);
  }
  const keys: PublicEventKey[] = await publicEventKeys(deps.db, deps.clock, eventCity.id);
  return {
    event_city_id: eventCity.publicId,
    title: event.title,
    city: city.nameRu,
    start_time: eventCity.startTime.toISOString(),
    timezone: eventCity.timezone,
    full: since === null,
    cursor: String(cursor),
    formats: formats.map((format) => ({ public_id: format.publicId, title: format.title })),
    keys,
    tickets: list,
    revoked,
  };
}

/** GET /api/staff/events/{event_city_id}/counts: checked in and sold (active tickets) at the event city. */
export async function staffCounts(deps: Deps, userId: number, eventCityPublicId: string) {
  const { eventCity } = await requireStaffOf(deps.db, userId, eventCityPublicId);
  const [sold] = await deps.db
    .select({ count: count() })
    .from(tickets)
    .innerJoin(eventFormats, eq(eventFormats.id, tickets.formatId))
    .where(and(eq(eventFormats.eventCityId, eventCity.id), eq(tickets.status, 'active')));
  const [checked] = await deps.db
    .select({ count: count() })
    .from(checkins)
    .innerJoin(tickets, eq(tickets.id, checkins.ticketId))
    .where(and(eq(checkins.eventCityId, eventCity.id), isNotNull(checkins.id), eq(tickets.status, 'active')));
  return { event_city_id: eventCity.publicId, checked_in: checked?.count ?? 0, sold: sold?.count ?? 0 };
}

/**
 * The signed code for a ticket card (`qr_code`): only for its holder while it is active — a giver who
 * passed it on, or a recipient who has not accepted it yet, gets null.
 */
export async function ticketQrCode(
  deps: Deps,
  view: { ticket: typeof tickets.$inferSelect; eventCity: { id: number; publicId: string }; format: { publicId: string } },
  isHolder: boolean,
): Promise<string | null> {
  if (!isHolder || view.ticket.status !== 'active') return null;
  return signTicketCode(deps.db, deps.clock, view.eventCity.id, {
    t: view.ticket.publicId,
    e: view.eventCity.publicId,
    f: view.format.publicId,
    v: view.ticket.codeVersion,
  });
}
