import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { answerLanguage } from '../../http/language';
import { cacheable } from '../../http/response-cache';
import { idParams, noQuery } from '../../lib/schemas';
import { categoryParams, previewParams, productsQuery, searchQuery } from './schema';
import {
  getCategory,
  getProduct,
  listCategories,
  listHeroes,
  listPreviewItems,
  listProducts,
  listRelated,
  listShirts,
  searchProducts,
} from './service';

/** The shop's read calls (delivery price is in delivery/). */
export const shopRoutes =
  ({ db, clock }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const byId = { config: cacheable, schema: { params: idParams, querystring: noQuery } };
    app.get('/api/shop/shirts/:id', byId, async (request, reply) => ({
      values: await listShirts(db, request.params.id, answerLanguage(request, reply)),
    }));
    app.get('/api/shop/related/:id', byId, async (request, reply) => ({
      values: await listRelated(db, request.params.id, answerLanguage(request, reply)),
    }));
    app.get(
      '/api/shop/items/:place',
      { config: cacheable, schema: { params: previewParams, querystring: noQuery } },
      async (request, reply) => ({
        values: await listPreviewItems(db, clock.now(), request.params.place, answerLanguage(request, reply)),
      }),
    );
    app.get('/api/shop/project/heroes', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listHeroes(db, false, answerLanguage(request, reply)),
    }));
    app.get('/api/shop/project/preview/heroes', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listHeroes(db, true, answerLanguage(request, reply)),
    }));
    app.get('/api/shop/product/:id', byId, async (request, reply) => getProduct(db, request.params.id, answerLanguage(request, reply)));
    app.get('/api/shop/products', { config: cacheable, schema: { querystring: productsQuery } }, async (request, reply) =>
      listProducts(db, request.query, answerLanguage(request, reply)),
    );
    app.get('/api/shop/categories', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listCategories(db, answerLanguage(request, reply)),
    }));
    app.get(
      '/api/shop/category/:name',
      { config: cacheable, schema: { params: categoryParams, querystring: noQuery } },
      async (request, reply) => getCategory(db, request.params.name, answerLanguage(request, reply)),
    );
    app.get('/api/shop/search', { config: cacheable, schema: { querystring: searchQuery } }, async (request, reply) => ({
      values: await searchProducts(db, request.query.text, answerLanguage(request, reply)),
    }));
  };
