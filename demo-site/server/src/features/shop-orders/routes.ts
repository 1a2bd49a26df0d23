import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { requireUser } from '../../http/auth';
import { answerLanguage } from '../../http/language';
import { idParams, noQuery } from '../../lib/schemas';
import { listShopOrders, listSoldCertificates, listSoldGoods } from './service';

/** The cabinet's «Товары» (accounts-sso §2.7, §4.5, §7): orders with goods and their sold goods. */
export const shopOrdersRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/user/shop/orders', { schema: { querystring: noQuery } }, async (request, reply) => {
      const { user } = await requireUser(deps, request);
      return { values: await listShopOrders(deps.db, user.id, answerLanguage(request, reply)) };
    });
    app.get('/api/user/shop/soldgood/:id', { schema: { params: idParams, querystring: noQuery } }, async (request, reply) => {
      const { user } = await requireUser(deps, request);
      const language = answerLanguage(request, reply);
      const [values, certificates] = await Promise.all([
        listSoldGoods(deps.db, user.id, request.params.id, language),
        listSoldCertificates(deps.db, user.id, request.params.id, language),
      ]);
      return { values, certificates };
    });
  };
