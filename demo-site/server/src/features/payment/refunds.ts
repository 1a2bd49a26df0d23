import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  bookedNumbers,
  certificates,
  eventCities,
  eventFormats,
  events,
  insurances,
  issuedCertificates,
  orderItems,
  orderRefunds,
  orders,
  products,
  spacePlaces,
  tickets,
  userInsurances,
} from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { newPublicId } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { sendOfferLetters } from '../waitlist/service';
import { lineRefundedLetter } from './letters';
import type { ConfirmedEvent } from './provider';
import { type ChargeLine, type Receipt, splitLine, spreadReduction } from './receipt';
import { claimOf, releaseStock } from './stock';
import { stockGate } from './stock-gate';

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'config' | 'payments'>;
type ItemRow = typeof orderItems.$inferSelect;
type RefundRow = typeof orderRefunds.$inferSelect;

export const lineRefundMessages = {
  unknownLine: 'Позиция заказа не найдена',
  taken: 'Эта позиция уже возвращена или возвращается',
  partly: 'По заказу уже возвращены отдельные позиции: оставшиеся возвращает организатор',
  notPaid: 'Заказ не оплачен',
  started: 'Возврат невозможен: мероприятие уже началось',
  used: 'Возврат невозможен: билет уже использован',
  delivered: 'Возврат невозможен: заказ уже доставлен',
  certificateUsed: 'Возврат невозможен: сертификат уже использован',
} as const;

/** A priced order line, as far as its refund's share is concerned. */
export interface ShareLine {
  kind: string;
  /** Kopecks the line cost (after the promocode's and sale's discounts), its insurance included. */
  total: number;
  insuranceCost: number;
}

/**
 * What the buyer actually paid for each line, in kopecks: the gift certificate the order redeemed is spread
 * over the lines — and the delivery — exactly as the payment's receipt spread it (`buildReceipt`: largest
 * remainder, never over certificates sold), so a line's refund matches the receipt's items. `parts[i]` are
 * the line's receipt lines (a ticket: the ticket, then the participant's insurance); the parts and the
 * delivery add up to the order's amount to the kopeck.
 */
export function refundShares(
  lines: readonly ShareLine[],
  deliveryCost: number,
  certificateAmount: number,
): { parts: number[][]; shares: number[]; delivery: number } {
  const components: { line: number; total: number; advance: boolean }[] = [];
  lines.forEach((line, index) => {
    if (line.kind === 'ticket') {
      components.push({ line: index, total: line.total - line.insuranceCost, advance: false });
      components.push({ line: index, total: line.insuranceCost, advance: false });
    } else components.push({ line: index, total: line.total, advance: line.kind === 'certificate' });
  });
  components.push({ line: -1, total: deliveryCost, advance: false });
  const spread = spreadReduction(
    components.map((component) => (component.advance ? 0 : component.total)),
    certificateAmount,
  );
  const paid = components.map((component, index) => (component.advance ? component.total : spread[index]!));
  const parts = lines.map((_, index) => paid.filter((_, c) => components[c]!.line === index));
  return { parts, shares: parts.map((p) => p.reduce((a, b) => a + b, 0)), delivery: paid[paid.length - 1]! };
}

/** The line's receipt lines (54-ФЗ) as the payment's receipt named them. */
async function lineDescriptions(tx: Database, item: ItemRow): Promise<{ description: string; subject: ChargeLine['subject'] }[]> {
  switch (item.kind) {
    case 'ticket': {
      const [row] = await tx
        .select({ format: eventFormats.title, event: events.title })
        .from(eventFormats)
        .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
        .innerJoin(events, eq(events.id, eventCities.eventId))
        .where(eq(eventFormats.id, item.formatId!));
      return [
        { description: `Билет: ${row ? `${row.event} — ${row.format}` : 'участие в мероприятии'}`, subject: 'service' },
        { description: 'Страховка участника', subject: 'service' },
      ];
    }
    case 'shop': {
      const [row] = await tx.select({ title: products.title }).from(products).where(eq(products.id, item.productId!));
      return [{ description: row?.title ?? 'Товар', subject: 'commodity' }];
    }
    case 'insurance': {
      const [row] = await tx.select({ title: insurances.title }).from(insurances).where(eq(insurances.id, item.insuranceId!));
      return [{ description: `Страховой полис: ${row?.title ?? 'страхование'}`, subject: 'service' }];
    }
    default: {
      const [row] = await tx.select({ title: certificates.title }).from(certificates).where(eq(certificates.id, item.certificateId!));
      return [{ description: `Подарочный сертификат: ${row?.title ?? ''}`.trim(), subject: 'payment' }];
    }
  }
}

/**
 * POST /api/organizer/orders/{id}/refund `{ line_public_id }`: one line of a paid order refunded through
 * the provider, its own refund (the spec's asynchronous refund). In one transaction, the order locked: the
 * line is checked (not refunded nor being refunded — 409; a used ticket, delivered goods, a spent
 * certificate — 400), its refund row written with the amount the buyer paid for it and the receipt of its
 * items, its tickets «Ожидайте возврат», its policies cancelled, and its places freed — through the waiting
 * list's hook (`releaseStock`), as a cancelled order frees them. The provider is asked after the commit;
 * the refund settles by its notification or the sweeper's next ask. The last line refunded also carries
 * the delivery and the kopecks the rounding left: all the lines' refunds add up to the order's amount.
 */
export async function refundLine(
  deps: Deps,
  input: { orderPublicId: string; linePublicId: string; requestedBy: number | null; allowStarted?: boolean },
): Promise<{ refund: RefundRow; item: ItemRow; orderPublicId: string }> {
  const now = deps.clock.now();
  const vatCode = deps.config.payment.vatCode ?? 1;
  const done = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.publicId, input.orderPublicId)).for('update');
    if (!order) throw notFound();
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    const index = items.findIndex((item) => item.publicId === input.linePublicId);
    const item = items[index];
    if (!item) throw notFound(lineRefundMessages.unknownLine);
    const everyRefund = await tx.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    const refunds = everyRefund.filter((refund) => refund.status !== 'failed');
    if (
      order.status === 'refunding' ||
      order.status === 'refunded' ||
      refunds.some((refund) => refund.orderItemId === null || refund.orderItemId === item.id)
    )
      throw conflict(lineRefundMessages.taken);
    if (order.status !== 'paid') throw badRequest(lineRefundMessages.notPaid);
    // Asked again after the provider refused the line's refund: what that request gave back (its places,
    // its tickets «Ожидайте возврат», its policies, a certificate spent) is given already; only the money is asked for.
    const again = everyRefund.some((refund) => refund.orderItemId === item.id);

    const held =
      item.kind === 'ticket'
        ? await tx
            .select({ ticket: tickets, start: sql<Date>`coalesce(${eventFormats.startTime}, ${eventCities.startTime})` })
            .from(tickets)
            .innerJoin(eventFormats, eq(eventFormats.id, tickets.formatId))
            .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
            .where(eq(tickets.orderItemId, item.id))
        : [];
    for (const { ticket, start } of held) {
      if (!input.allowStarted && new Date(start).getTime() <= now.getTime()) throw badRequest(lineRefundMessages.started);
      if (ticket.info.offline_registered) throw badRequest(lineRefundMessages.used);
      if (ticket.status !== (again ? 'processing' : 'active')) throw conflict(lineRefundMessages.taken);
    }
    if (item.kind === 'shop' && order.shopStatus === 'delivered') throw badRequest(lineRefundMessages.delivered);
    if (item.kind === 'certificate' && !again) {
      const sold = await tx
        .select()
        .from(issuedCertificates)
        .where(and(eq(issuedCertificates.orderId, order.id), eq(issuedCertificates.certificateId, item.certificateId!)))
        .for('update');
      if (sold.some((certificate) => certificate.spent > 0)) throw badRequest(lineRefundMessages.certificateUsed);
      await tx
        .update(issuedCertificates)
        .set({ spent: sql`${issuedCertificates.amount}` })
        .where(and(eq(issuedCertificates.orderId, order.id), eq(issuedCertificates.certificateId, item.certificateId!)));
    }

    // The amount: the line's share; the last line left takes what is left of the order (the delivery too).
    const { parts } = refundShares(items, order.deliveryCost, order.certificateAmount);
    const last = items.every((other) => other.id === item.id || refunds.some((refund) => refund.orderItemId === other.id));
    const before = refunds.reduce((sum, refund) => sum + refund.amount, 0);
    const names = await lineDescriptions(tx, item);
    const lines: ChargeLine[] = parts[index]!.map((total, p) => ({
      ...names[p]!,
      mode: item.kind === 'certificate' ? 'advance' : 'full_payment',
      quantity: item.count,
      total,
    }));
    let amount = lines.reduce((sum, line) => sum + line.total, 0);
    if (last) {
      const rest = order.amount - before - amount;
      if (rest > 0) lines.push({ description: 'Доставка', quantity: 1, total: rest, subject: 'service', mode: 'full_payment' });
      amount = order.amount - before;
    }
    const receipt: Receipt | null = amount > 0 ? { email: order.email, items: lines.flatMap((line) => splitLine(line, vatCode)) } : null;

    let refund: RefundRow;
    try {
      [refund] = (await tx
        .insert(orderRefunds)
        .values({
          publicId: newPublicId(),
          orderId: order.id,
          orderItemId: item.id,
          amount,
          receipt,
          requestedBy: input.requestedBy,
          createdAt: now,
        })
        .returning()) as [RefundRow];
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(lineRefundMessages.taken);
      throw error;
    }

    if (again) return { refund, item, orderPublicId: order.publicId };
    // What the line gave: its tickets wait for the money, their policies end, its places are free again.
    if (held.length) {
      const ticketIds = held.map(({ ticket }) => ticket.id);
      await tx.update(tickets).set({ status: 'processing' }).where(inArray(tickets.id, ticketIds));
      await tx.update(userInsurances).set({ status: 'cancelled' }).where(inArray(userInsurances.ticketId, ticketIds));
      const payload = item.payload as { start_number?: number | null; place_public_id?: string | null };
      if (typeof payload.start_number === 'number')
        await tx
          .delete(bookedNumbers)
          .where(
            and(
              eq(bookedNumbers.orderId, order.id),
              eq(bookedNumbers.formatId, item.formatId!),
              eq(bookedNumbers.number, payload.start_number),
            ),
          );
      if (typeof payload.place_public_id === 'string')
        await tx
          .update(spacePlaces)
          .set({ booked: false, heldBy: null, heldUntil: null, orderId: null })
          .where(and(eq(spacePlaces.orderId, order.id), eq(spacePlaces.publicId, payload.place_public_id)));
    }
    if (item.kind === 'insurance')
      await tx
        .update(userInsurances)
        .set({ status: 'cancelled' })
        .where(
          and(
            eq(userInsurances.orderId, order.id),
            eq(userInsurances.insuranceId, item.insuranceId!),
            sql`${userInsurances.ticketId} is null`,
            sql`${userInsurances.info}->>'last_name' is not distinct from ${(item.payload as { last_name?: string }).last_name ?? null}`,
          ),
        );
    await releaseStock(tx, [claimOf(item)], { now, offerMs: deps.config.waitlistOfferMs });
    return { refund, item, orderPublicId: order.publicId };
  });
  stockGate(deps.db).invalidate();
  await sendOfferLetters(deps);
  await completeLineRefund(deps, done.refund.id);
  const [refund] = await deps.db.select().from(orderRefunds).where(eq(orderRefunds.id, done.refund.id));
  return { ...done, refund: refund! };
}

/**
 * Asks the provider for a pending line refund (again: the ask is idempotent under the refund's own key
 * and, once the provider named it, reads it back). A provider away or failing leaves it pending: the
 * sweeper asks again, nothing is lost. Answers whether it settled.
 */
export async function completeLineRefund(deps: Deps, refundId: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ refund: orderRefunds, order: orders })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending'), isNotNull(orderRefunds.orderItemId)));
  if (!row) return false;
  const { refund, order } = row;
  if (refund.amount === 0) return finishLineRefund(deps, refund.id);
  let answer: Awaited<ReturnType<Deps['payments']['refund']>>;
  try {
    answer = await deps.payments.refund({
      paymentId: order.paymentId,
      providerPaymentId: order.providerPaymentId,
      refundId: refund.providerRefundId,
      key: refund.publicId,
      line: true,
      amount: refund.amount,
      receipt: refund.receipt,
    });
  } catch {
    return false;
  }
  if (answer.outcome === 'canceled') {
    await failRefund(deps, refund.id, answer);
    return false;
  }
  if (answer.refundId && answer.refundId !== refund.providerRefundId)
    await deps.db.update(orderRefunds).set({ providerRefundId: answer.refundId }).where(eq(orderRefunds.id, refund.id));
  if (answer.outcome === 'pending') return false;
  return finishLineRefund(deps, refund.id);
}

/**
 * The provider refused a pending refund for good: it is `failed`, with the provider's reason, and asked no
 * more (the sweeper passes it by). What its request did stays done — the tickets wait «Ожидайте возврат»,
 * the places are on sale again — since the organiser decided to return the money: the back office shows
 * the refusal, and «Вернуть» asks for a new refund of the same amount under a key of its own.
 */
export async function failRefund(deps: Pick<Deps, 'db' | 'clock'>, refundId: number, answer: { refundId: string | null; reason?: string }) {
  await deps.db
    .update(orderRefunds)
    .set({
      status: 'failed',
      settledAt: deps.clock.now(),
      failureReason: answer.reason ?? 'canceled',
      ...(answer.refundId ? { providerRefundId: answer.refundId } : {}),
    })
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')));
}

/**
 * The provider has returned a line's money: the refund `succeeded` (once — a second word finds it done),
 * the order's `refunded_amount` grows by it, the line's tickets are `returned`; when every line is
 * refunded, the order is `refunded`. The buyer gets a letter.
 */
async function finishLineRefund(deps: Deps, refundId: number): Promise<boolean> {
  const now = deps.clock.now();
  const settled = await deps.db.transaction(async (tx) => {
    const [refund] = await tx
      .update(orderRefunds)
      .set({ status: 'succeeded', settledAt: now })
      .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.status, 'pending')))
      .returning();
    if (!refund) return null;
    await tx
      .update(tickets)
      .set({ status: 'returned' })
      .where(and(eq(tickets.orderItemId, refund.orderItemId!), eq(tickets.status, 'processing')));
    const [{ open }] = (await tx
      .select({ open: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.orderId, refund.orderId),
          sql`not exists (select 1 from order_refunds r where r.order_item_id = ${orderItems.id} and r.status = 'succeeded')`,
        ),
      )) as [{ open: number }];
    const [order] = await tx
      .update(orders)
      .set({
        refundedAmount: sql`${orders.refundedAmount} + ${refund.amount}`,
        ...(open === 0 ? { status: 'refunded', closedAt: now } : {}),
      })
      .where(eq(orders.id, refund.orderId))
      .returning();
    return { refund, order: order! };
  });
  if (!settled) return false;
  await deps.email.send({
    to: settled.order.email,
    ...lineRefundedLetter(settled.order.language, settled.order, settled.refund.amount),
    meta: { kind: 'order-line-refunded', order: settled.order.publicId },
    key: `order-line-refunded:${settled.refund.publicId}`,
  });
  return true;
}

/**
 * A refund notification (already confirmed by the provider) for a line's refund: settles that refund row,
 * idempotently. Null when the provider's refund is no line refund of the site (the order's whole refund,
 * or one made elsewhere): the caller goes on as before.
 */
export async function settleLineRefundEvent(
  deps: Deps,
  event: Extract<ConfirmedEvent, { kind: 'refund' }>,
): Promise<{ status: string } | null> {
  if (!event.refundId) return null;
  const [refund] = await deps.db
    .select()
    .from(orderRefunds)
    .where(and(eq(orderRefunds.providerRefundId, event.refundId), isNotNull(orderRefunds.orderItemId)));
  if (!refund) return null;
  if (event.amount !== refund.amount) throw badRequest('Сумма уведомления не совпадает с суммой возврата');
  if (refund.status === 'succeeded') return { status: 'already' };
  if (event.status !== 'succeeded') return { status: event.status === 'pending' ? 'pending' : 'ignored' };
  return { status: (await finishLineRefund(deps, refund.id)) ? 'refunded' : 'already' };
}

/** The sweeper's beat: line refunds still pending are asked again (read back once the provider named them). */
export async function sweepLineRefunds(deps: Deps): Promise<number> {
  const pending = await deps.db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.status, 'pending'), isNotNull(orderRefunds.orderItemId)))
    .orderBy(asc(orderRefunds.id))
    .limit(100);
  let settled = 0;
  for (const { id } of pending) if (await completeLineRefund(deps, id)) settled++;
  return settled;
}

/** The order's refunds, oldest first, for the back office's order page. */
export const refundsOf = (db: Database, orderId: number) =>
  db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.id));
