import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { compressedAnswer } from '../../http/compression';
import { noQuery } from '../../lib/schemas';
import { checkinBody, eventCityParams, ticketListQuery } from './schema';
import { checkIn, staffCounts, staffEvents, staffTicketList } from './service';

/** Check-in at the start line (issue 24): staff of an event city scan its tickets. */
export const checkinRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const staffUser = async (request: FastifyRequest) => (await requireUser(deps, request)).user.id;

    app.get('/api/staff/events', { schema: { querystring: noQuery } }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { values: await staffEvents(deps, await staffUser(request)) };
    });

    app.post('/api/staff/checkin', { schema: { body: checkinBody, querystring: noQuery } }, async (request) =>
      checkIn(deps, await staffUser(request), request.body),
    );

    // The list a scanner takes offline: thousands of entries, so it goes compressed when the client accepts it.
    app.get(
      '/api/staff/events/:event_city_id/tickets',
      { schema: { params: eventCityParams, querystring: ticketListQuery } },
      async (request, reply) => {
        const list = await staffTicketList(deps, await staffUser(request), request.params.event_city_id, request.query.since ?? null);
        const body = JSON.stringify(list);
        reply.header('cache-control', 'private, no-store').type('application/json; charset=utf-8');
        return reply.send(await compressedAnswer(request, reply, body));
      },
    );

    app.get(
      '/api/staff/events/:event_city_id/counts',
      { schema: { params: eventCityParams, querystring: noQuery } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return staffCounts(deps, await staffUser(request), request.params.event_city_id);
      },
    );
  };
