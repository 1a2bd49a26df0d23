// `pnpm start`: the ticketing site's API on 127.0.0.1 (see README.md for the environment variables).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultConfig, type IdentityProviderConfig, LOCAL_IDP_URL } from './config';
import { demoLoggerOptions } from './http/demo-console';
import { loggerOptions } from './http/log-redaction';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { DEFAULT_WEB_DIR, startServer } from './start';

const started = performance.now();
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const env = process.env;

/**
 * `<NAME>_AUTH_URL`, `<NAME>_CLIENT_ID`, `<NAME>_CLIENT_SECRET`: a provider, the local idp by default.
 * `<NAME>_TOKEN_URL` (+ `_REVOCATION_URL`, `_JWKS_URL`) for one without a discovery document.
 */
const localIdp = env.IDP_PORT ? `http://127.0.0.1:${env.IDP_PORT}` : LOCAL_IDP_URL;
const provider = (name: string, clientId: string): IdentityProviderConfig => ({
  issuer: env[`${name}_AUTH_URL`] || localIdp,
  clientId: env[`${name}_CLIENT_ID`] || clientId,
  clientSecret: env[`${name}_CLIENT_SECRET`] || undefined,
  // {NAME}_VERIFIES_CONTACTS=1/0: whether the provider's verified e-mail or phone is proof (by default GID and Google yes, VK no).
  verifiesContacts: env[`${name}_VERIFIES_CONTACTS`] ? env[`${name}_VERIFIES_CONTACTS`] === '1' : undefined,
  endpoints: env[`${name}_TOKEN_URL`]
    ? {
        token: env[`${name}_TOKEN_URL`]!,
        revocation: env[`${name}_REVOCATION_URL`] || undefined,
        jwks: env[`${name}_JWKS_URL`] || undefined,
        authorization: env[`${name}_AUTHORIZE_URL`] || undefined,
      }
    : undefined,
});

/** TRUST_PROXY: a hop count (`1`) or the proxies' addresses/CIDRs (`10.0.0.0/8,127.0.0.1`); never "every hop". */
function trustProxy(value: string): TrustProxy {
  try {
    return parseTrustProxy(value);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** PAYMENT_PROVIDER: only `sandbox` exists in this repository; a real provider is wired in start.ts's `payments`. */
function paymentProvider(): 'sandbox' | undefined {
  const name = env.PAYMENT_PROVIDER;
  if (!name) return undefined;
  if (name !== 'sandbox') {
    console.error(`PAYMENT_PROVIDER=${name}: unknown provider (only "sandbox" is built in)`);
    process.exit(1);
  }
  return name;
}

const server = await startServer({
  port: Number(env.PORT ?? 3000),
  host: env.HOST ?? '127.0.0.1',
  dataDir: resolve(env.GID_DATA_DIR ?? resolve(repoRoot, '.data')),
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  // DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cuts any statement (lock waits included) running longer (10 s).
  ...(env.DATABASE_STATEMENT_TIMEOUT_MS ? { statementTimeoutMs: Number(env.DATABASE_STATEMENT_TIMEOUT_MS) } : {}),
  // GID_COUNT_ROUND_TRIPS=1 (benchmarks): every answer says how many statements it took (`x-db-round-trips`).
  ...(env.GID_COUNT_ROUND_TRIPS === '1' ? { countRoundTrips: true } : {}),
  config: {
    // Production-shaped unless asked: `npm start` sets GID_DEMO=1 and PAYMENT_PROVIDER=sandbox.
    demo: env.GID_DEMO === '1',
    sandbox: paymentProvider() === 'sandbox',
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(env.TRUST_PROXY ? { trustProxy: trustProxy(env.TRUST_PROXY) } : {}),
    // PAYMENT_HOLD_MS: how long an unpaid order keeps its tickets (15 minutes by default);
    // PAYMENT_SWEEP_MS with it: how often expired holds are released (a quarter of the hold, 1 s–1 min).
    ...(env.PAYMENT_HOLD_MS
      ? {
          payment: {
            ...defaultConfig().payment,
            holdMs: Number(env.PAYMENT_HOLD_MS),
            sweepIntervalMs: env.PAYMENT_SWEEP_MS
              ? Number(env.PAYMENT_SWEEP_MS)
              : Math.min(60_000, Math.max(1000, Number(env.PAYMENT_HOLD_MS) / 4)),
            sandboxSecret: '',
          },
        }
      : {}),
    identity: { gid: provider('GID', 'demo-site'), vk: provider('VK', 'vk'), google: provider('GOOGLE', 'google') },
  },
  // Demo mode (`npm start`): readable lines, one per API call or failure; production: pino's JSON per request.
  ...(env.GID_DEMO === '1' && env.LOG_FORMAT !== 'json'
    ? {
        logger: demoLoggerOptions(env.LOG_LEVEL ?? 'info'),
        // Its request lines are info: LOG_LEVEL=warn (the benchmarks) leaves only warnings and errors.
        ...(['trace', 'debug', 'info'].includes(env.LOG_LEVEL ?? 'info') ? { demoConsole: {} } : {}),
      }
    : { logger: loggerOptions(env.LOG_LEVEL ?? 'info') }),
  webDir: env.WEB_DIR ? resolve(env.WEB_DIR) : DEFAULT_WEB_DIR,
}).catch((error: unknown) => {
  console.error('The server did not start:', error);
  process.exit(1);
});

const seconds = ((performance.now() - started) / 1000).toFixed(1);
const database = env.DATABASE_URL
  ? 'PostgreSQL (DATABASE_URL)'
  : `PGlite in ${resolve(env.GID_DATA_DIR ?? resolve(repoRoot, '.data'), 'server-db')}`;
console.log(
  `Server ready at ${server.url} in ${seconds} s — ${server.seeded ? 'first start: database created, migrated and seeded' : 'restart: existing database'} (${database})`,
);
if (server.deps.config.demo) console.log(`Outbox (e-mail and SMS): ${server.url}/dev/outbox`);
// GID_MEMORY_REPORT=1 (bench/server.mjs): where the resident memory goes right after the start.
if (env.GID_MEMORY_REPORT === '1') {
  const mib = (bytes: number) => `${Math.round(bytes / 1048576)} MiB`;
  const memory = process.memoryUsage();
  console.log(
    `Memory after start: rss ${mib(memory.rss)}; V8 heap ${mib(memory.heapUsed)} used of ${mib(memory.heapTotal)}; off the V8 heap ${mib(memory.external)} (PGlite's WebAssembly memory and buffers; array buffers ${mib(memory.arrayBuffers)} of it); the rest of the rss is code, stacks and the allocator's`,
  );
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
