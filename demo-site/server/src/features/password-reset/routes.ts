import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requestLanguage } from '../../http/language';
import { noQuery } from '../../lib/schemas';
import { resetCodeBody, resetRequestBody, resetUpdateBody } from './schema';
import { checkResetCode, requestPasswordReset, updateResetPassword } from './service';

/** Password reset: request a letter, check its code, set the new password (accounts-sso §4.2). */
export const passwordResetRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { rateLimit: { max: deps.config.rateLimits.reset.max, timeWindow: deps.config.rateLimits.reset.windowMs } };
    app.post('/api/auth/resetpassword', { schema: { body: resetRequestBody, querystring: noQuery }, config }, async (request) =>
      requestPasswordReset(deps, request.body.email, requestLanguage(request)),
    );
    app.put('/api/auth/resetpassword', { schema: { body: resetCodeBody, querystring: noQuery }, config }, async (request) =>
      checkResetCode(deps, request.body.code),
    );
    app.post('/api/auth/resetpassword/update', { schema: { body: resetUpdateBody, querystring: noQuery }, config }, async (request) =>
      updateResetPassword(deps, request.body, requestLanguage(request)),
    );
  };
