import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { answerLanguage } from '../../http/language';
import { cacheable } from '../../http/response-cache';
import { idParams, noQuery } from '../../lib/schemas';
import { getClub, joinClub, leaveClub, listClubCompetitions, listClubs, listCompetitionTypes, listUserClubs } from './service';

/** Clubs, their competitions, and a user's memberships. */
export const clubRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, clock } = deps;
    const byId = { config: cacheable, schema: { params: idParams, querystring: noQuery } };
    app.get('/api/clubs', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listClubs(db, answerLanguage(request, reply)),
    }));
    app.get('/api/clubs/:id', byId, async (request, reply) => getClub(db, request.params.id, answerLanguage(request, reply)));
    app.get('/api/club/competition/list/:id', byId, async (request, reply) => ({
      values: await listClubCompetitions(db, request.params.id, answerLanguage(request, reply)),
    }));
    app.get('/api/list/competition/type', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listCompetitionTypes(db, answerLanguage(request, reply)),
    }));

    app.get('/api/user/clubs', { schema: { querystring: noQuery } }, async (request, reply) => {
      const { user } = await requireUser(deps, request);
      return { values: await listUserClubs(db, user.id, answerLanguage(request, reply)) };
    });
    app.put('/api/user/club/new/:id', byId, async (request, reply) => {
      const { user } = await requireUser(deps, request);
      return { club: await joinClub(db, clock.now(), user.id, request.params.id, answerLanguage(request, reply)) };
    });
    app.put('/api/user/club/pull/:id', byId, async (request, reply) => {
      const { user } = await requireUser(deps, request);
      return { club: await leaveClub(db, user.id, request.params.id, answerLanguage(request, reply)) };
    });
  };
