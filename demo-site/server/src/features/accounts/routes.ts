import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import { requestMeta } from '../../http/request';
import { email, linkCode, noQuery } from '../../lib/schemas';
import { proof } from '../profile/schema';
import { presentUser } from '../users/service';
import { checkSignInLink, checkUnlinkProof, exchangeSignInLink, issueLinkProof, linkableProviders, requestSignInLink } from './links';
import { detachExternal, linkedAccounts } from './service';

const proofBody = z.strictObject(proof);
const signInLinkBody = z.strictObject({ code: linkCode });

/**
 * The account's ways in (issue 20): the linked networks and GID accounts, listed and removed with a
 * proof; the proof given before linking one; sign-in links from letters.
 */
export const accountRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const login = { rateLimit: { max: deps.config.rateLimits.login.max, timeWindow: deps.config.rateLimits.login.windowMs } };
    const reset = { rateLimit: { max: deps.config.rateLimits.reset.max, timeWindow: deps.config.rateLimits.reset.windowMs } };

    app.get('/api/user/links', { schema: { querystring: noQuery } }, async (request) => {
      const { user } = await requireUser(deps, request);
      return { values: await linkedAccounts(deps.db, user.id) };
    });
    app.post('/api/user/add/proof', { schema: { body: proofBody, querystring: noQuery }, config: login }, async (request) => {
      const { user } = await requireUser(deps, request);
      return issueLinkProof(deps, user, request.body, requestLanguage(request));
    });
    for (const provider of linkableProviders) {
      app.post(`/api/user/unlink/${provider}`, { schema: { body: proofBody, querystring: noQuery }, config: login }, async (request) => {
        const { user, sessionId } = await requireUser(deps, request);
        await checkUnlinkProof(deps, user, request.body, requestLanguage(request));
        await detachExternal(deps, user, provider, sessionId, requestLanguage(request));
        return { message: 'Аккаунт отвязан', user: presentUser(user), values: await linkedAccounts(deps.db, user.id) };
      });
    }

    app.post('/api/auth/link', { schema: { body: z.strictObject({ email }), querystring: noQuery }, config: reset }, async (request) =>
      requestSignInLink(deps, request.body.email, requestLanguage(request)),
    );
    app.post('/api/auth/link/check', { schema: { body: signInLinkBody, querystring: noQuery }, config: login }, async (request) =>
      checkSignInLink(deps, request.body.code),
    );
    app.post('/api/auth/link/session', { schema: { body: signInLinkBody, querystring: noQuery }, config: login }, async (request) =>
      exchangeSignInLink(deps, request.body.code, requestMeta(request)),
    );
  };
