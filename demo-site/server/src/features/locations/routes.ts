import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { answerLanguage } from '../../http/language';
import { cacheable } from '../../http/response-cache';
import { noQuery } from '../../lib/schemas';
import { countryParams, detailedQuery, postalIndexParams, regionParams } from './schema';
import { detailedLocation, listRegionCities, listRegions, postalIndex } from './service';

/** Regions and cities for delivery, the visitor's location, postal indexes. */
export const locationRoutes =
  ({ db }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/location/region/list/:country',
      { config: cacheable, schema: { params: countryParams, querystring: noQuery } },
      async (request, reply) => ({
        values: await listRegions(db, request.params.country, answerLanguage(request, reply)),
      }),
    );
    app.get(
      '/api/location/city/region/:id',
      { config: cacheable, schema: { params: regionParams, querystring: noQuery } },
      async (request, reply) => ({
        values: await listRegionCities(db, request.params.id, answerLanguage(request, reply)),
      }),
    );
    app.get('/api/location/detailed', { config: cacheable, schema: { querystring: detailedQuery } }, async (request, reply) =>
      detailedLocation(db, request.query.city_id, answerLanguage(request, reply)),
    );
    app.get(
      '/api/pochta/:index',
      { config: cacheable, schema: { params: postalIndexParams, querystring: noQuery } },
      async (request, reply) => postalIndex(db, request.params.index, answerLanguage(request, reply)),
    );
  };
