// `npm start`: installs what is missing, builds, starts every part on 127.0.0.1 and prints the URLs.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildIfChanged, partCommand, pnpmCommand, root } from './lib.mjs';

// Demo mode (outboxes showing every code and link, demo accounts, the sandbox payment provider) is
// asked for here, unless the environment says GID_DEMO=0: then the server needs a real payment provider
// (or PAYMENT_PROVIDER=sandbox named outright).
const demo = process.env.GID_DEMO !== '0';
const env = {
  ...process.env,
  GID_DEMO: demo ? '1' : '0',
  ...(demo && !process.env.PAYMENT_PROVIDER ? { PAYMENT_PROVIDER: 'sandbox' } : {}),
  PORT: process.env.PORT ?? '3000',
  IDP_PORT: process.env.IDP_PORT ?? '4000',
  EXAMPLE_PORT: process.env.EXAMPLE_PORT ?? '3100',
  REACT_EXAMPLE_PORT: process.env.REACT_EXAMPLE_PORT ?? '3200',
};

// GID_START_PARTS=idp,server starts only those parts; GID_START_SKIP_BUILD=1 skips the build (a quick
// restart after one; the start script's own test uses both).
const only = process.env.GID_START_PARTS?.split(',').map((name) => name.trim());

/** The parts that exist so far, in start order. */
const parts = [
  { name: 'idp', dir: 'demo-site/idp', entry: 'src/main.ts' },
  { name: 'server', dir: 'demo-site/server', entry: 'src/main.ts' },
  { name: 'example', dir: 'examples/script-tag', entry: 'src/main.ts' },
  { name: 'react', dir: 'examples/react', entry: 'server/main.ts' },
].filter((part) => existsSync(join(root, part.dir, part.entry)) && (!only || only.includes(part.name)));

// The build: skipped when nothing it reads changed since the last one (a restart is ready in seconds);
// its output goes to a log file, shown only when it fails.
if (process.env.GID_START_SKIP_BUILD !== '1') {
  const logFile = resolve(process.env.GID_DATA_DIR ?? join(root, '.data'), 'build.log');
  const shown = relative(process.cwd(), logFile).startsWith('..') ? logFile : relative(process.cwd(), logFile);
  process.stdout.write('Building… ');
  try {
    const { skipped, seconds } = await buildIfChanged(logFile);
    console.log(skipped ? 'nothing changed since the last build: skipped' : `done in ${Math.round(seconds)} s (log: ${shown})`);
  } catch (error) {
    console.log('FAILED');
    const lines = existsSync(logFile) ? readFileSync(logFile, 'utf8').trimEnd().split('\n') : [];
    console.error(`${lines.slice(-60).join('\n')}\n\n${error.message}: the whole log is in ${shown}`);
    process.exit(1);
  }
}

const [cmd, ...pre] = pnpmCommand();
// Each part runs in its own process group (pnpm → tsx → node, or pnpm → node), so stopping it reaches every process of
// it, whatever signal stopped this script (Ctrl+C, SIGTERM from a service manager, a part that died).
const children = parts.map((part) => {
  // The API runs from its bundle (dist/main.mjs) once built: no TypeScript compiled at start.
  const child = spawn(cmd, [...pre, '--dir', part.dir, 'exec', ...partCommand(part.dir, part.entry)], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `[${part.name}] `;
  const relay = (stream, out) => stream.on('data', (chunk) => out.write(chunk.toString().replace(/^(?=.)/gm, prefix)));
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  child.exited = new Promise((resolveExit) => child.on('exit', resolveExit));
  child.on('exit', (code) => {
    console.error(`${prefix}stopped (${code})`);
    shutdown(code ?? 1);
  });
  return child;
});

/** Signals a part's whole process group (ignoring one that is already gone). */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: nothing left in that group.
  }
}

/** Whether any process of a part's group is still there. */
function groupAlive(child) {
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

let stopping = false;
/** Stops every part's process group: SIGTERM, and SIGKILL for whatever is still there after 5 s. */
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) signalGroup(child, 'SIGTERM');
  const late = setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
  }, 5000);
  await Promise.all(children.map((child) => child.exited));
  // A group may outlive its leader (pnpm) while the part itself still closes its database: wait for
  // every group to empty (the SIGKILL above stands behind this after 5 s).
  const giveUp = Date.now() + 6000; // an unreaped zombie would answer forever
  while (children.some(groupAlive) && Date.now() < giveUp) await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  clearTimeout(late);
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
process.on('SIGHUP', () => shutdown(0));

const started = new Set(parts.map((part) => part.name));
const lines = [
  ['server', `  demo site           http://127.0.0.1:${env.PORT}   ← the ticketing site (pages and /api)`],
  ['idp', `  identity provider   http://127.0.0.1:${env.IDP_PORT}`],
  ['example', `  script-tag example  http://127.0.0.1:${env.EXAMPLE_PORT}   ← the SDK dropped into a plain page`],
  ['react', `  React example       http://127.0.0.1:${env.REACT_EXAMPLE_PORT}`],
].filter(([name]) => started.has(name));
console.log(`
The demo is starting:
${lines.map(([, line]) => line).join('\n')}${
  demo && started.has('server')
    ? `
  letters and SMS     http://127.0.0.1:${env.PORT}/dev/outbox   ← every code and link the demo sends
  demo account        demo@geroi.example / Demo1234
  health, metrics     http://127.0.0.1:${env.PORT}/readyz, /metrics`
    : ''
}
Press Ctrl+C to stop.
`);
