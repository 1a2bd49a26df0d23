import { timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowsOf } from '../../db/json-rows';
import { migrationsFolder } from '../../db/prepare';
import { outboxMessages } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import type { ServerMetrics } from '../../http/metrics';
import { HttpError, notFound } from '../../lib/errors';
import { noQuery } from '../../lib/schemas';
import { letterQueueState } from '../../messaging/letter-queue';

/** What the operator endpoints know besides the deps: the metrics, who may read them, whether the process is stopping. */
export interface OperatorOptions {
  metrics?: ServerMetrics | undefined;
  /** GET /metrics on the site's port (not when METRICS_PORT serves them); true by default. */
  serveMetrics?: boolean;
  /** Production: GET /metrics and /ops/* need `Authorization: Bearer <token>` (`METRICS_TOKEN`). */
  metricsToken?: string | undefined;
  /** The process is stopping: /readyz answers 503 so that a load balancer stops sending requests. */
  draining?: () => boolean;
}

export const operatorMessages = {
  token: 'Нужен токен метрик (Authorization: Bearer …)',
} as const;

/** The migrations this build has (drizzle's journal): /readyz wants the database to have run them all. */
const expectedMigrations = (): number => {
  try {
    return (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
  } catch {
    return 0;
  }
};

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

/**
 * The operator's endpoints: GET /healthz (the process answers), GET /readyz (the database answers, its
 * migrations are done, a payment provider is configured, the process is not stopping), GET /metrics
 * (Prometheus text) and GET /ops/letters (the letter queue: counts, the latest letters' states, no
 * text). Metrics and letters are open in demo mode; in production they need the metrics token, or are
 * served on METRICS_PORT instead (start.ts) and not here.
 */
export const operatorRoutes =
  (deps: ServerDeps, options: OperatorOptions = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const migrations = expectedMigrations();
    const draining = options.draining ?? (() => false);
    const guard = (authorization: string | undefined) => {
      if (deps.config.demo) return;
      if (!options.metricsToken || !options.metrics) throw notFound();
      const given = Buffer.from(authorization?.replace(/^Bearer\s+/i, '') ?? '');
      const expected = Buffer.from(options.metricsToken);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(401, operatorMessages.token);
    };

    app.get('/healthz', { schema: { querystring: noQuery } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    });

    app.get('/readyz', { schema: { querystring: noQuery } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const checks: Record<string, string> = {};
      try {
        await withTimeout(deps.db.execute(sql`select 1`), 2000);
        checks.database = 'ok';
        const done = await withTimeout(deps.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`), 2000);
        checks.migrations = Number(rowsOf<{ n: number }>(done)[0]?.n ?? 0) >= migrations ? 'ok' : 'pending';
      } catch {
        checks.database = checks.database ?? 'unavailable';
        checks.migrations = checks.migrations ?? 'unknown';
      }
      checks.payments = deps.payments.name === 'sandbox' && !deps.config.sandbox ? 'not configured' : deps.payments.name;
      const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.payments !== 'not configured';
      const status = draining() ? 'draining' : ready ? 'ready' : 'not_ready';
      reply.code(status === 'ready' ? 200 : 503);
      return { status, checks };
    });

    if (options.metrics && options.serveMetrics !== false) {
      const { registry } = options.metrics;
      app.get('/metrics', { schema: { querystring: noQuery } }, async (request, reply) => {
        guard(request.headers.authorization);
        reply.header('cache-control', 'no-store');
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    }

    app.get(
      '/ops/letters',
      { schema: { querystring: z.strictObject({ status: z.string().max(16).optional() }) } },
      async (request, reply) => {
        guard(request.headers.authorization);
        reply.header('cache-control', 'no-store');
        const rows = await deps.db
          .select({
            id: outboxMessages.id,
            to: outboxMessages.recipient,
            subject: outboxMessages.subject,
            kind: sql<string | null>`${outboxMessages.meta}->>'kind'`,
            status: outboxMessages.status,
            attempts: outboxMessages.attempts,
            lastError: outboxMessages.lastError,
            createdAt: outboxMessages.createdAt,
            sentAt: outboxMessages.sentAt,
            nextAttemptAt: outboxMessages.nextAttemptAt,
          })
          .from(outboxMessages)
          .where(request.query.status ? eq(outboxMessages.status, request.query.status) : eq(outboxMessages.channel, 'email'))
          .orderBy(desc(outboxMessages.id))
          .limit(100);
        return {
          queue: await letterQueueState(deps.db, deps.clock.now()),
          letters: rows.map((row) => ({
            id: row.id,
            to: row.to,
            subject: row.subject,
            kind: row.kind,
            status: row.status,
            attempts: row.attempts,
            last_error: row.lastError,
            created_at: row.createdAt.toISOString(),
            sent_at: row.sentAt?.toISOString() ?? null,
            next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
          })),
        };
      },
    );
  };
