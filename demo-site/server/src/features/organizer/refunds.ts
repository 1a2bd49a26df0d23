import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { badRequest, found } from '../../lib/errors';
import { toRubles } from '../../lib/money';
import { refundOrder } from '../payment/orders';
import { recordAudit } from './audit';
import { type OrganizerContext, organisationsOfOrder } from './scope';

export const refundMessages = {
  sharedOrder: 'В заказе есть билеты другого организатора: такой заказ возвращает поддержка сайта',
} as const;

/**
 * POST /api/organizer/orders/{id}/refund: the organiser returns a paid order — also after its start (a
 * cancelled race) — through the payment provider; the buyer's tickets wait for the refund and are void once
 * it settles (the spec's asynchronous refund). Only an order holding no other organisation's tickets.
 */
export async function refundAsOrganizer(deps: ServerDeps, who: OrganizerContext, orderPublicId: string) {
  if ((await organisationsOfOrder(deps, orderPublicId)).some((organisationId) => organisationId !== who.organisationId))
    throw badRequest(refundMessages.sharedOrder);
  const result = await refundOrder(deps, orderPublicId, { allowStarted: true });
  await deps.db.transaction((tx) =>
    recordAudit(tx, who, deps.clock.now(), {
      action: 'order.refunded',
      targetType: 'order',
      targetPublicId: orderPublicId,
      before: { status: 'paid' },
      after: { status: result.status, sum: result.sum },
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
    subject: `Билеты по заказу ${order.publicId}`,
    text: `Заказ ${order.publicId} на сумму ${toRubles(order.amount)} Руб. оплачен.\nБилеты и QR-коды для старта — в личном кабинете: ${deps.config.publicUrl}/me`,
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
