import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { noQuery } from '../../lib/schemas';
import { listActiveSales } from './service';

export const saleRoutes =
  ({ db, clock }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Not response-cached: a sale's window decides what is shown, and the list is one small query.
    app.get('/api/sales', { schema: { querystring: noQuery } }, async () => ({ values: await listActiveSales(db, clock.now()) }));
  };
