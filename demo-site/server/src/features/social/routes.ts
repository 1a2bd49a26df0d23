import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import { requestMeta } from '../../http/request';
import { noQuery } from '../../lib/schemas';
import { spendLinkProof } from '../accounts/links';
import { requireProvenAccount } from '../accounts/service';
import { socialBody, socialLinkBody, socialStateBody } from './schema';
import { linkSocial, signInWithSocial, socialNetworks, startSocialFlow } from './service';

/**
 * Sign-in and linking with the two social networks (accounts-sso §4.3, §7): the return page sends the
 * authorization code, the server exchanges it. Errors are the site's `{ message }`.
 */
export const socialRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = deps.config.rateLimits.oauth;
    const rateLimit = { max: limit.max, timeWindow: limit.windowMs };
    const schema = { body: socialBody, querystring: noQuery };

    for (const network of socialNetworks) {
      app.post(
        `/api/user/${network}/state`,
        { schema: { body: socialStateBody, querystring: noQuery }, config: { rateLimit } },
        async (request) => startSocialFlow(deps, network, request.body),
      );
      app.post(`/api/user/${network}`, { schema, config: { rateLimit } }, async (request) =>
        signInWithSocial(deps, network, request.body, requestMeta(request)),
      );
      app.post(
        `/api/user/add/${network}`,
        { schema: { body: socialLinkBody, querystring: noQuery }, config: { rateLimit } },
        async (request) => {
          // Before the exchange: a guest, an unproven account or a session without the owner's proof
          // must not spend the code.
          const auth = await requireUser(deps, request);
          await requireProvenAccount(deps.db, auth.user);
          const via = await spendLinkProof(deps, auth.user, request.body.proof);
          return linkSocial(deps, auth.user.id, network, request.body, via, requestLanguage(request));
        },
      );
    }
  };
