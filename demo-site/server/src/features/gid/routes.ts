import type { FastifyError, FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { describeError } from '../../http/error-handler';
import { requestMeta } from '../../http/request';
import type { HttpError } from '../../lib/errors';
import { noQuery } from '../../lib/schemas';
import { ProviderError } from '../identity-providers/provider';
import { logoutBody, revokeBody, tokenBody } from './schema';
import { exchangeGidCode, refreshGidTokens, revokeGidToken } from './service';

/** The SDK's default token and logout paths on the site's backend (`oauth2CodePath`, `logoutPath`). */
export const SDK_TOKEN_PATH = '/api/v0.3/backend/oauth/token';
export const SDK_LOGOUT_PATH = '/api/v0.3/backend/oauth/logout';
/** The SDK's revoke path (accounts-sso §7.1: defined, unused by the SDK itself); RFC 7009 semantics. */
export const SDK_REVOKE_PATH = '/api/v0.3/backend/oauth/revoke';

/**
 * Sign-in with the state provider (GID) through the SDK. The token call is served where the login
 * screen points `oauth2CodePath` (`/api/auth/gid`: PUT per spec 7, POST as the SDK sends it) and at
 * the SDK's default path; all take the authorization-code and the refresh grant.
 */
export const gidRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    installOAuthErrorHandler(app);
    const limit = deps.config.rateLimits.oauth;
    const rateLimit = { max: limit.max, timeWindow: limit.windowMs };

    for (const [method, url] of [
      ['PUT', '/api/auth/gid'],
      ['POST', '/api/auth/gid'],
      ['POST', SDK_TOKEN_PATH],
    ] as const) {
      app.route({
        method,
        url,
        schema: { body: tokenBody, querystring: noQuery },
        config: { rateLimit },
        handler: async (request, reply) => {
          reply.header('cache-control', 'no-store');
          const { body } = request;
          return body.grant_type === 'authorization_code'
            ? exchangeGidCode(deps, body, requestMeta(request))
            : refreshGidTokens(deps, body);
        },
      });
    }

    app.post(SDK_LOGOUT_PATH, { schema: { body: logoutBody, querystring: noQuery }, config: { rateLimit } }, async (request, reply) => {
      await revokeGidToken(deps, request.body);
      return reply.code(204).send();
    });

    // Token revocation (RFC 7009): 200 whether or not the token was still valid; the hint is optional.
    app.post(SDK_REVOKE_PATH, { schema: { body: revokeBody, querystring: noQuery }, config: { rateLimit } }, async (request, reply) => {
      const { client_id, token } = request.body;
      await revokeGidToken(deps, { client_id, token });
      return reply.code(200).header('cache-control', 'no-store').send({});
    });
  };

const oauthCodes: Record<number, string> = { 400: 'invalid_request', 401: 'invalid_client', 429: 'slow_down', 500: 'server_error' };

/**
 * Errors on these paths are the OAuth error response the SDK hands to its callback (spec 3.1):
 * `{ error, error_description, status, retry_after_seconds? }` — plus the site's `message`, so the
 * login screen's data layer reads them like any other error.
 */
function installOAuthErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const { status, message } = describeError(error, request);
    let code = error instanceof ProviderError ? error.error : (oauthCodes[status] ?? 'invalid_request');
    if (hasZodFastifySchemaValidationErrors(error) && error.validation[0]?.instancePath === '/grant_type') code = 'unsupported_grant_type';
    const retryAfter = Number(reply.getHeader('retry-after'));
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({
        error: code,
        error_description: message,
        status,
        ...(status === 429 && retryAfter > 0 ? { retry_after_seconds: retryAfter } : {}),
        message,
      });
  });
}
