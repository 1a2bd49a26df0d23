// The real providers' cost (issue 34). On one PostgreSQL 15, in the same run:
//   - purchases per second through the sandbox and through the YooKassa adapter (each purchase a
//     POST /v3/payments with its 54-ФЗ receipt to the local stand-in of YooKassa's API), one API
//     process each on the same database, 10 connections, 5 s, alternating twice;
//   - letters per second through SMTP: letters queued in the outbox table, sent by the letter queue
//     to an SMTP server (the `smtp-server` package) in a child process.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, serverDir, startApi, startPostgresServer } from './lib.mjs';

const CONNECTIONS = 10;
const DURATION_S = 5;
const LETTERS = 1000;

let postgres;
const apis = [];
let standIn;
const deadline = setTimeout(async () => {
  console.error('bench/providers.mjs: timed out');
  for (const api of apis) await api.kill();
  standIn?.kill('SIGKILL');
  await postgres?.stop();
  process.exit(1);
}, 600_000);

/** Runs a TypeScript snippet in the server package (tsx); resolves with the line matching `ready`. */
function tsx(script, ready, env = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const line = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) resolve(match);
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
  });
  return { child, line };
}

let buyer = 0;
const paymentRequest = (formatId) => {
  const i = ++buyer;
  return {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
    body: JSON.stringify({ email: `providers${i}@bench.example`, tickets: [{ format_public_id: formatId, ticket_count: 1 }] }),
  };
};

async function cannon(url, formatId) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ setupRequest: (request) => ({ ...request, method: 'POST', ...paymentRequest(formatId) }) }],
  });
  return { rps: result.requests.average, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
}

const LETTER_SCRIPT = `
const { SMTPServer } = await import('smtp-server');
const { openPostgres } = await import('./src/db/client.ts');
const { systemClock } = await import('./src/lib/clock.ts');
const { createQueuedEmailSender, smtpTransport, startLetterQueue } = await import('./src/messaging/letter-queue.ts');
let received = 0;
const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
  onData(stream, _session, callback) { stream.on('data', () => {}); stream.on('end', () => { received++; callback(); }); } });
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const database = await openPostgres(process.env.DATABASE_URL);
const sender = createQueuedEmailSender(database.db, systemClock);
const count = Number(process.env.LETTERS);
for (let i = 0; i < count; i++) await sender.send({ to: 'letter' + i + '@bench.example', subject: 'Заказ оплачен', text: 'Спасибо за покупку! Заказ оплачен.\\nБилеты — в личном кабинете: https://geroi.example/me', key: 'bench-' + i });
const transport = smtpTransport('smtp://127.0.0.1:' + smtp.server.address().port);
const started = performance.now();
const queue = startLetterQueue({ db: database.db, clock: systemClock }, transport, { from: 'Герои <noreply@geroi.example>', publicUrl: 'https://geroi.example', demo: false, intervalMs: 60000, batch: 50 });
let sent = 0;
while (sent < count) { const n = await queue.drain(); if (n === 0) break; sent += n; }
const seconds = (performance.now() - started) / 1000;
await queue.stop();
await database.close();
smtp.close();
console.log('LETTERS ' + sent + ' ' + received + ' ' + seconds.toFixed(2));
process.exit(0);
`;

try {
  console.log(
    `Machine load (1, 5, 15 min): ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} on ${cpus().length} cores`,
  );
  postgres = await startPostgresServer();
  const standInPort = await freePort();
  const started = tsx(
    `const { startYookassaStandIn } = await import('./src/testing/yookassa-stand-in.ts');
     const s = await startYookassaStandIn({ port: ${standInPort} });
     console.log('STANDIN ' + s.url);`,
    /STANDIN (\S+)/,
  );
  standIn = started.child;
  const standInUrl = (await started.line)[1];
  const common = { DATABASE_URL: postgres.url, WEB_DIR: '/nonexistent', TRUST_PROXY: '127.0.0.1' };
  const sandbox = await startApi({ prefix: 'gid-bench-providers-', env: common });
  apis.push(sandbox);
  const yookassa = await startApi({
    prefix: 'gid-bench-providers-',
    env: {
      ...common,
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'test_secret_key',
      YOOKASSA_API_URL: standInUrl,
    },
  });
  apis.push(yookassa);

  // The roomiest plain format, its places raised beyond the runs: only the work is measured.
  const formats = [];
  for (const event of (await (await fetch(`${sandbox.url}/api/event/list`)).json()).values)
    for (const city of event.event_city) {
      const list = (await (await fetch(`${sandbox.url}/api/event_format/event/${city.public_id}`)).json()).values;
      formats.push(...list.filter((format) => !format.is_team && (format.tickets_left.athlete ?? 0) > 100));
    }
  const format = formats.sort((a, b) => b.tickets_left.athlete - a.tickets_left.athlete)[0];
  const pg = createRequire(join(serverDir, 'package.json'))('pg');
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(
    "update format_stock set capacity = taken + 10000000 where kind = 'athlete' and format_id = (select id from event_formats where public_id = $1)",
    [format.public_id],
  );
  await admin.end();
  // Warm both (pools, caches, the stand-in's connection).
  for (const api of [sandbox, yookassa])
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${api.url}/api/payment`, { method: 'POST', ...paymentRequest(format.public_id) });
      if (!response.ok) throw new Error(`payment failed: ${response.status} ${await response.text()}`);
    }

  const rows = [];
  for (let round = 1; round <= 2; round++) {
    rows.push({ name: `sandbox #${round}`, ...(await cannon(`${sandbox.url}/api/payment`, format.public_id)) });
    rows.push({ name: `yookassa #${round}`, ...(await cannon(`${yookassa.url}/api/payment`, format.public_id)) });
  }
  console.log(`\nPurchases — PostgreSQL 15, one API process per provider, ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log(`${'provider'.padEnd(14)}${'req/s'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}`);
  for (const row of rows)
    console.log(`${row.name.padEnd(14)}${row.rps.toFixed(0).padStart(9)}${String(row.p99).padStart(9)}${String(row.bad).padStart(9)}`);
  const mean = (name) => rows.filter((row) => row.name.startsWith(name)).reduce((sum, row) => sum + row.rps, 0) / 2;
  console.log(`YooKassa adapter / sandbox: ${(mean('yookassa') / mean('sandbox')).toFixed(2)}`);

  for (const api of apis.splice(0)) await api.kill();
  const letters = tsx(LETTER_SCRIPT, /LETTERS (\d+) (\d+) ([\d.]+)/, { DATABASE_URL: postgres.url, LETTERS: String(LETTERS) });
  const [, sent, received, seconds] = await letters.line;
  console.log(
    `\nLetters through SMTP: ${sent} queued letters sent (${received} received) in ${seconds} s — ${(Number(sent) / Number(seconds)).toFixed(0)} letters/s (one process, a pool of 5 SMTP connections)`,
  );
} finally {
  clearTimeout(deadline);
  for (const api of apis) await api.kill();
  standIn?.kill('SIGTERM');
  await postgres?.stop();
}
