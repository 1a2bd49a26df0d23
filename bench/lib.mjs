// Shared by the benchmarks that start the ticketing API for real: a free port, and the API as
// `pnpm start` runs it (main.ts through the workspace's tsx) in a temporary data folder.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { partCommand } from '../scripts/lib.mjs';

export const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'demo-site', 'server');

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Starts the API in a new temporary data folder (or `dataDir`); resolves when it prints that it is
 * ready, with its URL, pid, the seconds it took, and `stop()` (SIGTERM) / `kill()` (SIGKILL and the
 * folder removed). `nodeArgs` go to node before the script (`--cpu-prof` to profile a run).
 */
export async function startApi({ prefix = 'gid-bench-', dataDir, env = {}, nodeArgs = [] } = {}) {
  const folder = dataDir ?? (await mkdtemp(join(tmpdir(), prefix)));
  const port = await freePort();
  const started = performance.now();
  // As `npm start` runs it: the bundle `npm run bench` has just built (dist/main.mjs), else src/ through tsx.
  const [runner, ...entry] = partCommand('demo-site/server', 'src/main.ts');
  const child = spawn(process.execPath, runner === 'node' ? [...nodeArgs, ...entry] : [...nodeArgs, '--import', 'tsx', ...entry], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      GID_DATA_DIR: folder,
      LOG_LEVEL: 'warn',
      GID_DEMO: '1',
      PAYMENT_PROVIDER: 'sandbox',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (/Server ready at/.test(output)) resolve();
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    dataDir: folder,
    seconds: (performance.now() - started) / 1000,
    output,
    /** Everything it printed so far (the log lines of a run, after `output`'s start lines). */
    log: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
      if (!dataDir) await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A throwaway PostgreSQL 15 server (Debian's, as the server's tests start it), in a child process;
 * resolves with its URL and `stop()`.
 */
export async function startPostgresServer() {
  const script = `
    const { startPostgres } = await import('./src/testing/postgres.ts');
    const pg = await startPostgres();
    console.log('PG ready ' + pg.url);
    // Stopped when its stdin closes: by stop(), or by the benchmark exiting in any way. (A SIGTERM
    // handler here never ran under tsx, and the daemonised PostgreSQL outlived every run.)
    process.stdin.resume().on('end', () => pg.stop().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = /PG ready (\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`PostgreSQL did not start (${code}):\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
