// Check-in benchmark (issue 24, `npm run bench`): on PostgreSQL 15 (Debian's, started here) with the
// API as `pnpm start` runs it, a 10,000-ticket event city —
//  - the staff ticket list, gzip (target ≤ 500 KB), and its delta after 100 check-ins (≤ 10 KB);
//  - check-in calls per second (signed codes, new scan ids) beside a bare Fastify POST route;
//  - scan to answer in the scanner on the phone profile (4× CPU slowdown), from the decoded frame (the
//    code handed to the scanner) to the answer on screen, online and offline (target < 300 ms).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { freePort, serverDir, startApi, startPostgresServer } from './lib.mjs';

const TICKETS = 10_000;
const CHECKINS = 100;
const TARGETS = { listKB: 500, deltaKB: 10, scanMs: 300 };
const RATE = 4;
const SCANS = 8;

/** Runs a TypeScript snippet in the server package (its drizzle, its keys module) and returns its last stdout line as JSON. */
function serverScript(code, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1))) : reject(new Error(out))));
  });
}

// 10,000 tickets of the first upcoming event city's first format, with participants, straight into the
// database (a purchase each would take the bench minutes); then their signed codes, as holders see them.
const SEED = `
import { sql, eq } from 'drizzle-orm';
import { openPostgres } from './src/db/client.ts';
import { eventCities, eventFormats, tickets } from './src/db/schema/index.ts';
import { signTicketCode } from './src/features/checkin/keys.ts';
import { systemClock } from './src/lib/clock.ts';
const handle = await openPostgres(process.env.DATABASE_URL);
const db = handle.db;
const [place] = await db.select({ format: eventFormats, eventCity: eventCities }).from(eventFormats)
  .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
  .where(sql\`\${eventCities.startTime} > now()\`).orderBy(eventCities.startTime, eventFormats.id).limit(1);
const { format, eventCity } = place;
await db.execute(sql\`insert into orders (public_id, email, status, amount, payment_id, created_at, expires_at, paid_at)
  values ('bench-checkin-order', 'bench@test.example', 'paid', 0, 'bench-checkin-pay', now(), now(), now())\`);
await db.execute(sql\`insert into order_items (order_id, kind, format_id, count, unit_price, total)
  select id, 'ticket', \${format.id}, \${${TICKETS}}, 0, 0 from orders where public_id = 'bench-checkin-order'\`);
const lastNames = ['Иванов', 'Петров', 'Сидоров', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Соколов', 'Михайлов', 'Новиков'];
const firstNames = ['Иван', 'Пётр', 'Алексей', 'Сергей', 'Дмитрий', 'Андрей', 'Михаил', 'Никита', 'Егор', 'Артём'];
await db.execute(sql\`insert into tickets (public_id, order_id, order_item_id, format_id, event_id, number, status, info, created_at)
  select substr(md5(random()::text || g::text), 1, 24), o.id, i.id, \${format.id}, \${eventCity.eventId}, 500000 + g, 'active',
    jsonb_build_object('first_name', (string_to_array(\${firstNames.join(',')}, ','))[1 + g % 10], 'last_name', (string_to_array(\${lastNames.join(',')}, ','))[1 + (g / 10) % 10], 'registered', true),
    now()
  from generate_series(1, \${${TICKETS}}) g, orders o, order_items i
  where o.public_id = 'bench-checkin-order' and i.order_id = o.id\`);
const rows = await db.select({ publicId: tickets.publicId, v: tickets.codeVersion }).from(tickets)
  .where(sql\`\${tickets.orderItemId} in (select i.id from order_items i join orders o on o.id = i.order_id where o.public_id = 'bench-checkin-order')\`)
  .orderBy(tickets.number).limit(3000);
const codes = [];
for (const row of rows) codes.push(await signTicketCode(db, systemClock, eventCity.id, { t: row.publicId, e: eventCity.publicId, f: format.publicId, v: row.v }));
await handle.close();
console.log(JSON.stringify({ eventCityId: eventCity.publicId, title: eventCity.publicId, codes }));
`;

const BARE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.post('/bare', async (request) => ({ status: 'ok', scan: request.body.scan_id }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

const verdict = (ok) => (ok ? 'met' : 'NOT met');
let postgres;
let api;
let bare;
let browser;
try {
  postgres = await startPostgresServer();
  api = await startApi({ prefix: 'gid-bench-checkin-', env: { DATABASE_URL: postgres.url, GID_DEMO: '1' } });
  const seeded = await serverScript(SEED, { DATABASE_URL: postgres.url });
  const site = api.url;
  const login = await (
    await fetch(`${site}/api/auth`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'staff@geroi.example', password: 'Staff1234' }),
    })
  ).json();
  const auth = { authorization: `Bearer ${login.token}` };
  const listUrl = `${site}/api/staff/events/${seeded.eventCityId}/tickets`;

  // The list, gzip.
  // fetch decompresses: the size on the wire is the answer's content-length (gzip).
  const full = await fetch(listUrl, { headers: { ...auth, 'accept-encoding': 'gzip' } });
  if (full.headers.get('content-encoding') !== 'gzip') throw new Error('the list did not come gzip');
  const fullBytes = { length: Number(full.headers.get('content-length')) };
  const list = await full.json();
  const checkin = (qr) =>
    fetch(`${site}/api/staff/checkin`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ qr, scan_id: randomUUID(), device: 'Стойка 1', scanned_at: new Date().toISOString() }),
    }).then((response) => response.json());
  for (const qr of seeded.codes.slice(0, CHECKINS)) {
    const answer = await checkin(qr);
    if (answer.status !== 'ok') throw new Error(`check-in answered ${JSON.stringify(answer)}`);
  }
  const delta = await fetch(`${listUrl}?since=${list.cursor}`, { headers: { ...auth, 'accept-encoding': 'gzip' } });
  const deltaBytes = { length: Number(delta.headers.get('content-length')) };
  const deltaList = await delta.json();
  const listKB = fullBytes.length / 1024;
  const deltaKB = deltaBytes.length / 1024;
  console.log(
    `Check-in list of ${list.tickets.length} tickets, gzip: ${listKB.toFixed(1)} KB (target ≤ ${TARGETS.listKB} KB) — ${verdict(listKB <= TARGETS.listKB)}`,
  );
  console.log(
    `Its delta after ${CHECKINS} check-ins (${deltaList.tickets.length} entries), gzip: ${deltaKB.toFixed(2)} KB (target ≤ ${TARGETS.deltaKB} KB) — ${verdict(deltaKB <= TARGETS.deltaKB)}`,
  );

  // Check-in calls per second: each request a new scan of the next code (after the codes run out, duplicates).
  let next = CHECKINS;
  const cannon = (url, body) =>
    new Promise((resolve, reject) =>
      autocannon(
        {
          url,
          method: 'POST',
          connections: 10,
          duration: 5,
          headers: { ...auth, 'content-type': 'application/json' },
          requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
  const scanBody = () =>
    JSON.stringify({
      qr: seeded.codes[next++ % seeded.codes.length],
      scan_id: randomUUID(),
      device: 'Стойка 1',
      scanned_at: new Date().toISOString(),
    });
  const onApi = await cannon(`${site}/api/staff/checkin`, scanBody);
  const barePort = await freePort();
  bare = spawn(process.execPath, ['--input-type=module', '-e', BARE], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(barePort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => bare.stdout.setEncoding('utf8').on('data', (chunk) => chunk.includes('bare ready') && resolve()));
  const onBare = await cannon(`http://127.0.0.1:${barePort}/bare`, scanBody);
  const failed = onApi.errors + onApi.timeouts + onApi.non2xx;
  console.log(
    `Check-in calls on PostgreSQL: ${Math.round(onApi.requests.average)} /s (p99 ${onApi.latency.p99} ms${failed ? `, ${failed} failed` : ''}) beside bare Fastify ${Math.round(onBare.requests.average)} /s (${((onApi.requests.average / onBare.requests.average) * 100).toFixed(1)} %)`,
  );

  // Scan to answer on the phone profile.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'ru-RU' });
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userObj', JSON.stringify(user));
    },
    [login.token, login.user],
  );
  const page = await context.newPage();
  await page.goto(`${site}/staff/checkin?event=${seeded.eventCityId}`);
  await page.getByRole('textbox', { name: 'Код с ручного сканера' }).waitFor();
  await page.waitForFunction(() => !document.querySelector('input[autocomplete="off"]')?.disabled);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  // The control, in the same throttled page: a fixed piece of work (a 10,000-entry list through JSON),
  // so a slow run on a loaded machine shows as a slow control too.
  const control = async () => {
    const runs = [];
    for (let i = 0; i < 5; i++)
      runs.push(
        await page.evaluate(() => {
          const started = performance.now();
          const list = Array.from({ length: 10_000 }, (_, n) => ({ id: `t${n}`, v: 1, n: 500_000 + n, p: 'Петров Иван', f: 0 }));
          JSON.parse(JSON.stringify(list));
          return performance.now() - started;
        }),
      );
    runs.sort((a, b) => a - b);
    return runs[2];
  };
  const steps = new Map();
  const scanTimes = async (offset, label) => {
    const times = [];
    for (let i = 0; i < SCANS; i++) {
      const code = seeded.codes[offset + i];
      await page.getByRole('textbox', { name: 'Код с ручного сканера' }).fill(code);
      await page.evaluate(() => performance.clearMarks());
      await page.getByRole('button', { name: 'Проверить' }).click();
      await page.getByRole('alert').waitFor();
      const marks = await page.evaluate(() =>
        performance
          .getEntriesByType('mark')
          .filter((mark) => mark.name.startsWith('checkin-'))
          .map((mark) => ({ name: mark.name, at: mark.startTime })),
      );
      const from = marks.find((mark) => mark.name === 'checkin-decoded');
      const to = marks.find((mark) => mark.name === 'checkin-answer');
      times.push(to.at - from.at);
      // The breakdown: the time from each mark to the next (decoded → verified → … → answer).
      const inOrder = marks.filter((mark) => mark.at >= from.at && mark.at <= to.at).sort((a, b) => a.at - b.at);
      for (let m = 1; m < inOrder.length; m++) {
        const key = `${label}: ${inOrder[m - 1].name.slice(8)} → ${inOrder[m].name.slice(8)}`;
        steps.set(key, [...(steps.get(key) ?? []), inOrder[m].at - inOrder[m - 1].at]);
      }
      await page.getByRole('button', { name: 'Дальше' }).click();
    }
    const inOrder = times.map((time) => time.toFixed(0)).join(', ');
    times.sort((a, b) => a - b);
    return { median: times[Math.floor(times.length / 2)], max: times.at(-1), inOrder };
  };
  // The online path's control: a round trip from the same page to the same server for a small static
  // file (no database; the page's CSP allows only its own origin).
  const roundTrip = async () => {
    const runs = [];
    for (let i = 0; i < 5; i++)
      runs.push(
        await page.evaluate(async () => {
          const started = performance.now();
          await (await fetch('/staff/checkin.webmanifest', { cache: 'no-store' })).text();
          return performance.now() - started;
        }),
      );
    runs.sort((a, b) => a - b);
    return runs[2];
  };
  const bareTrip = await roundTrip();
  console.log(`Round trip from the page to the same server, a static file (${RATE}× CPU): median ${bareTrip.toFixed(0)} ms`);
  const controlBefore = await control();
  console.log(
    `Load before the scans: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (1, 5, 15 min; ${cpus().length} cores)`,
  );
  const online = await scanTimes(2000, 'online');
  await context.setOffline(true);
  const offline = await scanTimes(2100, 'offline');
  await context.setOffline(false);
  const controlAfter = await control();
  const controlMs = (controlBefore + controlAfter) / 2;
  console.log(
    `Control (10,000-entry list through JSON, same page, ${RATE}× CPU): ${controlBefore.toFixed(0)} ms before, ${controlAfter.toFixed(0)} ms after; load after ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log('Breakdown, median ms per step:');
  for (const [key, values] of steps) {
    values.sort((a, b) => a - b);
    console.log(`  ${key}: ${values[Math.floor(values.length / 2)].toFixed(1)} (max ${values.at(-1).toFixed(1)}, ${values.length} scans)`);
  }
  for (const [label, times] of [
    ['online', online],
    ['offline', offline],
  ]) {
    console.log(
      `Scan to answer, phone profile (${RATE}× CPU slowdown), ${label}: median ${times.median.toFixed(0)} ms, max ${times.max.toFixed(0)} ms of ${SCANS} (target < ${TARGETS.scanMs} ms) — ${verdict(times.max < TARGETS.scanMs)}; median ÷ control ${(times.median / controlMs).toFixed(2)}; in order: ${times.inOrder} ms`,
    );
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  bare?.kill('SIGTERM');
  await api?.kill();
  await postgres?.stop();
}
