import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requestMeta } from '../../http/request';
import { noQuery } from '../../lib/schemas';
import { paymentRateLimit } from './routes';
import { paymentBody } from './schema';
import { createPayment } from './service';

/**
 * PUT /api/user/auth/payment: the payment of a temporary user (the account a guest checkout made: no
 * password, nothing proven), who has no token. It is a guest payment for the e-mail: the order goes to
 * the e-mail, as `POST /api/payment` without a session sends it (to the account only when its e-mail is
 * proven: features/accounts); no token and nothing private comes back (anyone may type an e-mail). Any
 * address is answered so (issue 33, finding 6) — an unknown one, a temporary user's or a full account's:
 * refusing all but the temporary users' told anyone who typed an address whether it had such an account.
 */
export const temporaryPaymentRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Rate-limited with POST /api/payment, in one count (a way round its limit otherwise).
    const limit = paymentRateLimit(deps.config);
    app.put('/api/user/auth/payment', { schema: { body: paymentBody, querystring: noQuery }, config: limit }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const result = await createPayment(deps, { ...request.body, register: false }, null, requestMeta(request));
      return { ...result, user: { email: request.body.email, temporary: true } };
    });
  };
