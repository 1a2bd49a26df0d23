import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { answerLanguage } from '../../http/language';
import { cacheable } from '../../http/response-cache';
import { noQuery } from '../../lib/schemas';
import { deliveryMethodsQuery, deliveryPriceBody, itemTypeParams, ticketDeliveryPriceBody } from './schema';
import { deliveryPrice, listDeliveryMethods, ticketDeliveryQuote } from './service';

export const deliveryRoutes =
  ({ db }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/delivery/:itemType',
      { config: cacheable, schema: { params: itemTypeParams, querystring: deliveryMethodsQuery } },
      async (request, reply) => ({
        values: await listDeliveryMethods(db, request.params.itemType, answerLanguage(request, reply), request.query.format_public_id),
      }),
    );
    app.post('/api/shop/delivery/price', { schema: { body: deliveryPriceBody, querystring: noQuery } }, async (request) =>
      deliveryPrice(db, request.body),
    );
    app.post('/api/delivery/ticket/price', { schema: { body: ticketDeliveryPriceBody, querystring: noQuery } }, async (request) =>
      ticketDeliveryQuote(db, request.body),
    );
  };
