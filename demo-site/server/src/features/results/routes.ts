import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { answerLanguage } from '../../http/language';
import { cacheable } from '../../http/response-cache';
import { eventResultsParams, eventResultsQuery } from './schema';
import { eventResults } from './service';

/** Results tables (the filtered list of event cities with results is in events/). */
export const resultRoutes =
  ({ db }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/event_results/:event_city_id/:format_id',
      { config: cacheable, schema: { params: eventResultsParams, querystring: eventResultsQuery } },
      async (request, reply) =>
        eventResults(db, request.params.event_city_id, request.params.format_id, request.query, answerLanguage(request, reply)),
    );
  };
