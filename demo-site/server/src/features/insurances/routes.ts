import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { answerLanguage } from '../../http/language';
import { cacheable } from '../../http/response-cache';
import { idParams, noQuery } from '../../lib/schemas';
import { getInsurance, listInsurances } from './service';

/** Insurance offers (the per-format lists are in formats/). */
export const insuranceRoutes =
  ({ db }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/insurances', { config: cacheable, schema: { querystring: noQuery } }, async (request, reply) => ({
      values: await listInsurances(db, answerLanguage(request, reply)),
    }));
    app.get('/api/insurances/:id', { config: cacheable, schema: { params: idParams, querystring: noQuery } }, async (request, reply) =>
      getInsurance(db, request.params.id, answerLanguage(request, reply)),
    );
  };
