// A Chromium performance trace of a page load with the CPU slowed 4× (as Lighthouse's mobile preset):
// the main thread's long tasks (over 50 ms), what runs in each (script evaluation, function calls,
// layout, by their own time) and the functions that took the most samples in them. For finding what
// blocks the main thread (Total Blocking Time) on a page.
//
//   node bench/basket-trace.mjs                     /basket with three lines, the empty /basket and /
//   PAGES=/basket:lines node bench/basket-trace.mjs one page (":lines" seeds the three-line basket)
//   BASE_URL=http://127.0.0.1:3020 node bench/basket-trace.mjs   a server already running
//   TRACE_DIR=/tmp/trace node bench/basket-trace.mjs   keep each trace (JSON; open it in DevTools)
//   QUIET=1 REPEAT=5 CPU_RATE=1 node bench/basket-trace.mjs   only the figures, median of 5 loads
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/chromium.mjs';
import { threeLineBasket } from './basket-lines.mjs';
import { startApi } from './lib.mjs';

const PAGES = (process.env.PAGES ?? '/basket:lines,/basket,/').split(',').filter(Boolean);
const RATE = Number(process.env.CPU_RATE ?? 4);
/** A task is long over 50 ms of a 4× slower CPU: over 50 / RATE × 4 ms here (Lighthouse's simulation scales real tasks the same way). */
const LONG_MS = (50 * RATE) / 4;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

const api = process.env.BASE_URL ? null : await startApi({ prefix: 'gid-bench-trace-' });
const base = process.env.BASE_URL ?? api.url;

/** Samples of the trace's CPU profile: [timestamp µs, node] with the node's call frame and parent. */
function profileSamples(events, pid, tid) {
  const nodes = new Map();
  const samples = [];
  let time = 0;
  for (const event of events) {
    if (event.pid !== pid) continue;
    if (event.name === 'Profile' && event.tid === tid) time = event.args.data.startTime;
    if (event.name !== 'ProfileChunk') continue;
    const data = event.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let index = 0; index < ids.length; index += 1) {
      time += deltas[index] ?? 0;
      samples.push([time, ids[index]]);
    }
  }
  return { nodes, samples };
}

const frameName = (node) => {
  const frame = node?.callFrame;
  if (!frame) return '?';
  const file = frame.url ? frame.url.replace(/^.*\//, '') : '';
  return `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`;
};

async function trace(path, lines) {
  // Lighthouse-like: a phone's viewport and a 4× slower CPU (no network throttling: the CPU is what blocks).
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${base}/404`);
    const stored = lines ? await threeLineBasket(base) : {};
    await page.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, stored);
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    // QUIET runs only count: without the sampling profiler, whose start-up and samples cost time.
    await browser.startTracing(page, {
      categories: process.env.QUIET ? CATEGORIES.filter((category) => !category.includes('cpu_profiler')) : CATEGORIES,
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500); // the trace's tail: idle callbacks and late chunks (a bench, not a test)
    const buffer = await browser.stopTracing();
    const events = JSON.parse(buffer.toString()).traceEvents;
    if (process.env.TRACE_DIR) {
      await mkdir(process.env.TRACE_DIR, { recursive: true });
      await writeFile(join(process.env.TRACE_DIR, `${path.replace(/\W+/g, '_')}${lines ? '-lines' : ''}.json`), buffer);
    }
    return events;
  } finally {
    await browser.close();
  }
}

function report(label, events) {
  // The page's renderer: the main thread whose navigation loads the page's URL.
  const start = events.find((event) => event.name === 'navigationStart' && /^https?:/.test(event.args?.data?.documentLoaderURL ?? ''));
  if (!start) throw new Error('no navigation in the trace');
  const { pid, tid } = start;
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X');
  const navigation = start.ts;
  // The profiler's own start-up (CpuProfiler::StartProfiling) is the trace's cost, not the page's.
  const profilerStart = onMain.filter((event) => event.name === 'CpuProfiler::StartProfiling');
  const tasks = onMain.filter(
    (event) =>
      event.name === 'RunTask' &&
      event.dur > LONG_MS * 1000 &&
      event.ts >= navigation &&
      !profilerStart.some((start) => start.ts >= event.ts && start.ts < event.ts + event.dur),
  );
  const { nodes, samples } = profileSamples(events, pid, tid);
  const fcp = events.find((event) => event.name === 'firstContentfulPaint' && event.pid === pid)?.ts;
  // Total Blocking Time as Lighthouse counts it: the part over 50 ms of each task after the first paint, in 4× CPU time.
  // A task that started before the first paint counts from it.
  const afterPaint = (event) => (event.ts + event.dur - Math.max(event.ts, fcp ?? event.ts)) / 1000;
  const blocking = tasks.reduce((sum, task) => sum + Math.max(0, (afterPaint(task) * 4) / RATE - 50), 0);
  if (!process.env.QUIET)
    console.log(
      `\n${label}: ${tasks.length} long task(s) over ${LONG_MS} ms at ${RATE}× CPU; first paint at ${fcp === undefined ? '?' : Math.round((fcp - navigation) / 1000)} ms; blocking after it ${Math.round(blocking)} ms (in 4× CPU time)`,
    );
  const busy = onMain.filter((event) => event.name === 'RunTask').reduce((sum, event) => sum + Math.max(0, afterPaint(event)), 0);
  const figures = { blocking: Math.round(blocking), busy: Math.round(busy) };
  if (process.env.QUIET) return figures;
  for (const task of tasks) {
    const end = task.ts + task.dur;
    console.log(`  task at ${Math.round((task.ts - navigation) / 1000)} ms, ${Math.round(task.dur / 1000)} ms`);
    const inside = onMain.filter((event) => event.ts >= task.ts && event.ts + event.dur <= end && event !== task);
    const kinds = new Map();
    for (const event of inside) {
      if (
        ![
          'EvaluateScript',
          'FunctionCall',
          'v8.compile',
          'v8.compileModule',
          'v8.evaluateModule',
          'Layout',
          'UpdateLayoutTree',
          'ParseHTML',
          'Paint',
          'V8.GCScavenger',
          'MajorGC',
          'MinorGC',
          'TimerFire',
          'FireAnimationFrame',
          'EventDispatch',
          'RunMicrotasks',
          'ParseAuthorStyleSheet',
          'PrePaint',
          'Layerize',
        ].includes(event.name)
      )
        continue;
      const data = event.args?.data ?? event.args?.beginData ?? {};
      const where = (data.url ?? data.fileName ?? '').replace(/^.*\//, '');
      const key = `${event.name}${where ? ` ${where}` : ''}${data.functionName ? ` ${data.functionName}` : ''}`;
      kinds.set(key, (kinds.get(key) ?? 0) + event.dur / 1000);
    }
    for (const [key, ms] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 8))
      console.log(`      ${Math.round(ms).toString().padStart(5)} ms  ${key}`);
    const self = new Map();
    const inclusive = new Map();
    let count = 0;
    for (const [time, id] of samples) {
      if (time < task.ts || time > end) continue;
      count += 1;
      const node = nodes.get(id);
      self.set(frameName(node), (self.get(frameName(node)) ?? 0) + 1);
      const seen = new Set();
      for (let current = node; current; current = nodes.get(current.parent)) {
        const name = frameName(current);
        if (seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
      }
    }
    if (count === 0) continue;
    console.log(`      samples ${count}; own time:`);
    for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 10))
      console.log(`        ${((100 * n) / count).toFixed(0).padStart(3)}%  ${name}`);
    console.log('      total time (with callees):');
    for (const [name, n] of [...inclusive]
      .filter(([name]) => !/^\((root|program|idle)\)/.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25))
      console.log(`        ${((100 * n) / count).toFixed(0).padStart(3)}%  ${name}`);
  }
  return figures;
}

const REPEAT = Math.max(1, Number(process.env.REPEAT ?? 1));
try {
  const summary = [];
  for (const entry of PAGES) {
    const [path, flag] = entry.split(':');
    const label = `${path}${flag === 'lines' ? ' (3 lines)' : ''}`;
    const figures = [];
    for (let run = 0; run < REPEAT; run += 1) {
      // A trace now and then lacks the page's navigation (Chromium starts the renderer before the
      // tracing reaches it): that load is traced again, up to three times.
      for (let attempt = 1; ; attempt += 1) {
        try {
          figures.push(report(label, await trace(path, flag === 'lines')));
          break;
        } catch (error) {
          if (attempt >= 3 || !String(error?.message).includes('no navigation')) throw error;
        }
      }
    }
    const sorted = (key) => figures.map((figure) => figure[key]).sort((a, b) => a - b);
    const middle = (values) => values[Math.floor((values.length - 1) / 2)];
    summary.push(
      `  ${label.padEnd(18)} blocking after the first paint: median ${middle(sorted('blocking'))} ms, least ${sorted('blocking')[0]} ms; main thread busy after it: median ${middle(sorted('busy'))} ms (${REPEAT} run(s))`,
    );
  }
  console.log(`\n${summary.join('\n')}`);
} finally {
  api?.kill();
}
