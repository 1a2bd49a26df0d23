import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { cacheable } from '../../http/response-cache';
import { idParams, noQuery } from '../../lib/schemas';
import { newsListQuery, newsPreviewQuery } from './schema';
import { getNews, listNews, previewNews } from './service';

export const newsRoutes =
  ({ db, clock }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/news', { config: cacheable, schema: { querystring: newsListQuery } }, async (request) =>
      listNews(db, clock.now(), request.query),
    );
    app.get('/api/news/preview', { config: cacheable, schema: { querystring: newsPreviewQuery } }, async (request) => ({
      values: await previewNews(db, clock.now(), request.query.limit),
    }));
    app.get('/api/news/one/:id', { config: cacheable, schema: { params: idParams, querystring: noQuery } }, async (request) =>
      getNews(db, clock.now(), request.params.id),
    );
  };
