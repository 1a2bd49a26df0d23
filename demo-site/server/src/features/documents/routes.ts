import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';

/** Routes of documents (being built). */
export const documentsRoutes =
  (_deps: ServerDeps): FastifyPluginAsyncZod =>
  async () => {};
