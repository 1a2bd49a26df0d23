// Payment benchmark (`npm run bench`): the ticketing API started for real (child process, temporary
// data folder, embedded PGlite), then
//   1. contention: 200 buyers at once for a format with 10 places left — p50 / p99 latency of
//      POST /api/payment and how many succeeded (target p99 < 500 ms, exactly 10);
//   2. no contention: autocannon against POST /api/payment for a format with plenty of places (req/s).
// Stops by itself and removes its folder.
import autocannon from 'autocannon';
import { startApi, startPostgresServer } from './lib.mjs';

const BUYERS = 200;
const PLACES = 10;
const TARGET_P99_MS = 500;

let api;
let postgres;
const deadline = setTimeout(async () => {
  console.error('bench/payment.mjs: timed out');
  await api?.kill();
  await postgres?.stop();
  process.exit(1);
}, 180_000);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function run(label, env) {
  let firstError;
  api = await startApi({ prefix: 'gid-bench-payment-', env: { WEB_DIR: '/nonexistent', ...env } });
  try {
    const base = api.url;

    // Formats of the nearest upcoming event city: one is squeezed to 10 places, another stays roomy.
    const events = (await (await fetch(`${base}/api/event/list`)).json()).values;
    const formats = [];
    for (const event of events) {
      for (const city of event.event_city) {
        const list = (await (await fetch(`${base}/api/event_format/event/${city.public_id}`)).json()).values;
        formats.push(...list.filter((format) => !format.is_team && (format.tickets_left.athlete ?? 0) > 200));
      }
      if (formats.some((format) => format.tickets_left.athlete > 600) && formats.length >= 2) break;
    }
    const contended = formats[0];
    const roomy = formats.find((format) => format !== contended && format.tickets_left.athlete > 600) ?? formats[1];
    const check = async (id) => (await (await fetch(`${base}/api/event_format/check/${id}`)).json()).tickets_left;

    // Take all but 10 places of the contended format with one big, real, unpaid order per 10 places.
    let left = await check(contended.public_id);
    while (left > PLACES) {
      const count = Math.min(contended.max_count, left - PLACES);
      const response = await fetch(`${base}/api/payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'filler@bench.example', tickets: [{ format_public_id: contended.public_id, ticket_count: count }] }),
      });
      if (!response.ok) throw new Error(`filler payment failed: ${await response.text()}`);
      left -= count;
    }

    const buy = async (i, formatId) => {
      const started = performance.now();
      const response = await fetch(`${base}/api/payment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `buyer${i}@bench.example`, tickets: [{ format_public_id: formatId, ticket_count: 1 }] }),
      });
      await response.arrayBuffer();
      return { ms: performance.now() - started, ok: response.ok };
    };
    const results = await Promise.all(Array.from({ length: BUYERS }, (_, i) => buy(i, contended.public_id)));
    const times = results.map((result) => result.ms).sort((a, b) => a - b);
    const succeeded = results.filter((result) => result.ok).length;
    // The catalogue answer is cached for 5 s: read the format's figure once that has passed.
    await new Promise((resolve) => setTimeout(resolve, 5200));
    const finalLeft = (await (await fetch(`${base}/api/event_format/${contended.public_id}`)).json()).tickets_left.athlete;

    const cannon = await autocannon({
      url: `${base}/api/payment`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'steady@bench.example', tickets: [{ format_public_id: roomy.public_id, ticket_count: 1 }] }),
      connections: 10,
      amount: 300,
      setupClient: (client) => {
        client.on('body', (body) => {
          if (!firstError && !String(body).includes('redirect_url')) firstError = String(body).slice(0, 200);
        });
      },
    });
    if (firstError) console.log(`  first refusal without contention: ${firstError}`);

    const fmt = (ms) => `${ms.toFixed(0)} ms`;
    console.log(`\nPayment creation (POST /api/payment), ${label}:`);
    console.log(
      `  contention: ${BUYERS} buyers at once, ${PLACES} places — p50 ${fmt(percentile(times, 50))}, p99 ${fmt(percentile(times, 99))} (target < ${TARGET_P99_MS} ms: ${
        percentile(times, 99) < TARGET_P99_MS ? 'met' : 'NOT met'
      }); succeeded ${succeeded} (expected ${PLACES}), tickets left ${finalLeft}`,
    );
    console.log(
      `  no contention: ${cannon.requests.average.toFixed(0)} req/s (10 connections, ${cannon.requests.total} payments, ${cannon.non2xx} non-2xx), p99 ${cannon.latency.p99} ms`,
    );
  } finally {
    await api.kill();
    api = undefined;
  }
}

try {
  await run('embedded PGlite (the default)', {});
  postgres = await startPostgresServer();
  await run('PostgreSQL 15 (DATABASE_URL)', { DATABASE_URL: postgres.url });
} finally {
  clearTimeout(deadline);
  await api?.kill();
  await postgres?.stop();
}
