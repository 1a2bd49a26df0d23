import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  bookedNumbers,
  certificates,
  eventCities,
  eventFormats,
  events,
  formatInsurances,
  insurances,
  issuedCertificates,
  orderItems,
  orderRefunds,
  orders,
  paymentEvents,
  productProportions,
  products,
  spacePlaces,
  type TicketInfo,
  teams,
  tickets,
  userInsurances,
} from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { newPublicId } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, found, HttpError, notFound } from '../../lib/errors';
import { toRubles } from '../../lib/money';
import type { Authenticated } from '../sessions/service';
import { expireOffers, sendOfferLetters } from '../waitlist/service';
import { certificateCodeMessages, respendCertificate, restoreCertificate } from './certificate-codes';
import { orderPaidLetter, orderRefundedLetter, orderRefundingLetter } from './letters';
import { type ConfirmedEvent, type IncomingNotification, providerMessages } from './provider';
import { failRefund, lineRefundMessages, settleLineRefundEvent, sweepLineRefunds } from './refunds';
import { claimOf, releaseStock, takeStock } from './stock';
import { stockGate } from './stock-gate';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'config' | 'payments'>;

export const orderMessages = {
  forged: providerMessages.forged,
  stale: providerMessages.stale,
  replayed: 'Уведомление уже обработано',
  amount: 'Сумма уведомления не совпадает с суммой заказа',
  notPaid: 'Заказ не оплачен',
  started: 'Возврат невозможен: мероприятие уже началось',
  used: 'Возврат невозможен: билет уже использован',
  delivered: 'Возврат невозможен: заказ уже доставлен',
  notYours: 'Заказ оформлен на другой аккаунт',
  certificateUsed: 'Возврат невозможен: сертификат уже использован',
} as const;

const itemsOf = (db: Database, orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

async function recordEvent(tx: Database, eventId: string | undefined, orderId: number, kind: string, now: Date): Promise<void> {
  if (!eventId) return;
  try {
    await tx.insert(paymentEvents).values({ eventId, orderId, kind, receivedAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(orderMessages.replayed);
    throw error;
  }
}

const PARTICIPANT_FIELDS = ['first_name', 'last_name', 'phone', 'gender', 'birth_date'] as const;

/** Issues what a paid order bought: numbered tickets (and their policies), policies, certificates. */
async function issue(tx: Database, order: OrderRow, items: ItemRow[], now: Date): Promise<void> {
  for (const item of items) {
    if (item.kind === 'ticket') await issueTickets(tx, order, item, now);
    if (item.kind === 'insurance') {
      const payload = item.payload as Record<string, string | null>;
      await tx.insert(userInsurances).values({
        publicId: newPublicId(),
        orderId: order.id,
        userId: order.userId,
        insuranceId: item.insuranceId!,
        number: policyNumber(now),
        startDate: new Date(payload.start_date!),
        info: { ...payload, start_date: undefined },
        createdAt: now,
      });
    }
    if (item.kind === 'certificate') {
      await tx.insert(issuedCertificates).values(
        Array.from({ length: item.count }, () => ({
          publicId: newPublicId(),
          orderId: order.id,
          certificateId: item.certificateId!,
          code: certificateCode(),
          amount: item.unitPrice,
          recipient:
            (item.payload as { recipient?: { name?: string | null; email?: string | null; message?: string | null } | null }).recipient ??
            null,
          createdAt: now,
        })),
      );
    }
  }
}

const policyNumber = (now: Date) => `ГИ-${now.getUTCFullYear()}-${String(randomInt(0, 1e9)).padStart(9, '0')}`;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const certificateCode = () =>
  Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('')).join('-');

/**
 * A new team's names: the buyer's name (numbered when the line makes several teams) is its one name; an
 * unnamed team is numbered «Команда N», and "Team N" for the English UI (issue 35).
 */
export function teamNames(given: string | null | undefined, count: number, index: number, number: number) {
  if (given) return { name: `${given}${count > 1 ? ` ${index + 1}` : ''}`, nameEn: null };
  return { name: `Команда ${number}`, nameEn: `Team ${number}` };
}

async function issueTickets(tx: Database, order: OrderRow, item: ItemRow, now: Date): Promise<void> {
  const [place] = await tx
    .select({ format: eventFormats, eventCity: eventCities })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .where(eq(eventFormats.id, item.formatId!));
  const { format, eventCity } = place!;
  // Numbers: one atomic bump of the event's counter, so concurrent confirmations never share one.
  const bumped = await tx.execute(sql`
    insert into ticket_counters (event_id, last_number) values (${eventCity.eventId}, ${item.count})
    on conflict (event_id) do update set last_number = ticket_counters.last_number + ${item.count}
    returning last_number`);
  const last = Number((bumped as unknown as { rows: { last_number: number }[] }).rows[0]!.last_number);
  const first = last - item.count + 1;
  const payload = item.payload as {
    infos?: Record<string, unknown>[];
    insurance?: boolean;
    teams?: number;
    team_name?: string | null;
    start_number?: number | null;
    place_public_id?: string | null;
    delivery?: Record<string, unknown> | null;
  };

  // New teams of a team format: tickets fill them in turn, up to the team size each.
  const teamIds: number[] = [];
  for (let t = 0; t < (payload.teams ?? 0); t++) {
    const [team] = await tx
      .insert(teams)
      .values({
        publicId: newPublicId(),
        formatId: format.id,
        ...teamNames(payload.team_name, payload.teams ?? 0, t, first + t),
        number: first + t,
        membersCount: 0,
      })
      .returning({ id: teams.id });
    teamIds.push(team!.id);
  }
  const perTeam = teamIds.length ? Math.ceil(item.count / teamIds.length) : 0;
  const chosen = await takeChosen(tx, order, format.id, payload);
  const rows = Array.from({ length: item.count }, (_, i) => {
    // The place and numbers are the organiser's: never taken from what the buyer sent.
    const { number: _n, inside_number: _i, sector: _s, row: _r, place: _p, delivery: _d, ...given } = payload.infos?.[i] ?? {};
    const info: TicketInfo = { ...given, email: order.email, insurance: payload.insurance ?? false, offline_registered: false };
    // The start pack's delivery the line chose (method and address), as the checkout priced it.
    if (payload.delivery) info.delivery = payload.delivery;
    // The line's first ticket gets the number and seat its buyer held (moved to the order at payment).
    if (i === 0) Object.assign(info, chosen);
    info.registered = PARTICIPANT_FIELDS.every((field) => typeof given[field] === 'string' && (given[field] as string).trim() !== '');
    return {
      publicId: newPublicId(),
      orderId: order.id,
      orderItemId: item.id,
      formatId: format.id,
      eventId: eventCity.eventId,
      teamId: item.teamId ?? (teamIds.length ? teamIds[Math.min(teamIds.length - 1, Math.floor(i / perTeam))]! : null),
      userId: order.userId,
      originalUserId: order.userId,
      number: first + i,
      info,
      createdAt: now,
    };
  });
  const issued = await tx.insert(tickets).values(rows).returning({ id: tickets.id, info: tickets.info });
  for (const teamId of teamIds) {
    const members = rows.filter((row) => row.teamId === teamId).length;
    await tx.update(teams).set({ membersCount: members }).where(eq(teams.id, teamId));
  }
  if (payload.insurance) {
    const [offer] = await tx
      .select({ insurance: insurances })
      .from(formatInsurances)
      .innerJoin(insurances, eq(insurances.id, formatInsurances.insuranceId))
      .where(eq(formatInsurances.formatId, format.id))
      .orderBy(sql`${insurances.isDefault} desc`, asc(insurances.sort))
      .limit(1);
    if (offer) {
      await tx.insert(userInsurances).values(
        issued.map((ticket) => ({
          publicId: newPublicId(),
          orderId: order.id,
          userId: order.userId,
          insuranceId: offer.insurance.id,
          ticketId: ticket.id,
          number: policyNumber(now),
          startDate: format.startTime ?? eventCity.startTime,
          info: {
            first_name: ticket.info.first_name ?? null,
            last_name: ticket.info.last_name ?? null,
            second_name: ticket.info.second_name ?? null,
            phone: ticket.info.phone ?? null,
          },
          createdAt: now,
        })),
      );
    }
  }
}

/**
 * The start number and seat a paid order's ticket line held: the number becomes the participant's for
 * good, the seat booked. A hold the order lost (it expired before a late payment) gives nothing.
 */
async function takeChosen(
  tx: Database,
  order: OrderRow,
  formatId: number,
  payload: { start_number?: number | null; place_public_id?: string | null },
): Promise<Partial<TicketInfo>> {
  const chosen: Partial<TicketInfo> = {};
  if (typeof payload.start_number === 'number') {
    const [number] = await tx
      .update(bookedNumbers)
      .set({ expiresAt: null })
      .where(and(eq(bookedNumbers.formatId, formatId), eq(bookedNumbers.number, payload.start_number), eq(bookedNumbers.orderId, order.id)))
      .returning({ number: bookedNumbers.number });
    if (number) chosen.number = number.number;
  }
  if (typeof payload.place_public_id === 'string') {
    const [seat] = await tx
      .update(spacePlaces)
      .set({ booked: true, heldUntil: null })
      .where(and(eq(spacePlaces.formatId, formatId), eq(spacePlaces.publicId, payload.place_public_id), eq(spacePlaces.orderId, order.id)))
      .returning();
    if (seat) Object.assign(chosen, { sector: seat.sector, row: seat.row, place: seat.place });
  }
  return chosen;
}

/** Lets go of what an order held besides stock: its start numbers and seats, and the certificate value it spent. */
async function releaseChoices(tx: Database, order: Pick<OrderRow, 'id' | 'certificateId' | 'certificateAmount'>): Promise<void> {
  await tx.delete(bookedNumbers).where(eq(bookedNumbers.orderId, order.id));
  await tx
    .update(spacePlaces)
    .set({ booked: false, heldBy: null, heldUntil: null, orderId: null })
    .where(eq(spacePlaces.orderId, order.id));
  await restoreCertificate(tx, order);
}

/**
 * Marks an order paid and issues what it bought, once: the status moves only from `pending`, so a
 * repeated or concurrent confirmation finds it paid and issues nothing. A payment that arrives after the
 * hold expired takes the stock again if it is still there; otherwise the money is refunded.
 */
export async function confirmOrder(deps: Deps, orderId: number, eventId: string | null): Promise<'paid' | 'already' | 'refunding'> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    await recordEvent(tx, eventId ?? undefined, orderId, 'succeeded', now);
    const [paid] = await tx
      .update(orders)
      .set({ status: 'paid', paidAt: now, shopStatus: sql`case when ${orders.shopStatus} is null then null else 'paid' end` })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning();
    const items = await itemsOf(tx, orderId);
    if (paid) {
      await issue(tx, paid, items, now);
      return { kind: 'paid' as const, order: paid };
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || (order.status !== 'expired' && order.status !== 'declined')) return { kind: 'already' as const, order };
    try {
      await tx.transaction(async (savepoint) => {
        await takeStock(savepoint, items.map(claimOf));
        // The certificate value the expiry gave back is spent again, if the certificate still has it.
        if (!(await respendCertificate(savepoint, order))) throw badRequest(certificateCodeMessages.used);
      });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // Paid, but the places are gone: the money goes back the way a cancel's does — asked for now,
      // `refunded` only once the provider has settled it (its notification or the sweeper's next ask).
      const [refunding] = await tx
        .update(orders)
        .set({ status: 'refunding', paidAt: now, closedAt: now })
        .where(eq(orders.id, orderId))
        .returning();
      return { kind: 'refunding' as const, order: refunding };
    }
    const [late] = await tx
      .update(orders)
      .set({
        status: 'paid',
        paidAt: now,
        closedAt: null,
        shopStatus: sql`case when ${orders.shopStatus} is null then null else 'paid' end`,
      })
      .where(eq(orders.id, orderId))
      .returning();
    await issue(tx, late!, items, now);
    return { kind: 'paid' as const, order: late };
  });
  const order = outcome.order;
  if (outcome.kind === 'paid' && order) {
    await deps.email.send({
      to: order.email,
      ...orderPaidLetter(order.language, order, `${deps.config.publicUrl}/me`),
      meta: { kind: 'order-paid', order: order.publicId },
      key: `order-paid:${order.publicId}`,
    });
  }
  if (outcome.kind === 'refunding' && order) {
    await deps.email.send({
      to: order.email,
      ...orderRefundingLetter(order.language, order),
      meta: { kind: 'order-refunding', order: order.publicId },
      key: `order-refunding:${order.publicId}`,
    });
    await completeRefund(deps, order.id);
  }
  return outcome.kind;
}

/** Ends an unpaid order (declined by the buyer or expired) and gives its stock back; false if it was not pending. */
export async function closeOrder(
  deps: Pick<ServerDeps, 'db' | 'clock' | 'config' | 'email'>,
  orderId: number,
  status: 'declined' | 'expired',
  eventId?: string,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db
    .transaction(async (tx) => {
      await recordEvent(tx, eventId, orderId, 'canceled', now);
      const [closed] = await tx
        .update(orders)
        .set({ status, closedAt: now })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
        .returning({ id: orders.id, certificateId: orders.certificateId, certificateAmount: orders.certificateAmount });
      if (!closed) return false;
      await releaseStock(tx, (await itemsOf(tx, orderId)).map(claimOf), { now, offerMs: deps.config.waitlistOfferMs });
      await releaseChoices(tx, closed);
      return true;
    })
    .then(async (closed) => {
      if (closed) {
        stockGate(deps.db).invalidate();
        await sendOfferLetters(deps);
      }
      return closed;
    });
}

/**
 * Releases the holds of unpaid orders whose time ran out, and asks again for refunds the provider did
 * not take (at start, before each payment, every minute).
 */
export async function expireOrders(deps: Deps): Promise<number> {
  // Not those whose latest refund the provider refused: they wait for the back office (and would crowd out the rest).
  const refunding = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'refunding'),
        sql`not exists (select 1 from order_refunds r where r.order_id = ${orders.id} and r.order_item_id is null
          and r.status = 'failed' and r.id = (select max(n.id) from order_refunds n where n.order_id = ${orders.id} and n.order_item_id is null))`,
      ),
    )
    .limit(100);
  for (const { id } of refunding) await completeRefund(deps, id);
  await sweepLineRefunds(deps);
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.expiresAt, deps.clock.now())))
    .limit(500);
  let closed = 0;
  for (const { id } of due) if (await closeOrder(deps, id, 'expired')) closed++;
  // Waiting-list offers that ran out pass to the next person; letters a stopped process left unsent go out.
  if ((await expireOffers(deps)) === 0) await sendOfferLetters(deps);
  return closed;
}

/**
 * The sweeper's word with a provider that can be asked (YooKassa; the sandbox cannot): pending orders
 * older than `olderThanMs` — those whose hold has run out first — are looked up at the provider, and
 * a payment it calls succeeded or canceled is settled as its notification would have settled it. A
 * notification lost on the way costs a minute, not an order. Answers how many it settled.
 */
export async function reconcilePending(deps: Deps, options: { olderThanMs?: number; limit?: number } = {}): Promise<number> {
  const now = deps.clock.now();
  const pending = await deps.db
    .select({ id: orders.id, paymentId: orders.paymentId, providerPaymentId: orders.providerPaymentId, amount: orders.amount })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.createdAt, new Date(now.getTime() - (options.olderThanMs ?? 60_000)))))
    .orderBy(asc(orders.expiresAt))
    .limit(options.limit ?? 50);
  let settled = 0;
  for (const order of pending) {
    if (order.amount === 0 || !order.providerPaymentId) continue;
    let said: Awaited<ReturnType<Deps['payments']['status']>>;
    try {
      said = await deps.payments.status({ paymentId: order.paymentId, providerPaymentId: order.providerPaymentId });
    } catch {
      continue; // the provider is away: its notification, or the next beat
    }
    if (!said) return settled; // a provider that cannot be asked: nothing to reconcile
    if (said.status === 'pending' || said.amount !== order.amount) continue;
    const outcome =
      said.status === 'succeeded'
        ? await confirmOrder(deps, order.id, null)
        : (await closeOrder(deps, order.id, 'declined'))
          ? 'declined'
          : 'already';
    if (outcome !== 'already') settled++;
  }
  return settled;
}

/** The order a confirmed event names: by the provider's payment id, else by the site's own. */
async function orderOf(deps: Deps, event: ConfirmedEvent): Promise<OrderRow | undefined> {
  const [byProvider] = await deps.db.select().from(orders).where(eq(orders.providerPaymentId, event.providerPaymentId));
  if (byProvider) return byProvider;
  if (!event.paymentId) return undefined;
  const [bySite] = await deps.db.select().from(orders).where(eq(orders.paymentId, event.paymentId));
  // An order that knows its provider payment under another id is not this payment's.
  return bySite && (bySite.providerPaymentId === null || bySite.providerPaymentId === event.providerPaymentId) ? bySite : undefined;
}

/**
 * POST /api/payment/notification: the provider's word on a payment, as the provider confirms it
 * (provider.ts: a checked signature, or the object asked back). Settling is idempotent — a status moves
 * only forward — so a duplicated, late or out-of-order notification changes nothing twice.
 */
export async function handleNotification(deps: Deps, notification: IncomingNotification) {
  const event = await deps.payments.confirm(notification);
  if (!event) return { status: 'ignored' };
  const order = await orderOf(deps, event);
  if (!order) throw notFound();
  // A line's refund (the back office's): its own row, its own amount.
  if (event.kind === 'refund') {
    const line = await settleLineRefundEvent(deps, event);
    if (line) return line;
  }
  if (event.amount !== order.amount) throw badRequest(orderMessages.amount);
  // A refund settled: only one the site asked for (a `refunding` order) closes anything; one made
  // elsewhere (the provider's dashboard) is the provider's business, not a reason to void tickets.
  if (event.kind === 'refund') {
    if (event.status !== 'succeeded') return { status: event.status === 'pending' ? 'pending' : 'ignored' };
    if (order.status !== 'refunding') return { status: order.status === 'refunded' ? 'already' : 'ignored' };
    return { status: (await finishRefund(deps, order.id, event.eventId)) ? 'refunded' : 'already' };
  }
  // What the provider still calls pending is nothing yet, whatever the body said.
  if (event.status === 'pending') return { status: 'pending' };
  if (event.status === 'succeeded') return { status: await confirmOrder(deps, order.id, event.eventId ?? null) };
  const closed = await closeOrder(deps, order.id, 'declined', event.eventId);
  return { status: closed ? 'declined' : 'already' };
}

/**
 * POST /api/payment/cancel: the buyer returns a paid order before its event. The stock is released at
 * once and the tickets wait for the refund (`processing`, «Ожидайте возврат»); when the provider has
 * refunded — at once, or later by its notification (`refunded`) or the sweeper's next ask — they are
 * `returned` and the order `refunded`. A refund the provider did not take is asked again by the sweeper.
 */
export async function cancelOrder(deps: Deps, auth: Authenticated, orderPublicId: string) {
  const { sum } = await refundOrder(deps, orderPublicId, { ownerId: auth.user.id });
  return { sum };
}

/** The whole order's refund as a row (no line): the order's amount and receipt, and what `more` says. */
const wholeRefund = (
  order: Pick<typeof orders.$inferSelect, 'id' | 'amount' | 'receipt'>,
  createdAt: Date,
  more: Partial<typeof orderRefunds.$inferInsert> = {},
): typeof orderRefunds.$inferInsert => ({
  publicId: newPublicId(),
  orderId: order.id,
  amount: order.amount,
  receipt: order.receipt,
  createdAt,
  ...more,
});

/**
 * The refund entry point, for the buyer's cancel and for a service (the organiser's back office): a
 * `paid` order becomes `refunding` in one transaction — its tickets «Ожидайте возврат», certificates it
 * sold spent, policies cancelled, stock and choices released — then the provider is asked for the money
 * (`completeRefund`: asynchronous, settled by the provider's notification or the sweeper's next ask,
 * when the order becomes `refunded` and the buyer gets a letter). `ownerId`: only that account's order
 * (the buyer's cancel); `allowStarted`: an event already started does not stop it (an organiser
 * cancelling an event); a used ticket or delivered goods still do. Throws the Russian 4xx refusals.
 */
export async function refundOrder(
  deps: Deps,
  orderPublicId: string,
  options: { ownerId?: number; allowStarted?: boolean; requestedBy?: number } = {},
): Promise<{ sum: number; status: 'refunded' | 'refunding' }> {
  const now = deps.clock.now();
  const order = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.publicId, orderPublicId)).for('update');
    if (!row) throw notFound();
    if (options.ownerId !== undefined && row.userId !== options.ownerId) throw notFound(orderMessages.notYours);
    // The back office asks again for a refund the provider refused: the order gave back all it held when it
    // became `refunding`; only the money is asked for, as a new refund (a key of its own at the provider).
    if (row.status === 'refunding' && options.ownerId === undefined) {
      const [latest] = await tx
        .select({ status: orderRefunds.status })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, row.id), isNull(orderRefunds.orderItemId)))
        .orderBy(desc(orderRefunds.id))
        .limit(1);
      if (latest?.status === 'failed') {
        await tx.insert(orderRefunds).values(wholeRefund(row, now, { requestedBy: options.requestedBy ?? null }));
        return row;
      }
    }
    if (row.status !== 'paid') throw badRequest(orderMessages.notPaid);
    if (row.shopStatus === 'delivered') throw badRequest(orderMessages.delivered);
    // Lines already refunded one by one: the rest goes the same way (the back office), not as a whole.
    const [partly] = await tx
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, row.id), ne(orderRefunds.status, 'failed')))
      .limit(1);
    if (partly) throw conflict(lineRefundMessages.partly);
    const held = await tx
      .select({ ticket: tickets, start: sql<Date>`coalesce(${eventFormats.startTime}, ${eventCities.startTime})` })
      .from(tickets)
      .innerJoin(eventFormats, eq(eventFormats.id, tickets.formatId))
      .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
      .where(eq(tickets.orderId, row.id));
    for (const { ticket, start } of held) {
      if (!options.allowStarted && new Date(start).getTime() <= now.getTime()) throw badRequest(orderMessages.started);
      if (ticket.info.offline_registered) throw badRequest(orderMessages.used);
    }
    const [refunding] = await tx
      .update(orders)
      .set({ status: 'refunding', closedAt: now, shopStatus: row.shopStatus ? 'processing' : null })
      .where(eq(orders.id, row.id))
      .returning();
    await tx.update(tickets).set({ status: 'processing' }).where(eq(tickets.orderId, row.id));
    // Certificates it bought go back only unspent, and are then spent for good (nothing left on them).
    const sold = await tx.select().from(issuedCertificates).where(eq(issuedCertificates.orderId, row.id)).for('update');
    if (sold.some((certificate) => certificate.spent > 0)) throw badRequest(orderMessages.certificateUsed);
    if (sold.length)
      await tx
        .update(issuedCertificates)
        .set({ spent: sql`${issuedCertificates.amount}` })
        .where(eq(issuedCertificates.orderId, row.id));
    await tx.update(userInsurances).set({ status: 'cancelled' }).where(eq(userInsurances.orderId, row.id));
    await releaseStock(tx, (await itemsOf(tx, row.id)).map(claimOf), { now, offerMs: deps.config.waitlistOfferMs });
    await releaseChoices(tx, row);
    // The whole order's refund is a refund row too (no line): the order's refunded amount is its refunds' sum.
    await tx.insert(orderRefunds).values(wholeRefund(row, now, { requestedBy: options.requestedBy ?? null }));
    return refunding!;
  });
  stockGate(deps.db).invalidate();
  await sendOfferLetters(deps);
  const done = await completeRefund(deps, order.id);
  return { sum: toRubles(order.amount), status: done ? 'refunded' : 'refunding' };
}

/**
 * Asks the provider to refund a `refunding` order (again: the ask is idempotent and reads where the
 * refund stands). When the provider says the money is back, the order and its tickets are closed;
 * while its refund is pending they wait («Ожидайте возврат») for its notification or the next sweep.
 */
export async function completeRefund(deps: Deps, orderId: number): Promise<boolean> {
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'refunding')));
  if (!order) return false;
  // The order's whole refunds, newest first: the last one refused for good is asked no more, until the
  // back office asks anew (a new row); one asked after a refusal has a key of its own (its public id).
  const wholeRefunds = await deps.db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), isNull(orderRefunds.orderItemId)))
    .orderBy(desc(orderRefunds.id));
  const [latest] = wholeRefunds;
  if (latest?.status === 'failed') return false;
  const again = wholeRefunds.some((refund) => refund.status === 'failed');
  let answer: Awaited<ReturnType<Deps['payments']['refund']>>;
  try {
    answer = await deps.payments.refund({
      paymentId: order.paymentId,
      providerPaymentId: order.providerPaymentId,
      refundId: order.providerRefundId,
      ...(again && latest ? { key: latest.publicId } : {}),
      amount: order.amount,
      receipt: order.receipt,
    });
  } catch {
    return false; // the tickets stay «Ожидайте возврат»; the sweeper asks again
  }
  if (answer.outcome === 'canceled') {
    // Refused for good: the order stays `refunding` (its tickets «Ожидайте возврат»), its refund `failed`.
    if (latest) await failRefund(deps, latest.id, answer);
    else
      await deps.db.insert(orderRefunds).values(
        wholeRefund(order, deps.clock.now(), {
          status: 'failed',
          providerRefundId: answer.refundId,
          settledAt: deps.clock.now(),
          failureReason: answer.reason ?? 'canceled',
        }),
      );
    await deps.db.update(orders).set({ providerRefundId: null }).where(eq(orders.id, orderId));
    return false;
  }
  // The provider's refund id, kept: the next ask reads that refund back instead of asking anew.
  if (answer.refundId && answer.refundId !== order.providerRefundId) {
    await deps.db.update(orders).set({ providerRefundId: answer.refundId }).where(eq(orders.id, orderId));
    await deps.db
      .update(orderRefunds)
      .set({ providerRefundId: answer.refundId })
      .where(and(eq(orderRefunds.orderId, orderId), isNull(orderRefunds.orderItemId), eq(orderRefunds.status, 'pending')));
  }
  if (answer.outcome === 'pending') return false;
  return finishRefund(deps, orderId);
}

/**
 * The provider has returned the money: a `refunding` order becomes `refunded` and its tickets
 * `returned`, once (a second word on the same refund finds it done); the buyer gets a letter.
 * `eventId` is the notification's, recorded so that a replay is refused.
 */
async function finishRefund(deps: Deps, orderId: number, eventId?: string): Promise<boolean> {
  const now = deps.clock.now();
  const order = await deps.db.transaction(async (tx) => {
    await recordEvent(tx, eventId, orderId, 'refunded', now);
    const [refunded] = await tx
      .update(orders)
      .set({ status: 'refunded', refundedAmount: sql`${orders.amount}` })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'refunding')))
      .returning();
    if (refunded) {
      await tx
        .update(tickets)
        .set({ status: 'returned' })
        .where(and(eq(tickets.orderId, orderId), eq(tickets.status, 'processing')));
      // Its refund row settles (a late payment's refund had none: written now, already settled).
      const [row] = await tx
        .update(orderRefunds)
        .set({ status: 'succeeded', settledAt: now })
        .where(and(eq(orderRefunds.orderId, orderId), isNull(orderRefunds.orderItemId), eq(orderRefunds.status, 'pending')))
        .returning({ id: orderRefunds.id });
      if (!row)
        await tx
          .insert(orderRefunds)
          .values(wholeRefund(refunded, now, { status: 'succeeded', providerRefundId: refunded.providerRefundId, settledAt: now }));
    }
    return refunded;
  });
  if (order) {
    await deps.email.send({
      to: order.email,
      ...orderRefundedLetter(order.language, order),
      meta: { kind: 'order-refunded', order: order.publicId },
      key: `order-refunded:${order.publicId}`,
    });
  }
  return Boolean(order);
}

const samePerson = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  a.first_name === b.first_name && a.last_name === b.last_name && a.birth_date === b.birth_date;

/**
 * GET /api/order/{orderId}: the order with its tickets, goods, certificates and insurances, its e-mail
 * and what is still unpaid. A guest's order id is a random capability (guests pay too); an order placed
 * by an account needs that account's token (anyone else gets the same 404 as for no order). Reading
 * changes nothing and calls no provider: the payment link is the one stored at creation.
 */
export async function getOrder(deps: Pick<ServerDeps, 'db' | 'config'>, orderPublicId: string, auth: Authenticated | null) {
  const { db } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.publicId, orderPublicId));
  found(order);
  if (order!.needsToken && (auth === null || auth.user.id !== order!.userId)) throw notFound();
  const rows = await db
    .select({
      item: orderItems,
      format: eventFormats,
      eventCity: eventCities,
      event: events,
      product: products,
      proportion: productProportions,
      insurance: insurances,
      certificate: certificates,
    })
    .from(orderItems)
    .leftJoin(eventFormats, eq(eventFormats.id, orderItems.formatId))
    .leftJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .leftJoin(events, eq(events.id, eventCities.eventId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(productProportions, eq(productProportions.id, orderItems.proportionId))
    .leftJoin(insurances, eq(insurances.id, orderItems.insuranceId))
    .leftJoin(certificates, eq(certificates.id, orderItems.certificateId))
    .where(eq(orderItems.orderId, order!.id))
    .orderBy(asc(orderItems.id));
  const issued = await db
    .select({ publicId: tickets.publicId, number: tickets.number, orderItemId: tickets.orderItemId })
    .from(tickets)
    .where(eq(tickets.orderId, order!.id))
    .orderBy(asc(tickets.number));
  const policies = await db
    .select({
      number: userInsurances.number,
      ticketId: userInsurances.ticketId,
      insuranceId: userInsurances.insuranceId,
      info: userInsurances.info,
    })
    .from(userInsurances)
    .where(eq(userInsurances.orderId, order!.id));
  const codes = await db.select().from(issuedCertificates).where(eq(issuedCertificates.orderId, order!.id));

  const money = (item: ItemRow) => ({
    count: item.count,
    price: toRubles(item.unitPrice),
    discount: toRubles(item.discount),
    totalCost: toRubles(item.total),
  });
  const lists = {
    tickets: rows
      .filter((row) => row.item.kind === 'ticket')
      .map(({ item, format, eventCity, event }) => ({
        selector: 'ticket',
        ...money(item),
        insurance_cost: toRubles(item.insuranceCost),
        format_public_id: format!.publicId,
        title: format!.title,
        start_time: (format!.startTime ?? eventCity!.startTime).toISOString(),
        address: eventCity!.address,
        event: { public_id: event!.publicId, title: event!.title },
        event_city: { public_id: eventCity!.publicId },
        delivery_public_id:
          ((item.payload as { delivery?: { public_id?: string } | null }).delivery?.public_id as string | undefined) ?? null,
        tickets: issued
          .filter((ticket) => ticket.orderItemId === item.id)
          .map((ticket) => ({ public_id: ticket.publicId, number: ticket.number })),
      })),
    shop: rows
      .filter((row) => row.item.kind === 'shop')
      .map(({ item, product, proportion }) => ({
        selector: 'shop',
        ...money(item),
        public_id: product!.publicId,
        title: product!.title,
        picture: product!.picture,
        size: proportion?.name ?? null,
        proportion_public_id: proportion?.publicId ?? null,
      })),
    certificates: rows
      .filter((row) => row.item.kind === 'certificate')
      .map(({ item, certificate }) => ({
        selector: 'certificate',
        ...money(item),
        public_id: certificate!.publicId,
        title: certificate!.title,
        recipient: (item.payload as { recipient?: unknown }).recipient ?? null,
        codes: codes.filter((code) => code.certificateId === certificate!.id).map((code) => code.code),
        issued: codes
          .filter((code) => code.certificateId === certificate!.id)
          .map((code) => ({ code: code.code, amount: toRubles(code.amount), left: toRubles(code.amount - code.spent) })),
      })),
    insurances: rows
      .filter((row) => row.item.kind === 'insurance')
      .map(({ item, insurance }) => ({
        selector: 'insurance',
        ...money(item),
        public_id: insurance!.publicId,
        title: insurance!.title,
        start_date: (item.payload as { start_date?: string }).start_date ?? null,
        // The policy issued for this line: same offer, same insured person.
        policies: policies
          .filter((policy) => policy.ticketId === null && policy.insuranceId === item.insuranceId && samePerson(policy.info, item.payload))
          .map((policy) => policy.number),
      })),
  };
  const paid = order!.status === 'paid';
  const empty = { tickets: [], shop: [], certificates: [], insurances: [] };
  return {
    public_id: order!.publicId,
    status: order!.status,
    paid,
    email: order!.email,
    created: order!.createdAt.toISOString(),
    amount: toRubles(order!.amount),
    delivery_cost: toRubles(order!.deliveryCost),
    certificate_amount: toRubles(order!.certificateAmount),
    items: lists,
    unpaid: order!.status === 'pending' ? lists : empty,
    unpaid_amount: order!.status === 'pending' ? toRubles(order!.amount) : 0,
    expires_at: order!.status === 'pending' ? order!.expiresAt.toISOString() : null,
    redirect_url: order!.status === 'pending' ? order!.paymentUrl : null,
  };
}
