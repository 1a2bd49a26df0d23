import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { answerLanguage } from '../../http/language';
import { cacheable } from '../../http/response-cache';
import { idParams, noQuery } from '../../lib/schemas';
import { newsListQuery, newsPreviewQuery } from './schema';
import { getNews, listNews, previewNews } from './service';

export const newsRoutes =
  ({ db, clock }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/news', { config: cacheable, schema: { querystring: newsListQuery } }, async (request, reply) =>
      listNews(db, clock.now(), request.query, answerLanguage(request, reply)),
    );
    app.get('/api/news/preview', { config: cacheable, schema: { querystring: newsPreviewQuery } }, async (request, reply) => ({
      values: await previewNews(db, clock.now(), request.query.limit, answerLanguage(request, reply)),
    }));
    app.get('/api/news/one/:id', { config: cacheable, schema: { params: idParams, querystring: noQuery } }, async (request, reply) =>
      getNews(db, clock.now(), request.params.id, answerLanguage(request, reply)),
    );
  };
