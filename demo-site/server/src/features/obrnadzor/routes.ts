import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { cacheable } from '../../http/response-cache';
import { noQuery } from '../../lib/schemas';
import { regionNameParams, searchParams } from './schema';
import { listByRegion, listRegionNames, searchRegister } from './service';

/** The state register lookup (obrnadzor). */
export const obrnadzorRoutes =
  ({ db }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/obrnadzor/regions', { config: cacheable, schema: { querystring: noQuery } }, async () => ({
      region_names: await listRegionNames(db),
    }));
    app.get(
      '/api/obrnadzor/region/:name',
      { config: cacheable, schema: { params: regionNameParams, querystring: noQuery } },
      async (request) => ({
        values: await listByRegion(db, request.params.name),
      }),
    );
    app.get(
      '/api/obrnadzor/search/:text',
      { config: cacheable, schema: { params: searchParams, querystring: noQuery } },
      async (request) => ({
        values: await searchRegister(db, request.params.text),
      }),
    );
  };
