import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerDeps } from '../../deps';
import { unsubscribe } from './messages';
import { tokenParams } from './schema';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.6rem 1.2rem;border-radius:999px;border:0;background:#c8050f;color:#fff;cursor:pointer}</style></head>
<body><h1>${title}</h1>${body}</body></html>`;

/**
 * The unsubscribe link of an organiser's non-essential letters (issue 31). The link's GET only asks (mail
 * scanners open links); the button, or a mail client's one-click POST (RFC 8058), unsubscribes.
 */
export const unsubscribeRoutes =
  (deps: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/mailing/unsubscribe/:token', { schema: { params: tokenParams } }, async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            'Отписаться от писем организаторов?',
            '<p>Важные письма о вашем старте (перенос, отмена) будут приходить и дальше.</p><form method="post"><button type="submit">Отписаться</button></form>',
          ),
        ),
    );
    app.post('/api/mailing/unsubscribe/:token', { schema: { params: tokenParams } }, async (request, reply) => {
      await unsubscribe(deps.db, deps.clock.now(), request.params.token);
      // The same answer for an unknown token: the link tells nothing about who got letters.
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page('Вы отписаны', '<p>Писем о новостях организаторов больше не будет. Важные письма о вашем старте придут как обычно.</p>'),
        );
    });
  };
