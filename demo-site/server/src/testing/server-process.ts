import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

/**
 * Real server processes for the tests on PostgreSQL (scale, faults, the check-in race): `main.ts` as
 * `pnpm start` runs it, production-shaped (no demo), with the sandbox provider, on a free port.
 */
const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export { freePort };

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it printed so far. */
  output(): string;
  /** Settles once it says «Server ready» (rejects if it exits first). */
  ready: Promise<void>;
}

/** The processes a test file started, stopped by `stopServerProcesses` (its afterAll). */
const started: ChildProcess[] = [];

/**
 * Starts `main.ts` on `databaseUrl` with `env` over the defaults; resolves once it is ready, or at
 * once with `{ ready: false }` (a server started before its database).
 */
export async function startServerProcess(
  databaseUrl: string,
  options: { env?: Record<string, string>; ready?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PAYMENT_PROVIDER: 'sandbox',
      // Letters stay in the outbox table (a production-shaped start refuses without a way to send them).
      MAIL_OUTBOX: '1',
      GID_DEMO: '',
      WEB_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  const ready = new Promise<void>((resolveReady, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Server ready at')) resolveReady();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  ready.catch(() => undefined);
  if (options.ready !== false) await ready;
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, ready };
}

/** Stops one process (SIGTERM) and waits for it to exit. */
export const stopServerProcess = (child: ChildProcess) =>
  new Promise<void>((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveExit();
    child.once('exit', () => resolveExit());
    child.kill('SIGTERM');
  });

/** Stops every process this test file started. */
export const stopServerProcesses = () => Promise.all(started.splice(0).map(stopServerProcess));
