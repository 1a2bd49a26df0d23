import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';

/** Routes of shop-orders (being built). */
export const shopOrdersRoutes =
  (_deps: ServerDeps): FastifyPluginAsyncZod =>
  async () => {};
