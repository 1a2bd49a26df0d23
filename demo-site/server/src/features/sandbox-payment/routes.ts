import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orders } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { isSandboxProvider, SANDBOX_SIGNATURE_HEADER, signNotification } from '../payment/provider';
import type { Notification } from '../payment/schema';
import { returnUrl } from '../payment/service';
import { renderSandboxPage } from './page';

const paymentParams = z.strictObject({ paymentId: z.string().regex(/^[\w-]{8,64}$/) });
const actionParams = paymentParams.extend({ action: z.enum(['pay', 'decline', 'refund']) });

/**
 * The sandbox payment provider, served on this machine: its pay page with «Оплатить» and
 * «Отказаться», and the signed notification it sends the site (POST /api/payment/notification) before
 * returning the buyer to the order's thanks page. It knows payments by the id the site gave them.
 * After a cancel the same page shows the refund waiting, and «Провести возврат» settles it as a real
 * provider does later: the money back, then the signed `refunded` notification.
 */
export const sandboxPaymentRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The pay page's buttons post an empty form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );

    const findPayment = async (paymentId: string) => {
      const [order] = await deps.db.select().from(orders).where(eq(orders.paymentId, paymentId));
      if (!order) throw notFound('Платёж не найден');
      return order;
    };

    app.get('/sandbox/pay/:paymentId', { schema: { params: paymentParams } }, async (request, reply) => {
      const order = await findPayment(request.params.paymentId);
      reply.header('cache-control', 'no-store');
      return reply.type('text/html; charset=utf-8').send(
        renderSandboxPage({
          paymentId: order.paymentId,
          orderPublicId: order.publicId,
          amount: order.amount,
          email: order.email,
          status: order.status,
          returnUrl: returnUrl(deps.config.publicUrl, order.publicId),
        }),
      );
    });

    app.post('/sandbox/pay/:paymentId/:action', { schema: { params: actionParams } }, async (request, reply) => {
      const order = await findPayment(request.params.paymentId);
      const { action } = request.params;
      const notify = async (status: Notification['status']) => {
        const notification: Notification = {
          event_id: randomUUID(),
          payment_id: order.paymentId,
          status,
          amount: order.amount,
          ts: Math.floor(deps.clock.now().getTime() / 1000),
        };
        const delivered = await app.inject({
          method: 'POST',
          url: '/api/payment/notification',
          headers: { [SANDBOX_SIGNATURE_HEADER]: signNotification(deps.config.payment.sandboxSecret, notification) },
          payload: notification,
        });
        if (delivered.statusCode >= 500) request.log.error({ status: delivered.statusCode }, 'sandbox notification failed');
      };
      if (action === 'refund') {
        // Only a refund the site asked for is settled; the operator stays on the sandbox's page.
        if (order.status === 'refunding' && isSandboxProvider(deps.payments)) {
          deps.payments.settleRefund({ paymentId: order.paymentId, amount: order.amount });
          await notify('refunded');
        }
        return reply.redirect(`/sandbox/pay/${encodeURIComponent(order.paymentId)}`, 303);
      }
      if (order.status === 'pending') await notify(action === 'pay' ? 'succeeded' : 'canceled');
      return reply.redirect(returnUrl(deps.config.publicUrl, order.publicId), 303);
    });
  };
