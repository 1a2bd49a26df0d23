// The rush (`npm run bench`, issue 23): 5,000 buyers for 1,000 places of one format, on one PostgreSQL 15
// with 2 and then 3 API processes. Every buyer is someone else (own e-mail, own address through
// X-Forwarded-For, which the processes trust from 127.0.0.1 as from a proxy), so only the places
// decide. Connections are opened before the rush (keep-alive, spread over the processes); a request's
// time runs from when it was written until its answer arrived. Prints, per run: sold (must be exactly
// 1,000, checked in the database too), the other answers by status and message (no 5xx, no timeout),
// p50/p99, the time until the format was sold out (the 1,000th place's answer), the machine load, and
// that time ÷ the floor's (1,000 bare purchase transactions on the same database in the same run),
// and, as a control for HTTP's own cost, the same rush against bare Fastify processes that make
// only the floor's transaction. The measured rush runs RUSH_ROUNDS times (3; each with its own floor),
// and the figures are those of the round with the median ratio, its rounds' ratios printed beside it.
// `node bench/rush.mjs [2] [3]` runs only those process counts; RUSH_PROFILE_DIR=<dir> profiles the API processes.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { floorPurchase, startFloorServer } from './floor.mjs';
import { freePort, serverDir, startApi, startPostgresServer } from './lib.mjs';

const BUYERS = 5000;
const PLACES = 1000;
const CONNECTIONS = 1000;
// The warm-up before each rush (see below): a rush of this many buyers for this many places of another format.
const WARM_ROUNDS = Number(process.env.RUSH_WARM_ROUNDS ?? 4);
const WARM_BUYERS = 3000;
const WARM_PLACES = 300;
const TARGET_P99_MS = 2000;
const TARGET_FLOOR_RATIO = 1.5;
// Measured rushes per process count (each with its own floor); the figures are the median round's.
const ROUNDS = Math.max(1, Number(process.env.RUSH_ROUNDS ?? 3));
const pg = createRequire(join(serverDir, 'package.json'))('pg');

let apis = [];
let postgres;
const deadline = setTimeout(async () => {
  console.error('bench/rush.mjs: timed out');
  await Promise.all(apis.map((api) => api.kill()));
  await postgres?.stop();
  process.exit(1);
}, 900_000);

/** CPU seconds (user + system) a process has used so far (Linux /proc; clock ticks of 10 ms). */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Seconds the machine's cores were busy so far, all of them together (/proc/stat: all but idle and iowait). */
async function machineBusySeconds() {
  const [line] = (await readFile('/proc/stat', 'utf8')).split('\n');
  const ticks = line.split(/\s+/).slice(1).map(Number);
  return (ticks.reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) / 100;
}

/**
 * Seconds for PLACES bare purchase transactions on `formatId`, all started at once over a pool of
 * `connections`: the floor under the rush's time to sell out (the stock row's lock serialises both).
 */
async function floorSeconds(url, formatPublicId, connections) {
  floorRuns += 1;
  const pool = new pg.Pool({ connectionString: url, max: connections });
  try {
    await Promise.all(Array.from({ length: connections }, () => pool.query('select 1')));
    const [{ id: formatId }] = (await pool.query('select id from event_formats where public_id = $1', [formatPublicId])).rows;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: PLACES }, async (_, i) => {
        const db = await pool.connect();
        try {
          await floorPurchase(db, formatId, `rush${floorRuns}_${i}`);
        } finally {
          db.release();
        }
      }),
    );
    return (performance.now() - started) / 1000;
  } finally {
    await pool.end();
  }
}

/** Floors measured so far: each one's orders get keys of their own. */
let floorRuns = 0;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
let buyerCount = 0;

async function run(processCount) {
  postgres = await startPostgresServer();
  const load = loadavg()[0];
  apis = [];
  for (let i = 0; i < processCount; i++) {
    apis.push(
      await startApi({
        prefix: 'gid-bench-rush-',
        env: { DATABASE_URL: postgres.url, WEB_DIR: '/nonexistent', TRUST_PROXY: '127.0.0.1', GID_DEMO: '', MAIL_OUTBOX: '1' },
        // RUSH_PROFILE_DIR=/tmp/x: each API process writes a V8 CPU profile there when it stops.
        nodeArgs: process.env.RUSH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.RUSH_PROFILE_DIR}`] : [],
      }),
    );
  }
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    // A plain format with room, squeezed to exactly PLACES.
    const base = apis[0].url;
    // Two of them: the rush's, and another one that warms the processes first.
    const plain = [];
    for (const event of (await (await fetch(`${base}/api/event/list`)).json()).values) {
      for (const city of event.event_city) {
        const list = (await (await fetch(`${base}/api/event_format/event/${city.public_id}`)).json()).values;
        plain.push(...list.filter((candidate) => !candidate.is_team && (candidate.tickets_left.athlete ?? 0) > 0));
      }
    }
    const [format, warmFormat] = plain;
    if (!warmFormat) throw new Error('fewer than two plain formats in the seed');
    const stockRow = `format_id = (select id from event_formats where public_id = $1) and kind = 'athlete'`;
    await client.query(`update format_stock set capacity = taken + ${PLACES + 20} where ${stockRow}`, [format.public_id]);
    const request = (i, of = format) => {
      const n = ++buyerCount;
      return {
        i,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
        body: JSON.stringify({ email: `rush${n}@bench.example`, tickets: [{ format_public_id: of.public_id, ticket_count: 1 }] }),
      };
    };
    // Each process has bought the rush format before (its pool connections open): 20 places taken here.
    for (const api of apis) {
      await Promise.all(
        Array.from({ length: Math.ceil(20 / apis.length) }, async (_, i) => {
          const response = await fetch(`${api.url}/api/payment`, { method: 'POST', ...request(i) });
          await response.arrayBuffer();
        }),
      );
    }

    // The processes a request goes to (the API's, later the floor's), each with its keep-alive agent.
    let targets = apis.map((api) => ({ url: api.url, agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS / apis.length }) }));
    const send = (i, { method = 'GET', path, headers = {}, body }) =>
      new Promise((resolve) => {
        const target = targets[i % targets.length];
        const { hostname, port } = new URL(target.url);
        let written = performance.now();
        const call = http.request({ hostname, port, method, path, headers, agent: target.agent, timeout: 30_000 }, (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode, text, written, at: performance.now() }));
        });
        call.on('finish', () => {
          written = performance.now();
        });
        call.on('timeout', () => call.destroy(new Error('timeout')));
        call.on('error', (error) => resolve({ status: 0, text: error.message, written, at: performance.now() }));
        call.end(body);
      });
    // Every connection opened before the rush (a cheap cached GET each, all at once so none is reused).
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => send(i, { path: '/api/event/list' })));
    // Each process's code compiled, as in one that has served a while: V8 optimises a function only
    // after many calls (the HTTP parser's after some thousands of requests), and with a handful of
    // purchases each the rush ran mostly in unoptimised code while the optimising compiler took a fifth
    // of the machine (perf, --trace-opt). So, before the rush, WARM_ROUNDS smaller ones on the other
    // format: WARM_PLACES sold and the rest of WARM_BUYERS turned away each time, both paths.
    for (let round = 0; round < WARM_ROUNDS; round++) {
      // The processes remember a sold-out format for a second (stock-gate.ts) before they read it again.
      if (round) await new Promise((resolve) => setTimeout(resolve, 1100));
      await client.query(`update format_stock set capacity = taken + ${WARM_PLACES} where ${stockRow}`, [warmFormat.public_id]);
      const warmAnswers = await Promise.all(
        Array.from({ length: WARM_BUYERS }, (_, i) => send(i, { method: 'POST', path: '/api/payment', ...request(i, warmFormat) })),
      );
      const warmSold = warmAnswers.filter((answer) => answer.status === 200).length;
      if (warmSold !== WARM_PLACES) throw new Error(`the warm-up sold ${warmSold} places of ${WARM_PLACES}`);
    }
    // The measured rush, ROUNDS times (each followed by its floor): the figures are the round with the
    // median ratio, so that one moment of a noisy machine (a 2-core VM) neither makes nor breaks them.
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await client.query(`update format_stock set capacity = taken + ${PLACES} where ${stockRow}`, [format.public_id]);
      const [{ taken: takenBefore }] = (await client.query(`select taken from format_stock where ${stockRow}`, [format.public_id])).rows;
      const prepared = Array.from({ length: BUYERS }, (_, i) => request(i));
      const cpuBefore = await Promise.all(apis.map((api) => cpuSeconds(api.pid)));
      const [busyBefore, clientBefore] = [await machineBusySeconds(), process.cpuUsage()];
      const started = performance.now();
      const answers = await Promise.all(prepared.map((buyer) => send(buyer.i, { method: 'POST', path: '/api/payment', ...buyer })));
      const wall = (performance.now() - started) / 1000;
      const cpuUsed = (await Promise.all(apis.map((api) => cpuSeconds(api.pid)))).map((cpu, i) => cpu - cpuBefore[i]);
      const clientUsage = process.cpuUsage(clientBefore);
      const clientUsed = (clientUsage.user + clientUsage.system) / 1e6;
      const busy = (await machineBusySeconds()) - busyBefore;
      const sold = answers.filter((answer) => answer.status === 200);
      const [{ taken: takenAfter }] = (await client.query(`select taken from format_stock where ${stockRow}`, [format.public_id])).rows;
      const others = new Map();
      for (const answer of answers.filter((a) => a.status !== 200)) {
        let message = answer.text;
        try {
          message = JSON.parse(answer.text).message ?? answer.text;
        } catch {}
        const key = `${answer.status} ${message}`;
        others.set(key, (others.get(key) ?? 0) + 1);
      }
      // The floor, in the same run on the same database: the writes a purchase must make (the order, its
      // line, the stock decrement under the row lock; one transaction each), 1,000 of them at once for
      // the same format through as many connections as the processes' pools hold together.
      await client.query(`update format_stock set capacity = taken + ${PLACES} where ${stockRow}`, [format.public_id]);
      const floorS = await floorSeconds(postgres.url, format.public_id, 10 * processCount);
      rounds.push({ sold, inDatabase: takenAfter - takenBefore, others, answers, started, wall, cpuUsed, clientUsed, busy, floorS });
    }
    for (const target of targets) target.agent.destroy();
    const ratioOf = (r) => {
      const at = r.sold.map((answer) => answer.at).sort((a, b) => a - b)[PLACES - 1];
      return at === undefined ? Number.POSITIVE_INFINITY : (at - r.started) / 1000 / r.floorS;
    };
    const byRatio = [...rounds].sort((a, b) => ratioOf(a) - ratioOf(b));
    const { sold, others, answers, started, wall, cpuUsed, clientUsed, busy, floorS } = byRatio[Math.floor((byRatio.length - 1) / 2)];
    // What the processes logged as errors during the rushes (pino level 50+), first lines only.
    const errors = apis.flatMap((api) =>
      api
        .log()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line)),
    );
    // A control for what HTTP itself costs here: the same rush (same client, connections and bodies)
    // against as many bare Fastify processes whose one route makes only the floor's transaction
    // (bench/floor.mjs, a pool of 10 each like the API's), warmed the same way.
    // (A profiled process is stopped, not killed, so that it writes its profile.)
    if (process.env.RUSH_PROFILE_DIR) await Promise.all(apis.map((api) => api.stop()));
    await Promise.all(apis.map((api) => api.kill()));
    apis = [];
    const floorServers = [];
    for (let i = 0; i < processCount; i++) {
      const port = await freePort();
      floorServers.push({
        url: `http://127.0.0.1:${port}`,
        child: await startFloorServer({ PORT: String(port), DATABASE_URL: postgres.url, FORMAT: format.public_id }),
      });
    }
    let httpFloor;
    try {
      targets = floorServers.map((server) => ({
        url: server.url,
        agent: new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS / floorServers.length }),
      }));
      await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => send(i, { method: 'POST', path: '/floor', ...request(i) })));
      for (let round = 0; round < WARM_ROUNDS; round++) {
        await client.query(`update format_stock set capacity = taken + ${WARM_PLACES} where ${stockRow}`, [format.public_id]);
        await Promise.all(Array.from({ length: WARM_BUYERS }, (_, i) => send(i, { method: 'POST', path: '/floor', ...request(i) })));
      }
      await client.query(`update format_stock set capacity = taken + ${PLACES} where ${stockRow}`, [format.public_id]);
      const floorBuyers = Array.from({ length: BUYERS }, (_, i) => request(i));
      const floorCpuBefore = await Promise.all(floorServers.map((server) => cpuSeconds(server.child.pid)));
      const floorStarted = performance.now();
      const floorAnswers = await Promise.all(floorBuyers.map((buyer) => send(buyer.i, { method: 'POST', path: '/floor', ...buyer })));
      const floorSold = floorAnswers.filter((answer) => answer.status === 200).map((answer) => answer.at);
      const floorCpu = (await Promise.all(floorServers.map((server) => cpuSeconds(server.child.pid)))).map(
        (cpu, i) => cpu - floorCpuBefore[i],
      );
      httpFloor = {
        cpuUsed: floorCpu,
        sold: floorSold.length,
        soldOutS: (floorSold.sort((a, b) => a - b)[PLACES - 1] - floorStarted) / 1000,
        allAnsweredS: (Math.max(...floorAnswers.map((answer) => answer.at)) - floorStarted) / 1000,
      };
    } finally {
      for (const target of targets) target.agent.destroy();
      for (const server of floorServers) server.child.kill('SIGTERM');
    }
    const times = answers.map((answer) => answer.at - answer.written).sort((a, b) => a - b);
    const soldOutAt = sold.map((answer) => answer.at).sort((a, b) => a - b)[PLACES - 1];
    const lastAnswer = Math.max(...answers.map((answer) => answer.at));
    return {
      processes: processCount,
      sold: sold.length,
      inDatabase: Math.min(...rounds.map((r) => r.inDatabase)),
      everyRoundExact: rounds.every((r) => r.sold.length === PLACES && r.inDatabase === PLACES),
      roundRatios: rounds.map(ratioOf),
      others,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      soldOutS: soldOutAt === undefined ? undefined : (soldOutAt - started) / 1000,
      floorS,
      httpFloor,
      allAnsweredS: (lastAnswer - started) / 1000,
      load,
      errors,
      wall,
      cpuUsed,
      clientUsed,
      busy,
    };
  } finally {
    await client.end();
    await Promise.all(apis.map((api) => api.kill()));
    apis = [];
    await postgres.stop();
    postgres = undefined;
  }
}

const wanted = process.argv.slice(2).map(Number).filter(Boolean);
const rows = [];
try {
  console.log(`The rush: ${BUYERS} buyers for ${PLACES} places, ${CONNECTIONS} open connections, ${cpus().length} cores`);
  for (const count of wanted.length ? wanted : [2, 3]) rows.push(await run(count));
  console.log(
    `\n${'processes'.padEnd(11)}${'sold'.padStart(6)}${'in DB'.padStart(7)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'sold out'.padStart(10)}${'all answered'.padStart(14)}${'load'.padStart(7)}`,
  );
  for (const row of rows) {
    console.log(
      `${String(row.processes).padEnd(11)}${String(row.sold).padStart(6)}${String(row.inDatabase).padStart(7)}${`${row.p50.toFixed(0)} ms`.padStart(9)}${`${row.p99.toFixed(0)} ms`.padStart(9)}${(row.soldOutS === undefined ? '—' : `${row.soldOutS.toFixed(1)} s`).padStart(10)}${`${row.allAnsweredS.toFixed(1)} s`.padStart(14)}${row.load.toFixed(1).padStart(7)}`,
    );
    for (const [answer, n] of row.others) console.log(`             other answers: ${n} × ${answer.slice(0, 120)}`);
    console.log(
      `             where the time went: ${row.wall.toFixed(1)} s of rush on ${cpus().length} cores (${(row.wall * cpus().length).toFixed(1)} s of CPU time), ${row.busy.toFixed(1)} s of it busy: the API processes ${row.cpuUsed.map((cpu) => `${cpu.toFixed(1)} s`).join(' + ')}, the load client ${row.clientUsed.toFixed(1)} s, PostgreSQL and anything else on the machine ${Math.max(0, row.busy - row.cpuUsed.reduce((a, b) => a + b, 0) - row.clientUsed).toFixed(1)} s (about 1 s on a quiet one; load ${row.load.toFixed(1)})`,
    );
    if (row.errors.length)
      console.log(
        `             error lines logged: ${row.errors.length}; first: ${row.errors
          .slice(0, 3)
          .map((line) => line.slice(0, 600))
          .join('\n               ')}`,
      );
    const ratio = row.soldOutS === undefined ? undefined : row.soldOutS / row.floorS;
    console.log(
      `             the floor: ${PLACES} bare purchase transactions at once, ${10 * row.processes} connections: ${row.floorS.toFixed(2)} s; sold out ÷ floor ${ratio === undefined ? '—' : ratio.toFixed(2)} (the median of ${row.roundRatios.length} rounds: ${row.roundRatios.map((r) => r.toFixed(2)).join(', ')}; ≤ ${TARGET_FLOOR_RATIO}: ${ratio !== undefined && ratio <= TARGET_FLOOR_RATIO ? 'met' : 'NOT met'})`,
    );
    console.log(
      `             the control: the same rush against ${row.processes} bare Fastify processes making only the floor's transaction: sold out ${row.httpFloor.soldOutS.toFixed(2)} s (${(row.httpFloor.soldOutS / row.floorS).toFixed(2)} × the floor; ${row.httpFloor.sold} sold), all answered ${row.httpFloor.allAnsweredS.toFixed(2)} s, its processes' CPU ${row.httpFloor.cpuUsed.map((cpu) => `${cpu.toFixed(1)} s`).join(' + ')}; the API's sold out ÷ the control's ${ratio === undefined ? '—' : (row.soldOutS / row.httpFloor.soldOutS).toFixed(2)}`,
    );
    const clear = [...row.others.keys()].every((key) => key.startsWith('400 ') && /[а-яё]/i.test(key));
    console.log(
      `             exactly ${PLACES} sold in every round: ${row.everyRoundExact ? 'met' : 'NOT met'}; every other a clear Russian 400: ${clear ? 'met' : 'NOT met'}; p99 < ${TARGET_P99_MS} ms: ${row.p99 < TARGET_P99_MS ? 'met' : 'NOT met'}`,
    );
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await Promise.all(apis.map((api) => api.kill()));
  await postgres?.stop();
}
