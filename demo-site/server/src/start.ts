import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { type BuildOptions, buildServer } from './app';
import { defaultConfig, type ServerConfig } from './config';
import { type DatabaseHandle, isDatabaseUnavailable, openPglite, openPostgres } from './db/client';
import { prepareDatabase } from './db/prepare';
import { roundTrips } from './db/round-trips';
import type { ServerDeps } from './deps';
import { createIdentityProviders } from './features/identity-providers/provider';
import { seedDemoPurchases } from './features/payment/demo-purchases';
import { createSandboxProvider, newSandboxSecret, type PaymentProvider } from './features/payment/provider';
import { demoAccountsWarning, liveDemoAccounts } from './features/users/demo-accounts';
import { countedProvider, createMetrics, type MetricSources, type ServerMetrics } from './http/metrics';
import { installWebApp } from './http/web-app';
import { type Clock, systemClock } from './lib/clock';
import { createStaticGeoLocator } from './lib/geo';
import {
  createQueuedEmailSender,
  type LetterQueue,
  type LetterQueueOptions,
  type LetterTransport,
  startLetterQueue,
} from './messaging/letter-queue';
import { createOutboxSenders, type EmailSender, type SmsSender } from './messaging/senders';

export interface StartOptions {
  /** 0 picks a free port (tests). Default 3000. */
  port?: number;
  host?: string;
  /** The project's data folder; the embedded database lives in `<dataDir>/server-db`. */
  dataDir?: string;
  /** A PostgreSQL server instead of the embedded database. */
  databaseUrl?: string;
  /** An already opened database (tests pass a clone of the seeded template). */
  database?: DatabaseHandle;
  /** PostgreSQL only: a statement (lock waits included) running longer is cut (10 s; `DATABASE_STATEMENT_TIMEOUT_MS`). */
  statementTimeoutMs?: number;
  /** PostgreSQL only: count statements; each answer carries `x-db-round-trips` (`GID_COUNT_ROUND_TRIPS=1`, benchmarks). */
  countRoundTrips?: boolean;
  /**
   * PostgreSQL only: told each time the database could not be reached at start, before the next try
   * (the server waits, with backoff up to `maxDelayMs`, rather than exiting); a line on stderr by default.
   * `giveUpAfterMs` (none by default: wait for as long as it takes) ends the wait with the last error.
   */
  databaseWait?: {
    onRetry?: (attempt: number, delayMs: number, error: unknown) => void;
    maxDelayMs?: number;
    giveUpAfterMs?: number;
  };
  config?: Partial<ServerConfig>;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Demo mode's readable console (see BuildOptions.demoConsole); production keeps JSON. */
  demoConsole?: BuildOptions['demoConsole'];
  /** The built web app to serve next to the API (demo-site/web/dist); none when left out. */
  webDir?: string;
  /**
   * The payment provider. Without one the server refuses to start, unless the sandbox is asked for
   * (`config.sandbox`, `PAYMENT_PROVIDER=sandbox`).
   */
  payments?: PaymentProvider;
  /** Real e-mail and SMS senders; by default every message is only recorded in the outbox table. */
  senders?: { email: EmailSender; sms: SmsSender };
  /**
   * Letters over SMTP (`SMTP_URL`, `MAIL_FROM`): e-mail is queued in the outbox table and the letter
   * queue sends it (messaging/letter-queue.ts); SMS stay in the outbox.
   */
  mail?: { transport: LetterTransport; from: string; queue?: Partial<LetterQueueOptions> };
  /**
   * Prometheus metrics (GET /metrics): open in demo mode; in production with `token` (a bearer token,
   * `METRICS_TOKEN`), or served on `port` (`METRICS_PORT`, on `host`, 127.0.0.1 by default) instead of
   * the site's port. `false`: none.
   */
  metrics?: { token?: string | undefined; port?: number | undefined; host?: string | undefined } | false;
}

export const noPaymentProvider =
  'No payment provider is configured: pass one to startServer, or set PAYMENT_PROVIDER=sandbox for the local sandbox (development only)';

/** Where `npm run build` puts the web app. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  deps: ServerDeps;
  /** The letter queue, when letters go over SMTP. */
  letters: LetterQueue | null;
  /** Where the metrics are served when not on the site's port (METRICS_PORT). */
  metricsUrl: string | null;
  /** The process is stopping: /readyz answers 503 `draining` from now on (requests are still served). */
  drain(): void;
  /** Whether this start created the data (migrate + seed) rather than reopening it. */
  seeded: boolean;
  close(): Promise<void>;
}

/** Opens (creating, migrating and seeding on first use) the database, then listens. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = options.port ?? 3000;
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? systemClock;
  if (!options.payments && !options.config?.sandbox) throw new Error(noPaymentProvider);
  let logger: { warn(message: string): void } = { warn: (message) => console.warn(message) };
  const database =
    options.database ??
    (options.databaseUrl
      ? await openPostgres(options.databaseUrl, {
          ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
          ...(options.countRoundTrips ? { countRoundTrips: true } : {}),
          // A restart or failover ends the pool's connections: logged, the next call connects afresh.
          onConnectionLost: (error) => logger.warn(`PostgreSQL connection lost (${error.message}); reconnecting on the next call`),
        })
      : await openPglite(options.dataDir ? { dataDir: join(options.dataDir, 'server-db') } : {}));
  try {
    const config = defaultConfig({ publicUrl: `http://${host}:${port}`, ...options.config });
    const { seeded } = await untilDatabaseAnswers(
      () => prepareDatabase(database, clock, { demoAccounts: config.demo }),
      database.kind === 'postgres' ? (options.databaseWait ?? {}) : null,
      options.databaseUrl,
    );
    await database.warm?.();
    // Demo accounts in a database first seeded in demo mode (issue 33): a production start names them and the command that closes them.
    if (!config.demo) {
      const open = await liveDemoAccounts(database.db);
      if (open.length) console.warn(demoAccountsWarning(open));
    }
    if (!options.config?.payment?.sandboxSecret)
      config.payment.sandboxSecret = options.dataDir ? localSandboxSecret(options.dataDir) : newSandboxSecret();
    const metrics =
      options.metrics === false
        ? undefined
        : createMetrics({ db: database.db, clock, pool: (database as DatabaseHandle & { pool?: MetricSources['pool'] }).pool });
    const payments =
      options.payments ??
      createSandboxProvider({ publicUrl: () => config.publicUrl, secret: config.payment.sandboxSecret, now: () => clock.now() });
    let letters: LetterQueue | null = null;
    const senders = options.senders ?? createOutboxSenders(database.db, clock);
    const deps: ServerDeps = {
      db: database.db,
      clock,
      ...senders,
      ...(options.mail ? { email: createQueuedEmailSender(database.db, clock, () => letters?.kick()) } : {}),
      geo: createStaticGeoLocator(config.demo ? { city: 'Москва', country: 'Россия' } : null),
      providers: createIdentityProviders(config.identity),
      payments: metrics ? countedProvider(payments, metrics) : payments,
      config,
    };
    let draining = false;
    const metricsOnPort = metrics && options.metrics && options.metrics.port !== undefined;
    const app = await buildServer(deps, {
      logger: options.logger ?? false,
      demoConsole: options.demoConsole,
      operator: {
        metrics,
        // Served on METRICS_PORT instead, the site's port has none.
        serveMetrics: !metricsOnPort,
        metricsToken: options.metrics ? options.metrics.token : undefined,
        draining: () => draining,
      },
    });
    logger = { warn: (message) => app.log.warn(message) };
    if (options.countRoundTrips) installRoundTripHeader(app);
    // A fresh demo: the demo account has bought tickets and goods, so its cabinet is not empty.
    if (seeded && config.demo) await seedDemoPurchases(deps);
    if (options.webDir && !(await installWebApp(app, options.webDir))) {
      app.log.warn(`No built web app in ${options.webDir}: serving the API only (run npm run build)`);
    }
    await app.listen({ port, host });
    const address = app.server.address();
    const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
    // With port 0 the links in letters only know their port now.
    if (!options.config?.publicUrl) deps.config.publicUrl = url;
    if (options.mail) {
      letters = startLetterQueue(deps, options.mail.transport, {
        from: options.mail.from,
        publicUrl: deps.config.publicUrl,
        demo: config.demo,
        onOutcome: (outcome) => metrics?.letters.inc({ outcome }),
        onError: (error) => app.log.error({ err: error }, 'letter queue'),
        ...options.mail.queue,
      });
      letters.kick();
    }
    const metricsServer =
      metricsOnPort && metrics && options.metrics ? await serveMetrics(metrics, options.metrics.port!, options.metrics.host) : null;
    return {
      url,
      app,
      deps,
      seeded,
      letters,
      metricsUrl: metricsServer?.url ?? null,
      drain: () => {
        draining = true;
      },
      close: async () => {
        draining = true;
        await app.close();
        // The letter being sent is finished first; what is left stays queued for the next process.
        await letters?.stop();
        await metricsServer?.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** The metrics on their own port (METRICS_PORT): GET /metrics only, nothing of the site. */
async function serveMetrics(metrics: ServerMetrics, port: number, host = '127.0.0.1'): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end('{"message":"Не найдено"}');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    url: `http://${host}:${typeof address === 'object' && address ? address.port : port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `x-db-round-trips`: the statements this process sent while the request ran (see db/round-trips.ts). */
function installRoundTripHeader(app: FastifyInstance): void {
  const startedAt = new WeakMap<object, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    startedAt.set(request, roundTrips.count);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-db-round-trips', String(roundTrips.count - (startedAt.get(request) ?? roundTrips.count)));
    reply.header('x-db-round-trips-total', `${roundTrips.count}, ${roundTrips.shared}`);
    done(null, payload);
  });
}

/**
 * Runs `prepare` (the first use of the database) until the database answers: a server started before
 * its PostgreSQL (a whole stack starting at once, a failover in progress) waits, saying so, with the
 * delay doubling from 250 ms up to `maxDelayMs` (5 s), instead of exiting. Other errors end the start.
 */
export async function untilDatabaseAnswers<T>(
  prepare: () => Promise<T>,
  wait: StartOptions['databaseWait'] | null,
  url?: string,
): Promise<T> {
  const started = performance.now();
  const where = url ? describeDatabaseUrl(url) : 'the database';
  const onRetry =
    wait?.onRetry ??
    ((attempt: number, delayMs: number, error: unknown) =>
      console.warn(
        `PostgreSQL at ${where} is not answering (${(error as Error)?.message || error}); waiting: try ${attempt + 1} in ${delayMs} ms`,
      ));
  for (let attempt = 1; ; attempt++) {
    try {
      return await prepare();
    } catch (error) {
      if (!wait || !isDatabaseUnavailable(error)) throw error;
      if (wait.giveUpAfterMs !== undefined && performance.now() - started >= wait.giveUpAfterMs) throw error;
      const delayMs = Math.min(wait.maxDelayMs ?? 5000, 250 * 2 ** (attempt - 1));
      onRetry(attempt, delayMs, error);
      await new Promise((resolveDelay) => setTimeout(resolveDelay, delayMs));
    }
  }
}

/** host:port/database of a connection URL, without its user or password (for the log). */
function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * The sandbox payment provider's signing key: a LOCAL DEVELOPMENT key, generated into the data folder
 * on first run (never committed), so notifications signed before a restart still verify after it.
 */
function localSandboxSecret(dataDir: string): string {
  const file = join(dataDir, 'keys', 'payment-sandbox.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(join(dataDir, 'keys'), { recursive: true });
  const secret = newSandboxSecret();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
