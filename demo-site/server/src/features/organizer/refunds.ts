import { and, asc, eq, ne } from 'drizzle-orm';
import { orderItems, orderRefunds, orders } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { badRequest, conflict, found } from '../../lib/errors';
import { toRubles } from '../../lib/money';
import { refundOrder } from '../payment/orders';
import { lineRefundMessages, refundLine } from '../payment/refunds';
import { recordAudit } from './audit';
import { ticketsResentLetter } from './letters';
import { type OrganizerContext, organisationsOfOrder } from './scope';

export const refundMessages = {
  sharedOrder: 'В заказе есть билеты другого организатора: такой заказ возвращает поддержка сайта',
} as const;

/**
 * POST /api/organizer/orders/{id}/refund: the organiser returns a paid order — also after its start (a
 * cancelled race) — through the payment provider; the buyer's tickets wait for the refund and are void once
 * it settles (the spec's asynchronous refund). Only an order holding no other organisation's tickets.
 */
export async function refundAsOrganizer(
  deps: ServerDeps,
  who: OrganizerContext,
  orderPublicId: string,
  body?: { line_public_id?: string | undefined } | null,
) {
  if ((await organisationsOfOrder(deps, orderPublicId)).some((organisationId) => organisationId !== who.organisationId))
    throw badRequest(refundMessages.sharedOrder);
  if (body?.line_public_id) return refundLineAsOrganizer(deps, who, orderPublicId, body.line_public_id);
  // An order some of whose lines were refunded one by one: the rest is refunded the same way, line by line.
  const [order] = await deps.db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.publicId, orderPublicId));
  const refunded = order
    ? await deps.db
        .select({ itemId: orderRefunds.orderItemId })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.orderId, order.id), ne(orderRefunds.status, 'failed')))
    : [];
  if (order && refunded.length && refunded.every((refund) => refund.itemId !== null)) {
    const lines = await deps.db
      .select({ id: orderItems.id, publicId: orderItems.publicId })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    const left = lines.filter((line) => !refunded.some((refund) => refund.itemId === line.id));
    let sum = 0;
    let status: 'refunded' | 'refunding' = 'refunded';
    for (const line of left) {
      const result = await refundLineAsOrganizer(deps, who, orderPublicId, line.publicId);
      sum += result.amount;
      if (result.status !== 'succeeded') status = 'refunding';
    }
    if (!left.length) throw conflict(lineRefundMessages.taken);
    return { sum: Math.round(sum * 100) / 100, status };
  }
  const result = await refundOrder(deps, orderPublicId, { allowStarted: true, requestedBy: who.user.id });
  await deps.db.transaction((tx) =>
    recordAudit(tx, who, deps.clock.now(), {
      action: 'order.refunded',
      targetType: 'order',
      targetPublicId: orderPublicId,
      // `refunding` before: a refund the payment service refused, asked again.
      before: { status: order?.status ?? 'paid' },
      after: { status: result.status, sum: result.sum },
    }),
  );
  return result;
}

/** One line refunded through the provider (payment/refunds.ts); the order's history and the audit log say so. */
async function refundLineAsOrganizer(deps: ServerDeps, who: OrganizerContext, orderPublicId: string, linePublicId: string) {
  const { refund, item } = await refundLine(deps, { orderPublicId, linePublicId, requestedBy: who.user.id, allowStarted: true });
  const result = {
    public_id: refund.publicId,
    line_public_id: item.publicId,
    amount: toRubles(refund.amount),
    status: refund.status as 'pending' | 'succeeded',
  };
  await deps.db.transaction((tx) =>
    recordAudit(tx, who, deps.clock.now(), {
      action: 'order.line_refunded',
      targetType: 'order',
      targetPublicId: orderPublicId,
      before: { status: 'paid' },
      after: {
        line: item.publicId,
        kind: item.kind,
        count: item.count,
        refund: refund.publicId,
        sum: result.amount,
        status: result.status,
      },
    }),
  );
  return result;
}

/** POST /api/organizer/orders/{id}/resend: the letter with the tickets once more, to the order's address. */
export async function resendTicketLetter(deps: ServerDeps, who: OrganizerContext, orderPublicId: string) {
  const [row] = await deps.db.select().from(orders).where(eq(orders.publicId, orderPublicId));
  const order = found(row);
  if (order.status !== 'paid') throw badRequest('Письмо с билетами уходит только по оплаченному заказу');
  const now = deps.clock.now();
  await deps.email.send({
    to: order.email,
    ...ticketsResentLetter(order.language, order, `${deps.config.publicUrl}/me`),
    meta: { kind: 'order-paid', order: order.publicId },
    // Each resend is a letter of its own (the first one's key would make it the same letter).
    key: `order-resent:${order.publicId}:${now.getTime()}`,
  });
  await deps.db.transaction((tx) =>
    recordAudit(tx, who, now, {
      action: 'order.letter_resent',
      targetType: 'order',
      targetPublicId: orderPublicId,
      after: { to: order.email },
    }),
  );
  return { ok: true, to: order.email };
}
