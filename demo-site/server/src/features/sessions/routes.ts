import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { noQuery } from '../../lib/schemas';
import { revokeSession, sessionHistory } from './service';

/** The sessions page and logout. */
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
  };
