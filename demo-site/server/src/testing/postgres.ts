import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL tool as the `postgres` user when we are root (initdb refuses root). */
function runAsPostgres(tool: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args]] : [join(BIN, tool), args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
}

/**
 * A throwaway PostgreSQL 15 server on a free port (TOOLCHAIN.md): initdb with trust auth, no fsync,
 * sockets in its own folder; `stop` shuts it down and deletes it.
 */
export async function startPostgres(): Promise<RunningPostgres> {
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
  const options = `-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  runAsPostgres('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'log'), '-o', options, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      try {
        runAsPostgres('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
