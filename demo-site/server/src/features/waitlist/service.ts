import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appMeta, eventCities, eventFormats, events, formatStock, waitlistEntries } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { newToken, sha256 } from '../../lib/crypto';
import { badRequest, notFound } from '../../lib/errors';
import { type ContentLanguage, inLanguage } from '../../lib/language';
import type { Authenticated } from '../sessions/service';
import { joinLetter, offerLetter } from './letters';

/**
 * The waiting list of a sold-out format (issue 35). First come, first served across server processes:
 *
 * - A freed place (a return or refund, a cancelled or expired order, the organiser raising the stock) is
 *   offered in the transaction that frees it (`offerFreedPlaces`): the first waiting entry, taken with
 *   `FOR UPDATE SKIP LOCKED`, gets it by the same conditional `format_stock` update a purchase makes —
 *   so exactly one person gets each place, and an offered place counts as taken: it is never on sale
 *   (the public figures and the purchase see it gone).
 * - The offer's link holds the place for `waitlistOfferMs` (24 h); its purchase uses the place the offer
 *   holds (`consumeOffer`, in the payment's transaction). Unused, the place passes to the next person
 *   (`expireOffers`, on the payments' sweep), or goes back on sale when nobody waits.
 * - Locks: the format's stock row first, then entries (offers of waiting entries skip locked ones), so
 *   frees, expiries and purchases never wait on each other in a circle.
 */

export const waitlistMessages = {
  notSoldOut: 'Билеты этого формата ещё есть в продаже: добавьте их в корзину',
  team: 'Лист ожидания есть только у индивидуальных форматов',
  email: 'Введите валидный email',
  unknownFormat: 'Формат участия не найден',
  notOnList: 'Вас нет в листе ожидания этого формата',
  offerGone: 'Ссылка из листа ожидания устарела или уже использована',
  offerOne: 'По ссылке из листа ожидания покупается один билет этого формата',
  leaveGone: 'Ссылка недействительна или вы уже не в листе ожидания',
} as const;

/** The participant kind a waiting list is for (individual formats' tickets). */
export const WAITLIST_KIND = 'athlete';

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'config' | 'email'>;
type EntryRow = typeof waitlistEntries.$inferSelect;

async function formatByPublicId(db: Database, publicId: string) {
  const [row] = await db
    .select({ format: eventFormats, stock: formatStock })
    .from(eventFormats)
    .leftJoin(formatStock, and(eq(formatStock.formatId, eventFormats.id), eq(formatStock.kind, WAITLIST_KIND)))
    .where(eq(eventFormats.publicId, publicId));
  if (!row) throw badRequest(waitlistMessages.unknownFormat);
  return row;
}

/** The person's place: waiting ones ahead of them plus one (0 once a place is offered to them). */
async function positionOf(db: Database, entry: EntryRow): Promise<number> {
  if (entry.status === 'offered') return 0;
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.formatId, entry.formatId), eq(waitlistEntries.status, 'waiting'), lte(waitlistEntries.id, entry.id)));
  return Number(row?.ahead ?? 1);
}

const openEntry = (formatId: number, email: string) =>
  and(eq(waitlistEntries.formatId, formatId), eq(waitlistEntries.email, email), inArray(waitlistEntries.status, ['waiting', 'offered']));

/** How many people wait for the format now (the places offered are not counted). */
async function waitingCount(db: Database, formatId: number): Promise<number> {
  const [row] = await db
    .select({ waiting: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.formatId, formatId), eq(waitlistEntries.status, 'waiting')));
  return Number(row?.waiting ?? 0);
}

/**
 * POST /api/waitlist: joins the list of a sold-out format — a signed-in person with their account's
 * e-mail, a guest with the one typed. Joining twice keeps the one place.
 *
 * A guest's e-mail is unproven: whoever types an address must not learn whether it was on the list, nor
 * its place, nor that a place was offered to it. So a guest's answer is the same either way — the number
 * of people waiting now, which is the new entry's own place and, for an address already there, the place
 * it would have had — and never `offered`. The address's true place and the leave link go to the
 * address itself, in the letter (`sendJoinLetter`). A signed-in person's answer is their real place.
 */
export async function joinWaitlist(
  deps: Deps,
  auth: Authenticated | null,
  body: { format_public_id: string; email?: string | undefined },
  language: ContentLanguage = 'ru',
) {
  const email = (auth?.user.email ?? body.email)?.trim().toLowerCase();
  if (!email) throw badRequest(waitlistMessages.email);
  const { format, stock } = await formatByPublicId(deps.db, body.format_public_id);
  if (format.isTeam) throw badRequest(waitlistMessages.team);
  let [entry] = await deps.db.select().from(waitlistEntries).where(openEntry(format.id, email));
  if (!entry) {
    if (stock && stock.capacity - stock.taken > 0) throw badRequest(waitlistMessages.notSoldOut);
    await deps.db
      .insert(waitlistEntries)
      .values({ formatId: format.id, email, userId: auth?.user.id ?? null, createdAt: deps.clock.now(), language })
      .onConflictDoNothing();
    [entry] = await deps.db.select().from(waitlistEntries).where(openEntry(format.id, email));
  }
  if (!entry) throw notFound(waitlistMessages.notOnList);
  const position = await positionOf(deps.db, entry);
  await sendJoinLetter(deps, entry, position);
  if (auth) return { position, status: entry.status };
  return { position: await waitingCount(deps.db, format.id), status: 'waiting' };
}

/**
 * The join confirmation, to the address itself: its place (or its offer) and the leave link. Once a day
 * per entry at most (a guest joining again gets it again the next day: typing someone's address
 * repeatedly does not flood their mailbox).
 */
async function sendJoinLetter(deps: Deps, entry: EntryRow, position: number): Promise<void> {
  const [row] = await deps.db
    .select({ format: eventFormats, event: events })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .where(eq(eventFormats.id, entry.formatId));
  if (!row) return;
  const leave = await leaveLink(deps, entry);
  await deps.email.send({
    to: entry.email,
    ...joinLetter(entry.language, {
      event: inLanguage(row.event, entry.language).title,
      format: inLanguage(row.format, entry.language).title,
      offered: entry.status === 'offered',
      position,
      holdHours: Math.round(deps.config.waitlistOfferMs / 3_600_000),
      leave,
    }),
    meta: { kind: 'waitlist_joined', leave_link: leave },
    key: `waitlist-joined ${entry.id} ${deps.clock.now().toISOString().slice(0, 10)}`,
  });
}

/**
 * The key the leave links are signed with: 32 random bytes made once per database (in `app_meta`), so
 * every server process on it signs and checks alike, and a restart keeps the links in sent letters valid.
 */
const linkKeys = new WeakMap<Database, Promise<Buffer>>();
const LINK_KEY = 'waitlist_leave_hmac_key';

function linkKey(db: Database): Promise<Buffer> {
  let key = linkKeys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appMeta)
        .values({ key: LINK_KEY, value: randomBytes(32).toString('hex') })
        .onConflictDoNothing();
      const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, LINK_KEY));
      return Buffer.from(row!.value, 'hex');
    })();
    key.catch(() => linkKeys.delete(db));
    linkKeys.set(db, key);
  }
  return key;
}

/** The MAC of one entry's leave link: its purpose, the entry's id, address and join time. */
const leaveMac = (key: Buffer, entry: Pick<EntryRow, 'id' | 'email' | 'createdAt'>) =>
  createHmac('sha256', key).update(`waitlist-leave\n${entry.id}\n${entry.email}\n${entry.createdAt.toISOString()}`).digest();

/**
 * `{entry id}.{HMAC}`: a link that leaves this one entry. Not guessable (256-bit MAC under a server key),
 * good for no other entry (a new join is a new id and time), no use for anything else (its own purpose),
 * and it names nobody: the address is in the MAC, not in the link.
 */
export async function leaveToken(db: Database, entry: Pick<EntryRow, 'id' | 'email' | 'createdAt'>): Promise<string> {
  return `${entry.id}.${leaveMac(await linkKey(db), entry).toString('base64url')}`;
}

const leaveLink = async (deps: Deps, entry: EntryRow) => `${deps.config.publicUrl}/waitlist/leave/${await leaveToken(deps.db, entry)}`;

/** The open entry a leave link names, or null (a forged, altered or used link: all alike). */
async function entryByLeaveToken(db: Database, token: string): Promise<EntryRow | null> {
  const match = /^([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, Number(match[1])));
  if (!entry) return null;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = leaveMac(await linkKey(db), entry);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return entry.status === 'waiting' || entry.status === 'offered' ? entry : null;
}

/** GET /api/waitlist/leave/{token}: what the link would leave (the event and format — no address). */
export async function describeLeave(deps: Deps, token: string) {
  const entry = await entryByLeaveToken(deps.db, token);
  if (!entry) throw notFound(waitlistMessages.leaveGone);
  const [row] = await deps.db
    .select({ format: eventFormats, event: events })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .where(eq(eventFormats.id, entry.formatId));
  return { event_title: row?.event.title ?? '', format_title: row?.format.title ?? '' };
}

/** POST /api/waitlist/leave/{token}: leaves the one entry the link names (a place offered to it passes on). */
export async function leaveByToken(deps: Deps, token: string) {
  const entry = await entryByLeaveToken(deps.db, token);
  if (!entry) throw notFound(waitlistMessages.leaveGone);
  const left = await closeEntries(deps, entry.formatId, eq(waitlistEntries.id, entry.id));
  if (left === 0) throw notFound(waitlistMessages.leaveGone);
  await sendOfferLetters(deps);
  return { ok: true };
}

/** The entries a signed-in person holds: by their account, or by their account's proven e-mail. */
function mine(auth: Authenticated) {
  const email = auth.user.emailConfirmedAt ? auth.user.email : null;
  return email ? or(eq(waitlistEntries.userId, auth.user.id), eq(waitlistEntries.email, email)) : eq(waitlistEntries.userId, auth.user.id);
}

/** DELETE /api/waitlist/{format_public_id}: leaves the list; a place offered to the person passes on. */
export async function leaveWaitlist(deps: Deps, auth: Authenticated, formatPublicId: string) {
  const { format } = await formatByPublicId(deps.db, formatPublicId);
  const left = await closeEntries(deps, format.id, mine(auth));
  if (left === 0) throw notFound(waitlistMessages.notOnList);
  await sendOfferLetters(deps);
  return { ok: true };
}

/** Closes the format's open entries `which` names (stock row locked first); offered places pass on. */
async function closeEntries(deps: Deps, formatId: number, which: ReturnType<typeof mine>): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockStock(tx, formatId);
    const rows = await tx
      .select({ id: waitlistEntries.id, status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.formatId, formatId), inArray(waitlistEntries.status, ['waiting', 'offered']), which))
      .for('update');
    if (rows.length === 0) return 0;
    await tx
      .update(waitlistEntries)
      .set({ status: 'left', closedAt: now, offerCode: null })
      .where(
        inArray(
          waitlistEntries.id,
          rows.map((row) => row.id),
        ),
      );
    // A place offered to the person is held in the stock: passed to the next one, or back on sale.
    for (const row of rows) if (row.status === 'offered') await passPlace(tx, formatId, now, deps.config.waitlistOfferMs);
    return rows.length;
  });
}

/** The format's stock row, locked: the first lock of every waiting-list change. */
async function lockStock(tx: Database, formatId: number): Promise<void> {
  await tx
    .select({ taken: formatStock.taken })
    .from(formatStock)
    .where(and(eq(formatStock.formatId, formatId), eq(formatStock.kind, WAITLIST_KIND)))
    .for('update');
}

/** A place an offer held, no longer its: to the next waiting person, or back on sale (the stock row is locked). */
async function passPlace(tx: Database, formatId: number, now: Date, offerMs: number): Promise<void> {
  const [next] = await tx
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.formatId, formatId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (next) await makeOffer(tx, next.id, now, offerMs);
  else
    await tx
      .update(formatStock)
      .set({ taken: sql`greatest(0, ${formatStock.taken} - 1)` })
      .where(and(eq(formatStock.formatId, formatId), eq(formatStock.kind, WAITLIST_KIND)));
}

/** GET /api/user/waitlist: the person's waiting places, with their position or their offer. */
export async function listMine(deps: Deps, auth: Authenticated) {
  const rows = await deps.db
    .select({ entry: waitlistEntries, format: eventFormats, event: events, eventCity: eventCities })
    .from(waitlistEntries)
    .innerJoin(eventFormats, eq(eventFormats.id, waitlistEntries.formatId))
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .where(and(inArray(waitlistEntries.status, ['waiting', 'offered']), mine(auth)))
    .orderBy(asc(waitlistEntries.id));
  const values = [];
  for (const { entry, format, event, eventCity } of rows) {
    values.push({
      format_public_id: format.publicId,
      format_title: format.title,
      event_public_id: event.publicId,
      event_title: event.title,
      event_city_public_id: eventCity.publicId,
      start_time: (format.startTime ?? eventCity.startTime).toISOString(),
      status: entry.status,
      position: await positionOf(deps.db, entry),
      offer_expires_at: entry.offerExpiresAt?.toISOString() ?? null,
    });
  }
  return { values };
}

/**
 * Offers the places free now in the caller's transaction (which just freed them: it holds the stock
 * rows) to the first waiting people of those formats. Returns how many offers it made.
 */
export async function offerFreedPlaces(tx: Database, formatIds: number[], now: Date, offerMs: number): Promise<number> {
  let offers = 0;
  for (const formatId of [...new Set(formatIds)].sort((a, b) => a - b)) {
    for (;;) {
      const [next] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.formatId, formatId), eq(waitlistEntries.status, 'waiting')))
        .orderBy(asc(waitlistEntries.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) break;
      // The place is taken for the offer by the purchase's own conditional update: never oversold.
      const took = await tx
        .update(formatStock)
        .set({ taken: sql`${formatStock.taken} + 1` })
        .where(
          and(
            eq(formatStock.formatId, formatId),
            eq(formatStock.kind, WAITLIST_KIND),
            sql`${formatStock.taken} + 1 <= ${formatStock.capacity}`,
          ),
        )
        .returning({ taken: formatStock.taken });
      if (took.length === 0) break;
      await makeOffer(tx, next.id, now, offerMs);
      offers++;
    }
  }
  return offers;
}

async function makeOffer(tx: Database, entryId: number, now: Date, offerMs: number): Promise<void> {
  const code = newToken();
  await tx
    .update(waitlistEntries)
    .set({
      status: 'offered',
      offerCode: code,
      offerCodeHash: sha256(code),
      offeredAt: now,
      offerExpiresAt: new Date(now.getTime() + offerMs),
      letterSentAt: null,
    })
    .where(eq(waitlistEntries.id, entryId));
}

/**
 * Offers that ran out (on the payments' sweep): each place passes to the next waiting person of its
 * format, or goes back on sale. One small transaction per place (stock row, then entries); a place is
 * settled once, whichever process closes its offer first.
 */
export async function expireOffers(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: waitlistEntries.id, formatId: waitlistEntries.formatId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
    .limit(100);
  let passed = 0;
  for (const entry of due) {
    const moved = await deps.db.transaction(async (tx) => {
      await lockStock(tx, entry.formatId);
      const closed = await tx
        .update(waitlistEntries)
        .set({ status: 'expired', closedAt: now, offerCode: null })
        .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'offered'), lte(waitlistEntries.offerExpiresAt, now)))
        .returning({ id: waitlistEntries.id });
      if (closed.length === 0) return false;
      await passPlace(tx, entry.formatId, now, deps.config.waitlistOfferMs);
      return true;
    });
    if (moved) passed++;
  }
  if (passed) await sendOfferLetters(deps);
  return passed;
}

/**
 * Queues the letters of offers not yet sent (right after the transaction that made them, and on every
 * sweep: a process that stopped between the two still gets them out). Each letter once (its key).
 */
export async function sendOfferLetters(deps: Deps): Promise<number> {
  const pending = await deps.db
    .select({ entry: waitlistEntries, format: eventFormats, event: events })
    .from(waitlistEntries)
    .innerJoin(eventFormats, eq(eventFormats.id, waitlistEntries.formatId))
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .where(and(eq(waitlistEntries.status, 'offered'), isNull(waitlistEntries.letterSentAt), isNotNull(waitlistEntries.offerCode)))
    .limit(100);
  for (const { entry, format, event } of pending) {
    const link = `${deps.config.publicUrl}/waitlist/offer/${entry.offerCode}`;
    const leave = await leaveLink(deps, entry);
    await deps.email.send({
      to: entry.email,
      ...offerLetter(entry.language, {
        event: inLanguage(event, entry.language).title,
        format: inLanguage(format, entry.language).title,
        link,
        leave,
        until: entry.offerExpiresAt!,
      }),
      meta: { kind: 'waitlist_offer', link, code: entry.offerCode!, leave_link: leave },
      key: `waitlist-offer ${entry.offerCodeHash}`,
    });
    // Outside demo mode no live link stays in the database once its letter is queued (issue 33, finding 9).
    await deps.db
      .update(waitlistEntries)
      .set({ letterSentAt: deps.clock.now(), offerCode: null })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'offered')));
  }
  return pending.length;
}

/** An offer a link's code names, still open: what the basket needs to show its ticket. */
export async function findOffer(db: Database, code: string, now: Date) {
  const [row] = await db
    .select({ entry: waitlistEntries, format: eventFormats, event: events, eventCity: eventCities })
    .from(waitlistEntries)
    .innerJoin(eventFormats, eq(eventFormats.id, waitlistEntries.formatId))
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .where(and(eq(waitlistEntries.offerCodeHash, sha256(code)), eq(waitlistEntries.status, 'offered')));
  if (!row?.entry.offerExpiresAt || row.entry.offerExpiresAt <= now) return null;
  return row;
}

/** GET /api/waitlist/offer/{code}: the offer's format, for the basket the link opens. */
export async function describeOffer(deps: Deps, code: string) {
  const offer = await findOffer(deps.db, code, deps.clock.now());
  if (!offer) throw notFound(waitlistMessages.offerGone);
  return {
    format_public_id: offer.format.publicId,
    event_public_id: offer.event.publicId,
    event_city_public_id: offer.eventCity.publicId,
    email: offer.entry.email,
    offer_expires_at: offer.entry.offerExpiresAt!.toISOString(),
  };
}

/**
 * The purchase's use of an offer, in the payment's transaction: the entry closed for the order, while
 * the offer is still open. The place it held (taken when it was offered) becomes the order's. False
 * when the offer ran out or was used meanwhile (the payment then refuses and rolls back).
 */
export async function consumeOffer(tx: Database, entryId: number, orderId: number, now: Date): Promise<boolean> {
  const used = await tx
    .update(waitlistEntries)
    .set({ status: 'used', orderId, closedAt: now, offerCode: null })
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, 'offered'), sql`${waitlistEntries.offerExpiresAt} > ${now}`))
    .returning({ id: waitlistEntries.id });
  return used.length > 0;
}
