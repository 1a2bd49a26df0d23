// Payment benchmark (`npm run bench`): the ticketing API started for real (child process, temporary
// data folder, embedded PGlite), then
//   1. contention: 200 buyers at once for a format with 10 places left — p50 / p99 latency of
//      POST /api/payment and how many succeeded (target p99 < 500 ms, exactly 10); three such races
//      on three formats, the middle p99 counting;
//   2. no contention: autocannon against POST /api/payment for a format with plenty of places (req/s),
// on PGlite, on PostgreSQL with one process, and on PostgreSQL with two processes side by side (the
// contention then races across both).
// Stops by itself and removes its folder.
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startApi, startPostgresServer } from './lib.mjs';

const BUYERS = 200;
const PLACES = 10;
const TARGET_P99_MS = 500;
const ROUNDS = 3;

let apis = [];
let postgres;
const deadline = setTimeout(async () => {
  console.error('bench/payment.mjs: timed out');
  await Promise.all(apis.map((api) => api.kill()));
  await postgres?.stop();
  process.exit(1);
}, 600_000);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// Every buyer is someone else: their own e-mail and address (sent as X-Forwarded-For, which the
// processes trust from 127.0.0.1 as they would from a proxy), so the per-address rate limit and the
// open-hold caps — which a single script does hit — stay out of a figure about many buyers.
let buyerCount = 0;
const buyer = () => {
  const i = ++buyerCount;
  return { email: `buyer${i}@bench.example`, address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
};
const paymentRequest = (formatId, count = 1) => {
  const who = buyer();
  return {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': who.address },
    body: JSON.stringify({ email: who.email, tickets: [{ format_public_id: formatId, ticket_count: count }] }),
  };
};

const summary = [];

async function run(label, env, processCount) {
  const firstErrors = [];
  // Other work on the machine moves these figures: the 1-minute load average goes beside each row.
  const load = loadavg()[0];
  // One after the other: the first migrates and seeds; the others open the same database.
  apis = [];
  for (let i = 0; i < processCount; i++) {
    apis.push(await startApi({ prefix: 'gid-bench-payment-', env: { WEB_DIR: '/nonexistent', TRUST_PROXY: '127.0.0.1', ...env } }));
  }
  try {
    const base = apis[0].url;

    // Formats of the nearest upcoming event cities: ROUNDS are squeezed to 10 places (one race each),
    // another stays roomy.
    const events = (await (await fetch(`${base}/api/event/list`)).json()).values;
    const formats = [];
    for (const event of events) {
      for (const city of event.event_city) {
        const list = (await (await fetch(`${base}/api/event_format/event/${city.public_id}`)).json()).values;
        formats.push(...list.filter((format) => !format.is_team && (format.tickets_left.athlete ?? 0) > 200));
      }
      if (formats.some((format) => format.tickets_left.athlete > 600) && formats.length > ROUNDS) break;
    }
    const roomy = formats.find((format) => format.tickets_left.athlete > 600);
    const contendedFormats = formats.filter((format) => format !== roomy).slice(0, ROUNDS);
    if (!roomy || contendedFormats.length < ROUNDS) throw new Error('the seed has too few formats with places for the races');
    const check = async (id) => (await (await fetch(`${base}/api/event_format/check/${id}`)).json()).tickets_left;

    // Take all but 10 places of each contended format with big, real, unpaid orders.
    for (const contended of contendedFormats) {
      let left = await check(contended.public_id);
      while (left > PLACES) {
        const count = Math.min(contended.max_count, left - PLACES);
        const response = await fetch(`${base}/api/payment`, { method: 'POST', ...paymentRequest(contended.public_id, count) });
        if (!response.ok) throw new Error(`filler payment failed: ${await response.text()}`);
        left -= count;
      }
    }

    // Every process first serves a few payments, as a server in service has: its pool connections
    // open and its code compiled. (Otherwise the second process meets the crowd cold, and the figure
    // measures its start-up: opening ten PostgreSQL connections in the middle of the race.)
    for (const api of apis) {
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          const response = await fetch(`${api.url}/api/payment`, { method: 'POST', ...paymentRequest(roomy.public_id) });
          await response.arrayBuffer();
        }),
      );
    }

    // 200 buyers are 200 machines: each has its connection open and its request ready before the race,
    // and a request's time runs from when it is written until its answer has arrived. (Started from one
    // fetch() call each, the figure was mostly this one process opening 200 connections and building
    // 200 requests — on a busy machine, a second and more before the last request even left.)
    const race = async (contended) => {
      const agents = apis.map(() => new http.Agent({ keepAlive: true, maxSockets: BUYERS, maxFreeSockets: BUYERS }));
      const send = (i, { method = 'GET', path, headers = {}, body }) =>
        new Promise((resolve, reject) => {
          const { hostname, port } = new URL(apis[i % apis.length].url);
          const request = http.request({ hostname, port, method, path, headers, agent: agents[i % apis.length] }, (response) => {
            response.resume();
            response.on('end', () => resolve({ ok: response.statusCode >= 200 && response.statusCode < 300, at: performance.now() }));
          });
          request.on('error', reject);
          request.end(body);
        });
      // Opens every buyer's connection (a cheap cached GET each, all at once so none is reused).
      await Promise.all(Array.from({ length: BUYERS }, (_, i) => send(i, { path: '/api/event/list' })));
      const prepared = Array.from({ length: BUYERS }, () => paymentRequest(contended.public_id));
      const results = await Promise.all(
        prepared.map((prepared, i) => {
          const started = performance.now();
          return send(i, { method: 'POST', path: '/api/payment', ...prepared }).then(({ ok, at }) => ({ ok, ms: at - started }));
        }),
      );
      for (const agent of agents) agent.destroy();
      const times = results.map((result) => result.ms).sort((a, b) => a - b);
      return { p50: percentile(times, 50), p99: percentile(times, 99), succeeded: results.filter((result) => result.ok).length };
    };
    // A busy machine moves one race's figure a lot: several races, and the middle p99 of them counts.
    const races = [];
    for (const contended of contendedFormats) races.push(await race(contended));
    // The catalogue answer is cached for 5 s: read the formats' figures once that has passed.
    await new Promise((resolve) => setTimeout(resolve, 5200));
    const finalLeft = [];
    for (const contended of contendedFormats) {
      finalLeft.push((await (await fetch(`${base}/api/event_format/${contended.public_id}`)).json()).tickets_left.athlete);
    }

    // Without contention: 10 connections in all, spread over the processes, every request a new buyer.
    const cannons = await Promise.all(
      apis.map((api) =>
        autocannon({
          url: `${api.url}/api/payment`,
          method: 'POST',
          connections: 10 / apis.length,
          amount: 300 / apis.length,
          requests: [{ setupRequest: (request) => ({ ...request, method: 'POST', ...paymentRequest(roomy.public_id) }) }],
          setupClient: (client) => {
            client.on('body', (body) => {
              if (!firstErrors.length && !String(body).includes('redirect_url')) firstErrors.push(String(body).slice(0, 200));
            });
          },
        }),
      ),
    );
    if (firstErrors.length) console.log(`  first refusal without contention: ${firstErrors[0]}`);
    const rps = cannons.reduce((sum, cannon) => sum + cannon.requests.average, 0);
    const p99 = Math.max(...cannons.map((cannon) => cannon.latency.p99));
    const total = cannons.reduce((sum, cannon) => sum + cannon.requests.total, 0);
    const non2xx = cannons.reduce((sum, cannon) => sum + cannon.non2xx, 0);

    const fmt = (ms) => `${ms.toFixed(0)} ms`;
    const contentionP99 = [...races].sort((a, b) => a.p99 - b.p99)[Math.floor(races.length / 2)].p99;
    const succeeded = races.map((round) => round.succeeded).join('/');
    console.log(`\nPayment creation (POST /api/payment), ${label}:`);
    for (const [i, round] of races.entries()) {
      console.log(
        `  contention, race ${i + 1}: ${BUYERS} buyers at once, ${PLACES} places — p50 ${fmt(round.p50)}, p99 ${fmt(round.p99)}; succeeded ${round.succeeded} (expected ${PLACES}), tickets left ${finalLeft[i]}`,
      );
    }
    console.log(
      `  contention p99, the middle of ${races.length} races: ${fmt(contentionP99)} (target < ${TARGET_P99_MS} ms: ${contentionP99 < TARGET_P99_MS ? 'met' : 'NOT met'})`,
    );
    console.log(
      `  no contention: ${rps.toFixed(0)} req/s (10 connections, ${total} payments, ${non2xx} non-2xx), p99 ${p99} ms${apis.length > 1 ? ' (the slower process)' : ''}`,
    );
    summary.push({ label, rps, p99, contentionP99, succeeded, load });
  } finally {
    await Promise.all(apis.map((api) => api.kill()));
    apis = [];
  }
}

// `node bench/payment.mjs [pglite] [postgres] [postgres2]` runs only those; all three by default.
const only = new Set(process.argv.slice(2));
const wanted = (name) => only.size === 0 || only.has(name);

try {
  console.log(
    `Machine load (1, 5, 15 min): ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} on ${cpus().length} cores`,
  );
  if (wanted('pglite')) await run('embedded PGlite (the default), one process', {}, 1);
  if (wanted('postgres')) {
    postgres = await startPostgresServer();
    await run('PostgreSQL 15 (DATABASE_URL), one process', { DATABASE_URL: postgres.url }, 1);
    await postgres.stop();
    postgres = undefined;
  }
  if (wanted('postgres2')) {
    postgres = await startPostgresServer();
    await run('PostgreSQL 15, two processes on one database', { DATABASE_URL: postgres.url }, 2);
  }
  console.log(
    `\nPayment creation side by side (no contention: req/s, p99; contention: p99, winners of 10; machine load, ${cpus().length} cores):`,
  );
  for (const row of summary) {
    console.log(
      `  ${row.label.padEnd(48)} ${row.rps.toFixed(0).padStart(5)} req/s  p99 ${String(row.p99).padStart(4)} ms | contention p99 ${row.contentionP99.toFixed(0).padStart(4)} ms (middle of ${ROUNDS}), ${row.succeeded} won | load ${row.load.toFixed(1)}`,
    );
  }
} finally {
  clearTimeout(deadline);
  await Promise.all(apis.map((api) => api.kill()));
  await postgres?.stop();
}
