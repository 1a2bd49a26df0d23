import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { type BuildOptions, buildServer } from './app';
import { defaultConfig, type ServerConfig } from './config';
import { type DatabaseHandle, openPglite, openPostgres } from './db/client';
import { prepareDatabase } from './db/prepare';
import type { ServerDeps } from './deps';
import { createIdentityProviders } from './features/identity-providers/provider';
import { seedDemoPurchases } from './features/payment/demo-purchases';
import { createSandboxProvider, newSandboxSecret, type PaymentProvider } from './features/payment/provider';
import { installWebApp } from './http/web-app';
import { type Clock, systemClock } from './lib/clock';
import { createStaticGeoLocator } from './lib/geo';
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
}

export const noPaymentProvider =
  'No payment provider is configured: pass one to startServer, or set PAYMENT_PROVIDER=sandbox for the local sandbox (development only)';

/** Where `npm run build` puts the web app. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  deps: ServerDeps;
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
  const database =
    options.database ??
    (options.databaseUrl
      ? await openPostgres(options.databaseUrl)
      : await openPglite(options.dataDir ? { dataDir: join(options.dataDir, 'server-db') } : {}));
  try {
    const config = defaultConfig({ publicUrl: `http://${host}:${port}`, ...options.config });
    const { seeded } = await prepareDatabase(database, clock, { demoAccounts: config.demo });
    if (!options.config?.payment?.sandboxSecret)
      config.payment.sandboxSecret = options.dataDir ? localSandboxSecret(options.dataDir) : newSandboxSecret();
    const deps: ServerDeps = {
      db: database.db,
      clock,
      ...(options.senders ?? createOutboxSenders(database.db, clock)),
      geo: createStaticGeoLocator(config.demo ? { city: 'Москва', country: 'Россия' } : null),
      providers: createIdentityProviders(config.identity),
      payments:
        options.payments ??
        createSandboxProvider({ publicUrl: () => config.publicUrl, secret: config.payment.sandboxSecret, now: () => clock.now() }),
      config,
    };
    const app = await buildServer(deps, { logger: options.logger ?? false, demoConsole: options.demoConsole });
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
    return {
      url,
      app,
      deps,
      seeded,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
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
