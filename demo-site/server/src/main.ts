// `pnpm start`: the ticketing site's API on 127.0.0.1 (see README.md for the environment variables).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './start';

const started = performance.now();
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const env = process.env;

const server = await startServer({
  port: Number(env.PORT ?? 3000),
  host: env.HOST ?? '127.0.0.1',
  dataDir: resolve(env.GID_DATA_DIR ?? resolve(repoRoot, '.data')),
  ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
  config: {
    demo: env.GID_DEMO !== '0',
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
  },
  logger: { level: env.LOG_LEVEL ?? 'info' },
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

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
