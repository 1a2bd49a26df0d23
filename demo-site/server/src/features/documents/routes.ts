import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerDeps } from '../../deps';
import { contentDisposition } from '../../lib/file-type';
import { noQuery } from '../../lib/schemas';
import { siteDocument } from './service';

const documentParams = z.strictObject({ name: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Документ не найден') });

/** The site's documents as generated PDFs (ticketing-shop §2 basket terms links, accounts-sso §7). */
export const documentsRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/files/document/:name', { schema: { params: documentParams, querystring: noQuery } }, async (request, reply) => {
      const document = await siteDocument(deps.db, request.params.name);
      reply
        .header('cache-control', 'public, max-age=86400')
        .header('etag', document.etag)
        .header('content-disposition', contentDisposition('inline', `${document.title}.pdf`, document.file));
      if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
      return reply.type('application/pdf').send(document.pdf);
    });
  };
