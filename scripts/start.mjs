// `npm start`: installs what is missing, builds, starts every part on 127.0.0.1 and prints the URLs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build, pnpmCommand, root } from './lib.mjs';

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

/** The parts that exist so far, in start order. */
const parts = [
  { name: 'idp', dir: 'demo-site/idp', entry: 'src/main.ts' },
  { name: 'server', dir: 'demo-site/server', entry: 'src/main.ts' },
  { name: 'example', dir: 'examples/script-tag', entry: 'src/main.ts' },
  { name: 'react', dir: 'examples/react', entry: 'server/main.ts' },
].filter((part) => existsSync(join(root, part.dir, part.entry)));

try {
  await build();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const [cmd, ...pre] = pnpmCommand();
const children = parts.map((part) => {
  const child = spawn(cmd, [...pre, '--dir', part.dir, 'exec', 'tsx', part.entry], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${part.name}] `;
  const relay = (stream, out) => stream.on('data', (chunk) => out.write(chunk.toString().replace(/^(?=.)/gm, prefix)));
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  child.on('exit', (code) => {
    console.error(`${prefix}stopped (${code})`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

console.log(`
The demo is starting:
  demo site           http://127.0.0.1:${env.PORT}   ← the ticketing site (pages and /api)
  identity provider   http://127.0.0.1:${env.IDP_PORT}
  script-tag example  http://127.0.0.1:${env.EXAMPLE_PORT}   ← the SDK dropped into a plain page
  React example       http://127.0.0.1:${env.REACT_EXAMPLE_PORT}
Press Ctrl+C to stop.
`);
