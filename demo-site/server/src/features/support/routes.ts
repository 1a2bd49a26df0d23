import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { optionalUser } from '../../http/auth';
import { noQuery } from '../../lib/schemas';
import { subscribeBody, supportBody } from './schema';
import { submitSupportRequest, subscribeToNews } from './service';

/** The support popup and the news subscription. */
export const supportRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { rateLimit: { max: deps.config.rateLimits.reset.max, timeWindow: deps.config.rateLimits.reset.windowMs } };
    app.post('/api/support', { schema: { body: supportBody, querystring: noQuery }, config }, async (request) => {
      const auth = await optionalUser(deps, request);
      return submitSupportRequest(deps, request.body, auth?.user.id ?? null);
    });
    app.put('/api/user/subscribe/news', { schema: { body: subscribeBody, querystring: noQuery }, config }, async (request) =>
      subscribeToNews(deps, request.body.email),
    );
  };
