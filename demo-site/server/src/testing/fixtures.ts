import { readFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { type BuildOptions, buildServer } from '../app';
import { defaultConfig, type ServerConfig } from '../config';
import { type DatabaseHandle, openPglite } from '../db/client';
import type { ServerDeps } from '../deps';
import { createIdentityProviders } from '../features/identity-providers/provider';
import { createSandboxProvider } from '../features/payment/provider';
import { manualClock } from '../lib/clock';
import { createStaticGeoLocator } from '../lib/geo';
import { createOutboxSenders, readOutbox } from '../messaging/senders';

/** A JSON response body as tests read it: the assertions check its shape, not the type system. */
// biome-ignore lint/suspicious/noExplicitAny: bodies are checked by the assertions that read them
export type Body = any;

/** The date the test template was seeded on; every seeded date is relative to it. */
export const SEED_DATE = '2026-05-01T06:00:00.000Z';

/** A fresh copy of the seeded template (about a second; never initdb). */
export async function openTemplateDatabase(): Promise<DatabaseHandle> {
  const tarball = readFileSync(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([tarball]) });
}

export interface TestApp {
  app: FastifyInstance;
  deps: ServerDeps;
  clock: ReturnType<typeof manualClock>;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** The newest message the outbox holds for an address (e-mail or phone digits). */
  lastMessage(to: string): Promise<{ subject: string | null; text: string; meta: Record<string, string> }>;
  close(): Promise<void>;
}

/**
 * The whole app over a database, with a clock an hour after the seed date, cheap scrypt and rate limits
 * out of the way (tests that check them pass their own config).
 */
export async function createTestApp(db: DatabaseHandle, config: Partial<ServerConfig> = {}, options: BuildOptions = {}): Promise<TestApp> {
  const clock = manualClock(new Date(new Date(SEED_DATE).getTime() + 3_600_000));
  const loose = { max: 10_000, windowMs: 60_000 };
  const fullConfig = defaultConfig({
    publicUrl: 'http://site.test',
    // Demo mode and the sandbox are asked for explicitly, as `npm start` does.
    demo: true,
    sandbox: true,
    scrypt: { N: 1024, r: 8, p: 1 },
    rateLimits: { login: loose, sms: loose, reset: loose, oauth: loose, uploads: loose, payment: loose, promocode: loose },
    holdCaps: { perEmail: 10_000, perAddress: 10_000 },
    responseCacheMs: 0,
    ...config,
  });
  const deps: ServerDeps = {
    db: db.db,
    clock,
    ...createOutboxSenders(db.db, clock),
    geo: createStaticGeoLocator({ city: 'Москва', country: 'Россия' }),
    providers: createIdentityProviders(fullConfig.identity),
    payments: createSandboxProvider({
      publicUrl: () => fullConfig.publicUrl,
      secret: fullConfig.payment.sandboxSecret,
      now: () => clock.now(),
    }),
    config: fullConfig,
  };
  const app = await buildServer(deps, options);
  return {
    app,
    deps,
    clock,
    request: ({ token, headers, ...options }) =>
      app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    lastMessage: async (to) => {
      const [message] = await readOutbox(db.db, { to, limit: 1 });
      if (!message) throw new Error(`no message for ${to}`);
      return message;
    },
    close: () => app.close(),
  };
}

let counter = 0;
/** Addresses and phones no other test uses (suites share one database). */
/** A file's database (a copy of the seeded template) and a test app over it (`useTestApp`). */
export interface FileApp {
  readonly database: DatabaseHandle;
  readonly api: TestApp;
}

/**
 * Opens a copy of the template database and a test app over it before the file's tests, and closes
 * both after them: the set-up most server test files share. Read `database` and `api` inside tests.
 * `prepare` runs once both are open (fake identity providers, rows the file's tests share).
 */
export function useTestApp(
  config: Partial<ServerConfig> = {},
  options: BuildOptions = {},
  prepare?: (app: FileApp) => void | Promise<void>,
): FileApp {
  const app = {} as { database: DatabaseHandle; api: TestApp };
  beforeAll(async () => {
    app.database = await openTemplateDatabase();
    app.api = await createTestApp(app.database, config, options);
    await prepare?.(app);
  });
  afterAll(async () => {
    await app.api?.close();
    await app.database?.close();
  });
  return app;
}

export const uniqueEmail = (label = 'user') => `${label}.${process.pid}.${Date.now().toString(36)}.${++counter}@test.example`;
export const uniquePhone = () => `7900${String(process.pid % 1000).padStart(3, '0')}${String(++counter % 10_000).padStart(4, '0')}`;

export const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
