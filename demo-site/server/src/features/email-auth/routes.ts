import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { optionalUser } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import { requestMeta } from '../../http/request';
import { noQuery } from '../../lib/schemas';
import { confirmEmailBody, emailBody, linkCodeBody, loginBody, realEmailBody, registerBody } from './schema';
import { checkConfirmation, checkRealEmail, confirmEmail, loginByEmail, registerByEmail, resendConfirmation } from './service';

/** Registration and sign-in by e-mail and password (accounts-sso §4.2, §5, §7). */
export const emailAuthRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = deps.config.rateLimits.login;
    const rateLimit = { max: limit.max, timeWindow: limit.windowMs };

    app.post('/api/user', { schema: { body: registerBody, querystring: noQuery }, config: { rateLimit } }, async (request) =>
      registerByEmail(deps, request.body, requestLanguage(request)),
    );
    app.put('/api/auth', { schema: { body: loginBody, querystring: noQuery }, config: { rateLimit } }, async (request) =>
      loginByEmail(deps, request.body, requestMeta(request)),
    );
    app.post('/api/user/confirm/email', { schema: { body: emailBody, querystring: noQuery }, config: { rateLimit } }, async (request) =>
      resendConfirmation(deps, request.body.email, requestLanguage(request)),
    );
    // Rate-limited as a login: the registration password is checked here.
    app.post(
      '/api/user/verify/email',
      { schema: { body: confirmEmailBody, querystring: noQuery }, config: { rateLimit } },
      async (request) => {
        const auth = await optionalUser(deps, request);
        return confirmEmail(deps, request.body, auth?.user.id ?? null, requestMeta(request));
      },
    );
    // Whose address the link confirms, shown before anything is sent (issue 33): nothing used up.
    app.post(
      '/api/user/verify/email/check',
      { schema: { body: linkCodeBody, querystring: noQuery }, config: { rateLimit } },
      async (request) => {
        const auth = await optionalUser(deps, request);
        return checkConfirmation(deps, request.body.code, auth?.user.id ?? null);
      },
    );
    app.post('/api/user/real/email', { schema: { body: realEmailBody, querystring: noQuery } }, async (request) =>
      checkRealEmail(request.body.email),
    );
  };
