import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requestMeta } from '../../http/request';
import { badRequest } from '../../lib/errors';
import { noQuery } from '../../lib/schemas';
import { isTemporaryUser } from '../accounts/service';
import { findUserByEmail } from '../users/service';
import { paymentRateLimit } from './routes';
import { paymentBody } from './schema';
import { createPayment } from './service';

export const temporaryPaymentMessages = {
  notTemporary: 'Оплата без входа доступна только для заказа на e-mail без пароля. Войдите в личный кабинет',
} as const;

/**
 * PUT /api/user/auth/payment: the payment of a temporary user, who has no token. The order goes to
 * the e-mail, as a guest payment does (an account nobody proved gets no order placed without its
 * session: features/accounts); no token and nothing private comes back (anyone
 * may type an e-mail), only what the basket needs. Any other e-mail — unknown or of a full account —
 * gets the same refusal, so the call tells nothing about who is registered.
 */
export const temporaryPaymentRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Rate-limited with POST /api/payment, in one count (a way round its limit otherwise).
    const limit = paymentRateLimit(deps.config);
    app.put('/api/user/auth/payment', { schema: { body: paymentBody, querystring: noQuery }, config: limit }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await findUserByEmail(deps.db, request.body.email);
      if (!user || !isTemporaryUser(user)) throw badRequest(temporaryPaymentMessages.notTemporary);
      const result = await createPayment(deps, { ...request.body, register: false }, null, requestMeta(request));
      return { ...result, user: { email: user.email, temporary: true } };
    });
  };
