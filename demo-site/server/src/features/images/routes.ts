import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { seedImages } from '../../db/seed/image-catalogue';
import { notFound } from '../../lib/errors';
import { noQuery } from '../../lib/schemas';
import { renderPlaceholder } from './render';

const imageParams = z.strictObject({
  folder: z.string().regex(/^[a-z-]{1,32}$/),
  file: z.string().regex(/^[a-z0-9-]{1,96}\.svg$/),
});

/** The seed's pictures, drawn on request as SVG (GET /images/{folder}/{name}.svg). */
export const imageRoutes = (): FastifyPluginAsyncZod => async (app) => {
  const images = seedImages();
  app.get('/images/:folder/:file', { schema: { params: imageParams, querystring: noQuery } }, async (request, reply) => {
    const path = `/images/${request.params.folder}/${request.params.file}`;
    const image = images.get(path);
    if (!image) throw notFound();
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(renderPlaceholder(path, image));
  });
};
