// Lighthouse benchmark (`npm run bench`): the performance score of `/`, `/calendar`, `/login` and `/me` (signed in) on the
// production build, mobile preset (Lighthouse's default: Moto G Power, simulated slow 4G and a 4×
// slower CPU), Debian's Chromium. The API (demo-site/server) is started for real in a temporary
// data folder and serves demo-site/web/dist, as `npm start` does. Each page is measured RUNS times
// (default 3) and the median is compared with the target, since one run on a busy machine is noisy.
//
//   node bench/lighthouse.mjs                 start the server, measure /, /calendar and /login
//   node bench/lighthouse.mjs --details       also the audits that cost the score
//   BASE_URL=http://127.0.0.1:3000 node bench/lighthouse.mjs   measure a server already running
//   RUNS=5 PAGES=/,/news node bench/lighthouse.mjs
//   REPORT_DIR=/tmp/lh node bench/lighthouse.mjs   keep every report (JSON) for reading
//   SIGNED_IN_PAGES=/me,/me/shop node bench/lighthouse.mjs   the cabinet pages measured signed in
//   BASKET_PAGES= node bench/lighthouse.mjs   without the basket
//   CONTROL_DIST=/tmp/dist-main node bench/lighthouse.mjs   beside a control: a second server serves
//       another build of the web app (e.g. main's, `vite build --outDir /tmp/dist-main`) and every
//       run measures both, alternating which goes first, so the machine's load hits them alike;
//       the medians of both and their difference are printed
//
// The cabinet (default SIGNED_IN_PAGES=/me) is measured signed in as the demo account: its token and
// user go into the page's localStorage before Lighthouse loads it (with Lighthouse's storage reset off).
// The basket (default BASKET_PAGES=/basket) is measured as a guest with three lines in it — two
// tickets (an individual and a team format of the first upcoming event city) and a sized shop item —
// put under `basketGoods` and `NoAuthBasketGoods` the same way.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/chromium.mjs';
import { threeLineBasket } from './basket-lines.mjs';
import { startApi } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const distDir = join(here, '..', 'demo-site', 'web', 'dist');
const TARGET = 90;
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
const PAGES = (process.env.PAGES ?? '/,/calendar,/login').split(',').filter(Boolean);
const SIGNED_IN_PAGES = (process.env.SIGNED_IN_PAGES ?? '/me').split(',').filter(Boolean);
const BASKET_PAGES = (process.env.BASKET_PAGES ?? '/basket').split(',').filter(Boolean);
const details = process.argv.includes('--details');

let api;
let control;
const cleanUp = () => Promise.all([api?.kill(), control?.kill()]);
const deadline = setTimeout(
  async () => {
    console.error('bench/lighthouse.mjs: timed out');
    await cleanUp();
    process.exit(1);
  },
  (60 + 60 * RUNS * (process.env.CONTROL_DIST ? 2 : 1) * (PAGES.length + SIGNED_IN_PAGES.length + BASKET_PAGES.length)) * 1000,
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanUp();
    process.exit(130);
  });
}

/** The API as `pnpm start` runs it, in a temporary data folder; resolves with its base URL when ready. */
async function startServer() {
  api = await startApi({ prefix: 'gid-bench-lighthouse-' });
  return api.url;
}

/**
 * Asks once for every built file, compressed as a browser asks for it: the server compresses each
 * file on its first request and keeps the result, so the measured loads see what a warm production
 * server sends rather than the one-off compression time.
 */
async function warmUp(base, dist = distDir) {
  const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const files = new Set(['/']);
  for (const chunk of Object.values(manifest)) {
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
  }
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  for (const [, file] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) files.add(file);
  for (const path of PAGES) files.add(path);
  await Promise.all(
    [...files].map((file) => fetch(`${base}${file}`, { headers: { 'accept-encoding': 'br, gzip' } }).then((r) => r.arrayBuffer())),
  );
}

/** The demo account's session (PUT /api/auth), for the cabinet pages. */
async function demoSession(base) {
  const response = await fetch(`${base}/api/auth`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@geroi.example', password: 'Demo1234' }),
  });
  if (!response.ok) throw new Error(`demo sign-in: HTTP ${response.status}`);
  return response.json();
}

/** The demo account's session as the localStorage entries the app reads (`token`, `userObj`). */
const sessionEntries = (session) => ({ token: session.token, userObj: JSON.stringify(session.user) });

/** Puts `entries` into the origin's localStorage in the Chromium on `port`, before Lighthouse loads the page. */
async function storeLocal(port, origin, entries) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/404`);
    await page.evaluate((stored) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, entries);
    // Lighthouse keeps the storage (and so the HTTP cache) for these pages: the visit above must not
    // leave the app's scripts cached, or the page is measured warm while the others load cold.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run in a fresh Chromium (with `stored` in its localStorage): the report's performance category and audits. */
async function measure(url, stored) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless', ...chromiumLaunchOptions.args],
  });
  try {
    if (stored) await storeLocal(chrome.port, new URL(url).origin, stored);
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      logLevel: 'error',
      output: 'json',
      disableStorageReset: stored !== undefined,
    });
    return result?.lhr;
  } finally {
    await chrome.kill();
  }
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

/** What cost the score in one report: failing audits with their savings, and the LCP element. */
function printDetails(lhr) {
  const audits = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .sort((a, b) => (a.score ?? 1) - (b.score ?? 1));
  for (const audit of audits) console.log(`      ${audit.id}: ${audit.displayValue ?? ''} (score ${audit.score})`);
  const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcp) console.log(`      LCP element: ${lcp.snippet}`);
  const phases = lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items;
  if (phases) console.log(`      LCP phases: ${phases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

try {
  const base = process.env.BASE_URL ?? (await startServer());
  await warmUp(base);
  // The builds measured: this tree's, and the control's beside it when CONTROL_DIST names one.
  const builds = [{ name: '', base }];
  if (process.env.CONTROL_DIST) {
    control = await startApi({ prefix: 'gid-bench-lighthouse-control-', env: { WEB_DIR: process.env.CONTROL_DIST } });
    await warmUp(control.url, process.env.CONTROL_DIST);
    builds.push({ name: 'control', base: control.url });
  }
  console.log(
    `\nLighthouse performance, mobile preset, Debian Chromium, ${RUNS} run(s) per page (target ≥ ${TARGET} for the median)${control ? `, beside the control build ${process.env.CONTROL_DIST}` : ''}; load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')} on ${cpus().length} cores:`,
  );
  const verdicts = [];
  const pages = [
    ...PAGES.map((path) => ({ path, signedIn: false, basket: false })),
    ...SIGNED_IN_PAGES.map((path) => ({ path, signedIn: true, basket: false })),
    ...BASKET_PAGES.map((path) => ({ path, signedIn: false, basket: true })),
  ];
  for (const { path, signedIn, basket } of pages) {
    const scores = new Map(builds.map((build) => [build.name, []]));
    for (let run = 0; run < RUNS; run += 1) {
      // With a control, the two builds take turns going first.
      for (const build of run % 2 === 0 ? builds : [...builds].reverse()) {
        const tag = `${path}${build.name ? ` (${build.name})` : ''}`;
        let lhr;
        try {
          const stored = signedIn ? sessionEntries(await demoSession(build.base)) : basket ? await threeLineBasket(build.base) : undefined;
          lhr = await measure(`${build.base}${path}`, stored);
          // A run Lighthouse could not finish (no paint seen, a protocol timeout) has no score, not 0.
          if (lhr?.runtimeError || typeof lhr?.categories.performance?.score !== 'number')
            throw new Error(lhr?.runtimeError?.code ?? 'no performance score');
        } catch (error) {
          console.log(`  ${tag.padEnd(10)} run ${run + 1}: not measured (${error.message})`);
          continue;
        }
        const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        if (process.env.REPORT_DIR) {
          await mkdir(process.env.REPORT_DIR, { recursive: true });
          const name = `${path === '/' ? 'home' : path.replace(/^\W+/, '').replace(/\W+/g, '_')}${signedIn ? '-signed-in' : basket ? '-lines' : ''}${build.name ? `-${build.name}` : ''}-${run + 1}.json`;
          await writeFile(join(process.env.REPORT_DIR, name), JSON.stringify(lhr));
        }
        scores.get(build.name).push(score);
        const metrics = METRICS.map(([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '—'}`).join(', ');
        console.log(`  ${tag.padEnd(10)} run ${run + 1}: ${String(score).padStart(3)}   ${metrics}   load ${loadavg()[0].toFixed(2)}`);
        if (details) printDetails(lhr);
      }
    }
    const own = scores.get('');
    if (own.length === 0) {
      verdicts.push(`  ${path.padEnd(10)} not measured`);
      continue;
    }
    const middle = median(own);
    const label = signedIn ? `${path} (signed in)` : basket ? `${path} (3 lines)` : path;
    const beside = scores.get('control')?.length
      ? `; control ${median(scores.get('control'))} (runs ${scores.get('control').join(', ')}), difference ${middle - median(scores.get('control'))}`
      : '';
    verdicts.push(`  ${label.padEnd(10)} median ${middle} (runs ${own.join(', ')}) ${middle >= TARGET ? 'met' : 'NOT met'}${beside}`);
  }
  console.log(
    `\n${verdicts.join('\n')}\n  load ${loadavg()
      .map((v) => v.toFixed(2))
      .join(', ')} at the end\n`,
  );
} catch (error) {
  console.error(error);
  await cleanUp();
  process.exit(1);
}
await cleanUp();
clearTimeout(deadline);
