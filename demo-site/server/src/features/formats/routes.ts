import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { optionalUser, requireUser } from '../../http/auth';
import { answerLanguage } from '../../http/language';
import { cacheable } from '../../http/response-cache';
import { idParams, noQuery } from '../../lib/schemas';
import { bookNumberBody, eventCityParams, formatListQuery, holdPlaceBody } from './schema';
import {
  bookStartNumber,
  getFormat,
  holdSpacePlace,
  listExternalFormats,
  listFormatInsurances,
  listFormats,
  listInsurableFormats,
  listSpacePlaces,
  listSpaceSectors,
  listTeams,
  listVirtualFormats,
  startNumbers,
} from './service';

/** Ticket kinds and what hangs off them: teams, seats, start numbers, insurance, partner formats. */
export const formatRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;
    const byId = { config: cacheable, schema: { params: idParams, querystring: noQuery } };
    app.get(
      '/api/event_format/event/:id',
      { config: cacheable, schema: { params: idParams, querystring: formatListQuery } },
      async (request, reply) => listFormats(db, request.params.id, request.query.hidden ?? false, answerLanguage(request, reply)),
    );
    app.get('/api/event_format/virtual', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listVirtualFormats(db, clock.now(), answerLanguage(request, reply)),
    }));
    app.get('/api/event_format/:id', byId, async (request, reply) => getFormat(db, request.params.id, answerLanguage(request, reply)));
    app.get('/api/event_format/active/insurances/:id', byId, async (request, reply) => ({
      values: await listFormatInsurances(db, request.params.id, answerLanguage(request, reply)),
    }));
    app.get('/api/insurance/event/city/formats/:id', byId, async (request, reply) => ({
      values: await listInsurableFormats(db, request.params.id, answerLanguage(request, reply)),
    }));
    app.get('/api/teams/:id', byId, async (request, reply) => ({
      values: await listTeams(db, request.params.id, answerLanguage(request, reply)),
    }));
    // Seats and numbers change with every hold: answered fresh, never from the response cache.
    const live = { schema: { params: idParams, querystring: noQuery } };
    app.get('/api/space/:id', live, async (request) => {
      const viewer = request.headers.authorization ? await optionalUser(deps, request) : null;
      return { values: await listSpacePlaces(db, request.params.id, clock.now(), viewer?.user.id ?? null) };
    });
    app.get('/api/space/map/list/:id', live, async (request) => ({ values: await listSpaceSectors(db, request.params.id, clock.now()) }));
    app.post('/api/space/place', { schema: { body: holdPlaceBody, querystring: noQuery } }, async (request) => {
      const { user } = await requireUser(deps, request);
      return holdSpacePlace(db, clock.now(), user.id, request.body);
    });
    app.get('/api/booked/numbers/:id', live, async (request) => startNumbers(db, request.params.id, clock.now()));
    app.post('/api/booked/number', { schema: { body: bookNumberBody, querystring: noQuery } }, async (request) => {
      const { user } = await requireUser(deps, request);
      return bookStartNumber(db, clock.now(), user.id, request.body);
    });
    app.get(
      '/api/external/formats/:event_city_id',
      { config: cacheable, schema: { params: eventCityParams, querystring: noQuery } },
      async (request, reply) => listExternalFormats(db, request.params.event_city_id, answerLanguage(request, reply)),
    );
  };
