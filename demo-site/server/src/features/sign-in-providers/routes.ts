import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { noQuery } from '../../lib/schemas';
import { signInProviders } from './service';

/**
 * GET /api/auth/providers: the identity providers' public settings for the web app's login screen
 * (GID's `authUrl` and client id for the SDK, the social networks' authorize endpoints). The web
 * app is built once and served for any idp, so it reads them at run time.
 */
export const signInProviderRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const body = signInProviders(deps.config);
    app.get('/api/auth/providers', { schema: { querystring: noQuery } }, async () => body);
  };
