// `pnpm start`: the ticketing site's API on 127.0.0.1 (see README.md for the environment variables).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEnvironment } from './environment';
import { startServer } from './start';

const started = performance.now();
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const env = process.env;

// What the environment asks, read as `config:check` reads it: a production start refuses to start
// on what it could not run safely with (no payment provider, no way to send letters, a bad setting).
const reading = readEnvironment(env, repoRoot);
if (reading.refusals.length) {
  console.error(`The server did not start:\n${reading.refusals.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}
for (const warning of reading.warnings) console.warn(`Warning: ${warning}`);

const server = await startServer(reading.options).catch((error: unknown) => {
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
if (server.metricsUrl) console.log(`Metrics: ${server.metricsUrl}`);
// GID_MEMORY_REPORT=1 (bench/server.mjs): where the resident memory goes right after the start.
if (env.GID_MEMORY_REPORT === '1') {
  const mib = (bytes: number) => `${Math.round(bytes / 1048576)} MiB`;
  const memory = process.memoryUsage();
  console.log(
    `Memory after start: rss ${mib(memory.rss)}; V8 heap ${mib(memory.heapUsed)} used of ${mib(memory.heapTotal)}; off the V8 heap ${mib(memory.external)} (PGlite's WebAssembly memory and buffers; array buffers ${mib(memory.arrayBuffers)} of it); the rest of the rss is code, stacks and the allocator's`,
  );
}

// Stopping: /readyz answers `draining` at once, so that a load balancer stops sending requests; after
// DRAIN_DELAY_MS (0 by default; set it to the balancer's check interval) the server stops taking new
// ones, finishes those under way and the letter being sent, and exits.
const drainDelayMs = Number(env.DRAIN_DELAY_MS ?? 0);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  server.drain();
  if (drainDelayMs > 0) await new Promise((resolveDelay) => setTimeout(resolveDelay, drainDelayMs));
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
