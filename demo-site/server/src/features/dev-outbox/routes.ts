import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServerDeps } from '../../deps';
import { text } from '../../lib/schemas';
import { readOutbox } from '../../messaging/senders';
import { renderOutboxPage } from './page';

const outboxQuery = z.strictObject({
  to: text(254)
    .transform((value) => value.toLowerCase())
    .optional(),
  channel: z.enum(['email', 'sms']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * The dev outbox, demo mode only: every e-mail and SMS the server "sent". `/dev/outbox` is the page a
 * person reads; `/dev/outbox.json` is the call tests use (filter by `to`, `channel`), newest first.
 */
export const devOutboxRoutes =
  ({ db, config }: ServerDeps): FastifyPluginAsyncZod =>
  async (app) => {
    if (!config.demo) return;
    app.get('/dev/outbox.json', { schema: { querystring: outboxQuery } }, async (request) => ({
      values: await readOutbox(db, request.query),
    }));
    app.get('/dev/outbox', { schema: { querystring: outboxQuery } }, async (request, reply) =>
      reply.type('text/html; charset=utf-8').send(renderOutboxPage(await readOutbox(db, request.query))),
    );
  };
