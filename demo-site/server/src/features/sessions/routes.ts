import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { idParams, noQuery } from '../../lib/schemas';
import { revokeOtherSessions, revokeOwnSession } from './revoke';
import { revokeSession, sessionHistory } from './service';

/** The sessions page, logout, and ending the user's other sessions from that page. */
export const sessionRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/auth/history', { schema: { querystring: noQuery } }, async (request) => ({
      values: await sessionHistory(deps, await requireUser(deps, request)),
    }));
    app.post('/api/auth/logout', { schema: { querystring: noQuery } }, async (request) => {
      const auth = await requireUser(deps, request);
      await revokeSession(deps, auth.sessionId);
      return { message: 'Вы вышли из аккаунта' };
    });
    // One session of the caller's own, by the public id of POST /api/auth/history; another user's id is a 404.
    app.delete('/api/auth/session/:id', { schema: { params: idParams, querystring: noQuery } }, async (request) => {
      const { current } = await revokeOwnSession(deps, await requireUser(deps, request), request.params.id);
      return { message: 'Сеанс завершён', current };
    });
    // Every session of the caller but this one (e.g. after noticing a sign-in they do not recognise).
    app.delete('/api/auth/session', { schema: { querystring: noQuery } }, async (request) => {
      const revoked = await revokeOtherSessions(deps, await requireUser(deps, request));
      return { message: 'Остальные сеансы завершены', revoked };
    });
  };
