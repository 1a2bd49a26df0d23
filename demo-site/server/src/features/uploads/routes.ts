import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';

/** Routes of uploads (being built). */
export const uploadsRoutes =
  (_deps: ServerDeps): FastifyPluginAsyncZod =>
  async () => {};
