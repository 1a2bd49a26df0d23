import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { optionalUser, requireUser } from '../../http/auth';
import { requestLanguage } from '../../http/language';
import { noQuery } from '../../lib/schemas';
import { presentUser } from '../users/service';
import { changeEmailBody, linkCodeBody, newPhoneBody, passwordChangeBody, phoneCodeBody, profileBody, proofCodeBody } from './schema';
import {
  changePassword,
  confirmEmailChange,
  confirmPhoneChange,
  requestEmailChange,
  requestPhoneChange,
  sendProofCode,
  updateProfile,
} from './service';

/** The settings page's calls (accounts-sso §2.9, §4.6, §7). */
export const profileRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const sms = { rateLimit: { max: deps.config.rateLimits.sms.max, timeWindow: deps.config.rateLimits.sms.windowMs } };
    const login = { rateLimit: { max: deps.config.rateLimits.login.max, timeWindow: deps.config.rateLimits.login.windowMs } };

    app.get('/api/user', { schema: { querystring: noQuery } }, async (request) => ({
      user: presentUser((await requireUser(deps, request)).user),
    }));
    app.put('/api/user', { schema: { body: profileBody, querystring: noQuery } }, async (request) => {
      const { user } = await requireUser(deps, request);
      return updateProfile(deps, user, request.body);
    });
    app.post('/api/user/change/email', { schema: { body: changeEmailBody, querystring: noQuery }, config: login }, async (request) => {
      const { user } = await requireUser(deps, request);
      return requestEmailChange(deps, user, request.body, requestLanguage(request));
    });
    app.post('/api/user/verify/new/email', { schema: { body: linkCodeBody, querystring: noQuery } }, async (request) => {
      const auth = await optionalUser(deps, request);
      return confirmEmailChange(
        deps,
        request.body.code,
        auth ? { userId: auth.user.id, sessionId: auth.sessionId } : null,
        requestLanguage(request),
      );
    });
    app.post('/api/user/phone/code', { schema: { body: phoneCodeBody, querystring: noQuery }, config: sms }, async (request) => {
      const { user } = await requireUser(deps, request);
      return requestPhoneChange(deps, user, request.body, requestLanguage(request));
    });
    app.post('/api/user/proof/code', { schema: { body: proofCodeBody, querystring: noQuery }, config: sms }, async (request) => {
      const { user } = await requireUser(deps, request);
      return sendProofCode(deps, user, requestLanguage(request));
    });
    app.post('/api/user/new/phone', { schema: { body: newPhoneBody, querystring: noQuery }, config: login }, async (request) => {
      const { user } = await requireUser(deps, request);
      return confirmPhoneChange(deps, user, request.body, requestLanguage(request));
    });
    app.put('/api/user/password', { schema: { body: passwordChangeBody, querystring: noQuery }, config: login }, async (request) =>
      changePassword(deps, await requireUser(deps, request), request.body, requestLanguage(request)),
    );
  };
