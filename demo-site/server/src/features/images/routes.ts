import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { englishLabel } from '../../db/seed/data/english';
import { seedImages } from '../../db/seed/image-catalogue';
import type { PlaceholderImage } from '../../db/seed/images';
import { notFound } from '../../lib/errors';
import { noQuery } from '../../lib/schemas';
import { renderPlaceholder } from './render';

const imageParams = z.strictObject({
  folder: z.string().regex(/^[a-z-]{1,32}$/),
  file: z.string().regex(/^[a-z0-9-]{1,96}\.svg$/),
});

/**
 * Pictures of what organisers make in the back office (events, goods): `/images/organizer/{public id}[-tall|-square].svg`,
 * drawn without a caption (the page prints the title) until the organisation uploads its own.
 */
function organizerPicture(folder: string, file: string): PlaceholderImage | undefined {
  const match = folder === 'organizer' ? /^[0-9a-f]{24}(?:-(tall|square))?\.svg$/.exec(file) : null;
  if (!match) return undefined;
  return { label: '', shape: (match[1] as 'tall' | 'square' | undefined) ?? 'wide', caption: false };
}

/**
 * The seed's pictures, drawn on request as SVG (GET /images/{folder}/{name}.svg), and their English
 * copies (GET /images/en/{folder}/{name}.svg: the same colours, the caption in English or none), which
 * English answers point at (lib/language.ts).
 */
export const imageRoutes = (): FastifyPluginAsyncZod => async (app) => {
  const images = seedImages();
  const schema = { params: imageParams, querystring: noQuery };
  const send = (reply: FastifyReply, svg: string) =>
    reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400').send(svg);
  const find = (params: z.infer<typeof imageParams>) => {
    const path = `/images/${params.folder}/${params.file}`;
    const image = images.get(path) ?? organizerPicture(params.folder, params.file);
    if (!image) throw notFound();
    return { path, image };
  };
  app.get('/images/:folder/:file', { schema }, async (request, reply) => {
    const { path, image } = find(request.params);
    return send(reply, renderPlaceholder(path, image));
  });
  app.get('/images/en/:folder/:file', { schema }, async (request, reply) => {
    const { path, image } = find(request.params);
    const label = englishLabel(image.label);
    return send(reply, renderPlaceholder(path, label ? { ...image, label } : { ...image, label: '', caption: false }));
  });
};
