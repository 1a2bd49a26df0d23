// The back office at scale (`npm run bench`, issue 31): 1,000,000 tickets in 200 event cities on one
// PostgreSQL 15 (a generator in SQL, below), one of them with 100,122 participants. Prints, each beside the
// catalogue read as a control in the same run: the dashboard's call for the big event city (target < 300 ms),
// the orders search by a surname, an e-mail, a phone and a ticket number (target < 200 ms), and how much the
// server's RSS grows while it streams the big event city's participants as XLSX (target < 50 MiB).
// `node bench/organizer.mjs`.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { serverDir, startApi, startPostgresServer } from './lib.mjs';

const TICKETS = 1_000_000;
const BIG = 100_122;
const PER_OTHER = 4_522; // 199 × 4,522 + 100,122 = 1,000,000
const ROUNDS = 15;
const targets = { stats: 300, search: 200, rssMiB: 50 };
const pg = createRequire(join(serverDir, 'package.json'))('pg');

let api;
let postgres;
const main = process.argv[1]?.endsWith('organizer.mjs');
const deadline = setTimeout(async () => {
  console.error('bench/organizer.mjs: timed out');
  await api?.stop();
  await postgres?.stop();
  process.exit(1);
}, 1_200_000);
if (!main) clearTimeout(deadline);

const surnames = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров'];

/** The 1,000,000 tickets (exported for a look at a query's plan on the same data). */
export async function generate(client) {
  const started = performance.now();
  await client.query(`
    insert into events (public_id, event_type_id, title, description, banners, slider, sort, organisation_id)
    select 'bench-ev-' || g, e.event_type_id, 'Забег ' || g, e.description, e.banners, false, 1000 + g, e.organisation_id
    from (select * from events where organisation_id is not null order by id limit 1) e, generate_series(1, 200) g`);
  await client.query(`
    insert into event_cities (public_id, event_id, city_id, start_time, address, timezone)
    select 'bench-ec-' || g, e.id, (select city_id from event_cities order by id limit 1), now() + interval '60 days', 'Старт ' || g, 'Europe/Moscow'
    from generate_series(1, 200) g join events e on e.public_id = 'bench-ev-' || g`);
  await client.query(`
    insert into event_formats (public_id, event_city_id, title, description, price, max_count, regions)
    select 'bench-f-' || g, ec.id, '10 км', '', 150000, 5, '[]'::jsonb from generate_series(1, 200) g join event_cities ec on ec.public_id = 'bench-ec-' || g`);
  await client.query(`
    insert into format_stock (format_id, kind, capacity, taken)
    select f.id, 'athlete', n, n from (select g, case when g = 1 then ${BIG} else ${PER_OTHER} end as n from generate_series(1, 200) g) s
    join event_formats f on f.public_id = 'bench-f-' || s.g`);
  // Ticket n belongs to event city ec and order k (two tickets an order, never across event cities).
  await client.query(`create temp table bt as select n, case when n <= ${BIG} then 1 else 2 + (n - ${BIG + 1}) / ${PER_OTHER} end as ec, (n + 1) / 2 as k
    from generate_series(1, ${TICKETS}) n`);
  await client.query(`
    insert into orders (public_id, email, status, amount, payment_id, created_at, expires_at, paid_at)
    select 'bench-o-' || k, 'buyer' || k || '@bench.test', 'paid', 300000, 'bench-p-' || k, ts, ts + interval '15 minutes', ts
    from (select k, now() - random() * interval '60 days' as ts from generate_series(1, ${TICKETS / 2}) k) s`);
  await client.query(`
    insert into order_items (order_id, kind, format_id, stock_kind, count, unit_price, total)
    select o.id, 'ticket', f.id, 'athlete', 2, 150000, 300000
    from bt join orders o on o.public_id = 'bench-o-' || bt.k join event_formats f on f.public_id = 'bench-f-' || bt.ec where bt.n % 2 = 1`);
  await client.query(`
    insert into tickets (public_id, order_id, order_item_id, format_id, event_id, number, status, info, created_at)
    select 'bench-t-' || bt.n, o.id, oi.id, oi.format_id, ec.event_id, bt.n, 'active',
      jsonb_build_object('last_name', (array['${surnames.join("','")}'])[1 + bt.n % ${surnames.length}] || case when bt.n % 1000 = 7 then 'а-' || bt.n else '' end,
        'first_name', 'Участник', 'phone', '+7999' || lpad(bt.n::text, 7, '0'), 'gender', 'male', 'birth_date', '1990-01-01'),
      o.created_at
    from bt join orders o on o.public_id = 'bench-o-' || bt.k join order_items oi on oi.order_id = o.id
    join event_cities ec on ec.public_id = 'bench-ec-' || bt.ec`);
  // A third of the big event city checked in.
  await client.query(`
    insert into checkins (ticket_id, format_id, event_city_id, staff_user_id, scan_id, device, scanned_at, checked_at)
    select t.id, t.format_id, f.event_city_id, (select id from users where email = 'staff@geroi.example'), 'bench-' || t.id, 'Стойка 1', now(), now()
    from tickets t join event_formats f on f.id = t.format_id where f.public_id = 'bench-f-1' and t.number % 3 = 0`);
  // As autovacuum leaves a table after a load: statistics, and the visibility map index-only scans need.
  await client.query('vacuum analyze');
  const [{ count }] = (await client.query(`select count(*)::int as count from tickets where public_id like 'bench-t-%'`)).rows;
  return { count, seconds: (performance.now() - started) / 1000 };
}

async function timed(url, headers) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return performance.now() - started;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];

/** The call and the control, interleaved, ROUNDS times after 3 warm-ups each: medians in ms. */
async function measure(url, headers, controlUrl) {
  for (let i = 0; i < 3; i++) {
    await timed(url, headers);
    await timed(controlUrl, {});
  }
  const times = [];
  const control = [];
  for (let i = 0; i < ROUNDS; i++) {
    times.push(await timed(url, headers));
    control.push(await timed(controlUrl, {}));
  }
  return { median: median(times), p95: p95(times), control: median(control) };
}

async function rssKiB(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]);
}

/** Downloads `url`, discarding the bytes, while sampling the server's RSS every 20 ms. */
async function streamed(url, headers, pid) {
  const before = await rssKiB(pid);
  let peak = before;
  const sampler = setInterval(async () => {
    peak = Math.max(peak, await rssKiB(pid).catch(() => 0));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let firstByte = 0;
  await new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url}: HTTP ${response.statusCode}`));
        response.on('data', (chunk) => {
          if (!firstByte) firstByte = performance.now() - started;
          bytes += chunk.length;
        });
        response.on('end', resolve);
      })
      .on('error', reject);
  });
  clearInterval(sampler);
  peak = Math.max(peak, await rssKiB(pid));
  return { before, peak, bytes, seconds: (performance.now() - started) / 1000, firstByte };
}

const ms = (value) => `${value.toFixed(0)} ms`;
let missed = false;

if (main) await run();

async function run() {
  try {
    postgres = await startPostgresServer();
    api = await startApi({ prefix: 'gid-bench-organizer-', env: { DATABASE_URL: postgres.url, WEB_DIR: '/nonexistent', GID_DEMO: '1' } });
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const generated = await generate(client);
    await client.end();
    console.log(
      `organizer: generated ${generated.count.toLocaleString('en')} tickets in 200 event cities (${generated.seconds.toFixed(0)} s); load ${loadavg()[0].toFixed(1)}`,
    );

    const login = await (
      await fetch(`${api.url}/api/auth`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'org@geroi.example', password: 'Org12345' }),
      })
    ).json();
    const headers = { authorization: `Bearer ${login.token}` };
    const control = `${api.url}/api/event/list`;
    const rows = [];
    const check = (name, result, target) => {
      const ok = result.median < target;
      missed ||= !ok;
      rows.push(
        `  ${name.padEnd(44)} median ${ms(result.median).padStart(7)} (p95 ${ms(result.p95)})   control ${ms(result.control)}   ratio ${(result.median / result.control).toFixed(1)}   target < ${target} ms ${ok ? '✓' : '✗'}`,
      );
    };
    check(
      'dashboard, 100,122 participants',
      await measure(`${api.url}/api/organizer/event_city/bench-ec-1/stats`, headers, control),
      targets.stats,
    );
    check(
      'dashboard, 4,522 participants',
      await measure(`${api.url}/api/organizer/event_city/bench-ec-2/stats`, headers, control),
      targets.stats,
    );
    const search = (q) => `${api.url}/api/organizer/orders?q=${encodeURIComponent(q)}`;
    check('search: a rare surname (Михайлова-500007)', await measure(search('Михайлова-500007'), headers, control), targets.search);
    check('search: an e-mail', await measure(search('buyer123456@bench.test'), headers, control), targets.search);
    check('search: a phone', await measure(search('+7 999 076-54-32'), headers, control), targets.search);
    check('search: a ticket number', await measure(search('654321'), headers, control), targets.search);
    check('search: a common surname (Петров, 100,000)', await measure(search('Петров'), headers, control), targets.search);
    check('search: nothing typed (newest orders)', await measure(search(''), headers, control), targets.search);
    console.log('organizer: calls on 1,000,000 tickets (15 rounds each, interleaved with the control)');
    for (const row of rows) console.log(row);

    const xlsx = await streamed(`${api.url}/api/organizer/event_city/bench-ec-1/participants.xlsx`, headers, api.pid);
    const grewMiB = (xlsx.peak - xlsx.before) / 1024;
    missed ||= grewMiB >= targets.rssMiB;
    console.log(
      `organizer: participants.xlsx of 100,122 — ${(xlsx.bytes / 1024 / 1024).toFixed(1)} MiB in ${xlsx.seconds.toFixed(1)} s, first byte ${ms(xlsx.firstByte)}; server RSS ${(xlsx.before / 1024).toFixed(0)} → peak ${(xlsx.peak / 1024).toFixed(0)} MiB, grew ${grewMiB.toFixed(1)} MiB (target < ${targets.rssMiB}) ${grewMiB < targets.rssMiB ? '✓' : '✗'}`,
    );
    const csv = await streamed(`${api.url}/api/organizer/event_city/bench-ec-1/participants.csv`, headers, api.pid);
    console.log(
      `organizer: participants.csv of 100,122 — ${(csv.bytes / 1024 / 1024).toFixed(1)} MiB in ${csv.seconds.toFixed(1)} s; server RSS grew ${((csv.peak - csv.before) / 1024).toFixed(1)} MiB`,
    );
  } catch (error) {
    console.error(`organizer: ${error.stack ?? error}`);
    missed = true;
  } finally {
    clearTimeout(deadline);
    await api?.stop();
    await postgres?.stop();
  }
  process.exit(missed ? 1 : 0);
}
