import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
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
      async (request) => ({
        values: await listRegions(db, request.params.country),
      }),
    );
    app.get(
      '/api/location/city/region/:id',
      { config: cacheable, schema: { params: regionParams, querystring: noQuery } },
      async (request) => ({
        values: await listRegionCities(db, request.params.id),
      }),
    );
    app.get('/api/location/detailed', { config: cacheable, schema: { querystring: detailedQuery } }, async (request) =>
      detailedLocation(db, request.query.city_id),
    );
    app.get('/api/pochta/:index', { config: cacheable, schema: { params: postalIndexParams, querystring: noQuery } }, async (request) =>
      postalIndex(db, request.params.index),
    );
  };
