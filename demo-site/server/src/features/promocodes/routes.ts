import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { noQuery } from '../../lib/schemas';
import { productCheckParams, ticketCheckParams } from './schema';
import { checkPromocode } from './service';

/** Promocode checks; guests may check too (ticketing-shop §6). */
export const promocodeRoutes =
  ({ db, clock, config }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Per address: the codes are human-readable, so each check is a guess.
    const limit = {
      rateLimit: { max: config.rateLimits.promocode.max, timeWindow: config.rateLimits.promocode.windowMs, groupId: 'promocode' },
    };
    app.get(
      '/api/promocode/check/product/:code/:id',
      { schema: { params: productCheckParams, querystring: noQuery }, config: limit },
      async (request) => checkPromocode(db, clock.now(), 'product', request.params.code, request.params.id),
    );
    app.get(
      '/api/promocode/check/insurance/:code/:id',
      { schema: { params: productCheckParams, querystring: noQuery }, config: limit },
      async (request) => checkPromocode(db, clock.now(), 'insurance', request.params.code, request.params.id),
    );
    app.get(
      '/api/promocode/check/ticket/:code/:formatId',
      { schema: { params: ticketCheckParams, querystring: noQuery }, config: limit },
      async (request) => checkPromocode(db, clock.now(), 'ticket', request.params.code, request.params.formatId),
    );
  };
