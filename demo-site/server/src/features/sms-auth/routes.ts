import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requestLanguage } from '../../http/language';
import { requestMeta } from '../../http/request';
import { noQuery } from '../../lib/schemas';
import { codeRequestBody, phoneRegisterBody, phoneSignInBody } from './schema';
import { registerByPhone, requestSmsCode, signInByPhone } from './service';

/** Sign-in and registration by phone with a 4-digit SMS code. */
export const smsAuthRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const sms = { rateLimit: { max: deps.config.rateLimits.sms.max, timeWindow: deps.config.rateLimits.sms.windowMs } };
    const login = { rateLimit: { max: deps.config.rateLimits.login.max, timeWindow: deps.config.rateLimits.login.windowMs } };
    app.post('/api/user/code', { schema: { body: codeRequestBody, querystring: noQuery }, config: sms }, async (request) =>
      requestSmsCode(deps, request.body, requestLanguage(request)),
    );
    app.put('/api/auth/phone', { schema: { body: phoneSignInBody, querystring: noQuery }, config: login }, async (request) =>
      signInByPhone(deps, request.body, requestMeta(request)),
    );
    app.post('/api/user/phone', { schema: { body: phoneRegisterBody, querystring: noQuery }, config: login }, async (request) =>
      registerByPhone(deps, request.body, requestMeta(request)),
    );
  };
