import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { compressedList } from '../../http/compression';
import { answerLanguage } from '../../http/language';
import { cacheable } from '../../http/response-cache';
import { idParams, noQuery } from '../../lib/schemas';
import { eventCityFilterBody } from './schema';
import { filterEventCities, getEvent, listEventCities, listEvents, listEventTypes, listProjects, listResultCities } from './service';

/** Events, their cities and types (ticketing-shop §7). */
export const eventRoutes =
  ({ db, clock }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/event/list', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listEvents(db, clock.now(), answerLanguage(request, reply)),
    }));
    app.get('/api/event/id/:id', { config: cacheable, schema: { params: idParams, querystring: noQuery } }, async (request, reply) =>
      getEvent(db, request.params.id, answerLanguage(request, reply)),
    );
    app.get('/api/event/cities', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listEventCities(db, clock.now(), answerLanguage(request, reply)),
    }));
    app.get('/api/event_type/list', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listEventTypes(db, answerLanguage(request, reply)),
    }));
    app.get('/api/event_type/project', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listProjects(db, answerLanguage(request, reply)),
    }));
    app.post(
      '/api/event_city/filtered',
      { config: compressedList, schema: { body: eventCityFilterBody, querystring: noQuery } },
      async (request, reply) => filterEventCities(db, clock.now(), request.body, 'calendar', answerLanguage(request, reply)),
    );
    app.post(
      '/api/results/event_city/filtered',
      { config: compressedList, schema: { body: eventCityFilterBody, querystring: noQuery } },
      async (request, reply) => filterEventCities(db, clock.now(), request.body, 'results', answerLanguage(request, reply)),
    );
    app.get('/api/results/cities', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listResultCities(db, clock.now(), answerLanguage(request, reply)),
    }));
  };
