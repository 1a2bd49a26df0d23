import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { freePort } from './testing/server-process';

// `npm start` (scripts/start.mjs) stopped by SIGTERM, as a service manager stops it, leaves no process
// behind; and it asks for demo mode. The idp and the server only, without the build, to stay quick.
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'gid-start-script-'));
let started: ChildProcess | undefined;
afterAll(() => {
  if (started?.exitCode === null) started.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Live processes (zombies count as gone) with their parent, from /proc. */
function processTable(): Map<number, number> {
  const table = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state !== 'Z') table.set(Number(entry), Number(parent));
    } catch {
      // gone while reading
    }
  }
  return table;
}

function descendants(pid: number): number[] {
  const table = processTable();
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, of] of table) {
      if (of === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

it('npm start in demo mode; SIGTERM stops every process it started', async () => {
  const [port, idpPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      IDP_PORT: String(idpPort),
      GID_DATA_DIR: dataDir,
      GID_START_PARTS: 'idp,server',
      GID_START_SKIP_BUILD: '1',
      GID_DEMO: '',
      PAYMENT_PROVIDER: '',
      WEB_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started = child;
  let output = '';
  const ready = new Promise<void>((resolveReady, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('[server] Server ready') && output.includes('[idp] ')) resolveReady();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`)));
  });
  await ready;

  // Demo mode was asked for: the outboxes answer on both.
  expect((await fetch(`http://127.0.0.1:${port}/dev/outbox.json`)).status).toBe(200);
  expect((await fetch(`http://127.0.0.1:${idpPort}/dev/outbox?format=json`)).status).toBe(200);

  const tree = descendants(child.pid!);
  expect(tree.length).toBeGreaterThanOrEqual(2);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  const alive = processTable();
  expect(tree.filter((pid) => alive.has(pid))).toEqual([]);
  await expect(fetch(`http://127.0.0.1:${port}/api/event/list`)).rejects.toThrow();
}, 180_000);
