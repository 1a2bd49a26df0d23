import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const BIN = '/usr/lib/postgresql/15/bin';

export interface RunningPostgres {
  url: string;
  /** Shuts it down and deletes its files. */
  stop(): Promise<void>;
  /**
   * Stops the server, keeping its data (`pg_ctl stop`, fast mode by default: sessions are ended, as in a
   * `pg_ctl restart`). Asynchronous: the caller's own requests go on meanwhile.
   */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data (after `halt`, or when created with `started: false`). */
  resume(): Promise<void>;
}

/** Debian's PostgreSQL 15, installed with apt-get when this machine lacks it (never skipped). */
function ensureBinaries(): void {
  if (existsSync(join(BIN, 'initdb'))) return;
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', 'postgresql-15'],
  ]) {
    const [cmd, ...rest] = [...sudo, ...args];
    execFileSync(cmd!, rest, { stdio: 'inherit', env });
  }
}

/** Runs a PostgreSQL tool as the `postgres` user when we are root (initdb refuses root). */
function runAsPostgres(tool: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args]] : [join(BIN, tool), args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
}

/** `runAsPostgres` without blocking the event loop. */
function runAsPostgresAsync(tool: string, args: string[]): Promise<void> {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args]] : [join(BIN, tool), args];
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, { encoding: 'utf8' }, (error, stdout, stderr) =>
      error ? reject(new Error(`${tool} failed: ${stderr || stdout || error.message}`)) : resolve(),
    );
  });
}

/**
 * A throwaway PostgreSQL 15 server on a free port (TOOLCHAIN.md): initdb with trust auth, no fsync,
 * sockets in its own folder; `stop` shuts it down and deletes it.
 */
export async function startPostgres(options: { started?: boolean } = {}): Promise<RunningPostgres> {
  ensureBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'gid-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  runAsPostgres('initdb', ['-D', data, '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '-U', 'postgres', '--no-sync']);
  const settings = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const startArgs = ['-D', data, '-w', '-l', join(dir, 'log'), '-o', settings, 'start'];
  if (options.started !== false) runAsPostgres('pg_ctl', startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt: (mode = 'fast') => runAsPostgresAsync('pg_ctl', ['-D', data, '-w', '-m', mode, 'stop']),
    resume: () => runAsPostgresAsync('pg_ctl', startArgs),
    stop: async () => {
      try {
        // Already halted by the test: nothing to stop.
        if (existsSync(join(data, 'postmaster.pid'))) runAsPostgres('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
