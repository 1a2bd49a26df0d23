import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { answerLanguage } from '../../http/language';
import { noQuery } from '../../lib/schemas';
import { listPolicies } from './service';

/** The cabinet's «Страховки» (accounts-sso §2.12, §3, §7): valid and past policies. */
export const userInsurancesRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const which of ['valid', 'past'] as const) {
      app.get(`/api/user/insurances/${which}`, { schema: { querystring: noQuery } }, async (request, reply) => {
        const { user } = await requireUser(deps, request);
        return { values: await listPolicies(deps.db, deps.clock.now(), user.id, which, answerLanguage(request, reply)) };
      });
    }
  };
