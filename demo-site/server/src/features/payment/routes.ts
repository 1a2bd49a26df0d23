import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/client';
import type { ServerDeps } from '../../deps';
import { optionalUser, requireUser, userOrGuest } from '../../http/auth';
import { answerLanguage } from '../../http/language';
import { requestMeta } from '../../http/request';
import { cacheable } from '../../http/response-cache';
import { noQuery } from '../../lib/schemas';
import { pruneRateLimits } from '../rate-limits/service';
import { checkCertificateCode, listCertificates } from './certificate-codes';
import { cancelOrder, expireOrders, getOrder, handleNotification, reconcilePending } from './orders';
import {
  availabilityParams,
  availabilityQuery,
  cancelBody,
  certificateCheckParams,
  notificationBody,
  orderParams,
  paymentBody,
} from './schema';
import { checkAvailability, createPayment } from './service';

/**
 * The per-address limit on opening orders, one count for both doors (`POST /api/payment` and a
 * temporary user's `PUT /api/user/auth/payment`): otherwise the second is a way round the first.
 */
export const paymentRateLimit = (config: ServerDeps['config']) => ({
  rateLimit: { max: config.rateLimits.payment.max, timeWindow: config.rateLimits.payment.windowMs, groupId: 'payment' },
});

/**
 * The money path: payment creation (prices and stock decided here), the provider's notifications, the
 * order page's call, cancel with refund, and the pre-payment availability check by format.
 */
export const paymentRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { config } = deps;
    let sweeper: NodeJS.Timeout | undefined;
    // While the database is away the sweep fails each beat: one line, and the next beat after its return does the work.
    const report = (error: unknown) =>
      isDatabaseUnavailable(error)
        ? app.log.warn(`sweep skipped, database unavailable: ${(error as Error).message}`)
        : app.log.error(error);
    // The provider is asked of pending payments first (a lost notification), then holds run out.
    const sweep = async () => {
      await reconcilePending(deps).catch(report);
      await expireOrders(deps);
    };
    app.addHook('onReady', async () => {
      await reconcilePending(deps).catch(report);
      await expireOrders(deps);
      sweeper = setInterval(() => {
        void sweep().catch(report);
        // Rate-limit counters whose window is over are dropped on the same beat.
        void pruneRateLimits(deps).catch(report);
      }, config.payment.sweepIntervalMs);
      sweeper.unref();
    });
    app.addHook('onClose', async () => clearInterval(sweeper));

    const paymentLimit = paymentRateLimit(config);
    app.post('/api/payment', { schema: { body: paymentBody, querystring: noQuery }, config: paymentLimit }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return createPayment(deps, request.body, await userOrGuest(deps, request), requestMeta(request));
    });

    app.post('/api/payment/cancel', { schema: { body: cancelBody, querystring: noQuery } }, async (request) =>
      cancelOrder(deps, await requireUser(deps, request), request.body.order_id),
    );

    // The sandbox's signed shape or YooKassa's; the provider confirms it (a signature, or asking its API).
    app.post('/api/payment/notification', { schema: { body: notificationBody, querystring: noQuery } }, async (request) =>
      handleNotification(deps, { body: request.body, headers: request.headers, ip: request.ip }),
    );

    app.get('/api/order/:orderId', { schema: { params: orderParams, querystring: noQuery } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getOrder(deps, request.params.orderId, await optionalUser(deps, request));
    });

    // Gift certificates on sale, and what a bought one has left (checked again, under lock, at payment).
    app.get('/api/certificates', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listCertificates(deps.db, answerLanguage(request, reply)),
    }));
    app.get(
      '/api/certificate/check/:code',
      {
        schema: { params: certificateCheckParams, querystring: noQuery },
        config: {
          rateLimit: { max: config.rateLimits.promocode.max, timeWindow: config.rateLimits.promocode.windowMs, groupId: 'certificate' },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return checkCertificateCode(deps.db, request.params.code);
      },
    );

    // The basket's availability check before payment (ticketing-shop §4 "Before payment").
    app.get(
      '/api/event_format/check/:formatId',
      { schema: { params: availabilityParams, querystring: availabilityQuery } },
      async (request) => checkAvailability(deps, request.params.formatId, request.query.count, request.query.kind),
    );
  };
