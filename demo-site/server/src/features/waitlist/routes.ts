import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerDeps } from '../../deps';
import { requireUser, userOrGuest } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import { email, noQuery, publicId } from '../../lib/schemas';
import { paymentRateLimit } from '../payment/routes';
import { describeLeave, describeOffer, joinWaitlist, leaveByToken, leaveWaitlist, listMine } from './service';

const joinBody = z.strictObject({ format_public_id: publicId, email: email.optional() });
const formatParams = z.strictObject({ format_public_id: publicId });
const offerParams = z.strictObject({ code: z.string().trim().min(1).max(100) });
const leaveParams = z.strictObject({ token: z.string().trim().min(1).max(100) });

/**
 * The waiting list of a sold-out format (issue 35): join (signed in, or with an e-mail), leave, the
 * person's places, and the offer a letter's link opens.
 */
export const waitlistRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Joining writes a row and may send letters later: limited per address with the payments.
    app.post(
      '/api/waitlist',
      { schema: { body: joinBody, querystring: noQuery }, config: paymentRateLimit(deps.config) },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return joinWaitlist(deps, await userOrGuest(deps, request), request.body, requestLanguage(request));
      },
    );
    app.delete('/api/waitlist/:format_public_id', { schema: { params: formatParams, querystring: noQuery } }, async (request) =>
      leaveWaitlist(deps, await requireUser(deps, request), request.params.format_public_id),
    );
    app.get('/api/user/waitlist', { schema: { querystring: noQuery } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listMine(deps, await requireUser(deps, request));
    });
    app.get('/api/waitlist/offer/:code', { schema: { params: offerParams, querystring: noQuery } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return describeOffer(deps, request.params.code);
    });
    // The leave link of the letters (no sign-in): GET only says what it would leave; leaving is a POST, so a
    // mail scanner that opens links removes nobody.
    app.get('/api/waitlist/leave/:token', { schema: { params: leaveParams, querystring: noQuery } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return describeLeave(deps, request.params.token);
    });
    app.post('/api/waitlist/leave/:token', { schema: { params: leaveParams, querystring: noQuery } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return leaveByToken(deps, request.params.token);
    });
  };
