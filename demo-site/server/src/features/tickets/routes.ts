import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';

/** Routes of tickets (being built). */
export const ticketsRoutes =
  (_deps: ServerDeps): FastifyPluginAsyncZod =>
  async () => {};
