import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';

/** Routes of user-insurances (being built). */
export const userInsurancesRoutes =
  (_deps: ServerDeps): FastifyPluginAsyncZod =>
  async () => {};
