import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { answerLanguage } from '../../http/language';
import { cacheable } from '../../http/response-cache';
import { noQuery } from '../../lib/schemas';
import { pageParams } from './schema';
import { listBanners } from './service';

export const bannerRoutes =
  ({ db }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/page/banner/:type',
      { config: cacheable, schema: { params: pageParams, querystring: noQuery } },
      async (request, reply) => ({
        values: await listBanners(db, request.params.type, answerLanguage(request, reply)),
      }),
    );
  };
