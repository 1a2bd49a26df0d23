// The basket with 50 lines (issue 13): how long React takes to re-render a count change, measured by
// React's own Profiler — `<Profiler onRender>` `actualDuration`, summed over the commits one click
// causes — in a production build made with React's profiling build of react-dom
// (demo-site/web/vite.profile.config.ts, built into a temporary folder and served by the API; the
// shipped build has no profiler). Also the wall time from the click on «+» to the changed count in
// the DOM (a MutationObserver). Debian's Chromium, 30 clicks after 5 warm-up ones; the median and p90
// against the 16 ms frame budget.
//
//   node bench/basket.mjs                 build the profiling bundle, start the API on it, measure
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/chromium.mjs';
import { startApi } from './lib.mjs';

const LINES = 50;
const CLICKS = 30;
const TARGET_MS = 16;
const webDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'demo-site', 'web');

/** The web app built with the profiling react-dom and the app-wide <Profiler>, in a temporary folder. */
async function buildProfiled() {
  const outDir = await mkdtemp(join(tmpdir(), 'gid-bench-basket-web-'));
  const built = spawnSync(
    join(webDir, 'node_modules', '.bin', 'vite'),
    ['build', '--config', 'vite.profile.config.ts', '--logLevel', 'warn'],
    {
      cwd: webDir,
      env: { ...process.env, PROFILE_OUT_DIR: outDir },
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('bench/basket.mjs: the profiling build failed');
  return outDir;
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor((sorted.length - 1) / 2)], p90: sorted[Math.floor(sorted.length * 0.9)] };
};

let api;
let outDir;
try {
  outDir = await buildProfiled();
  api = await startApi({ prefix: 'gid-bench-basket-', env: { WEB_DIR: outDir } });
  const base = api.url;
  const events = (await (await fetch(`${base}/api/event/list`)).json()).values;
  const city = events[0].event_city[0];
  const formats = (await (await fetch(`${base}/api/event_format/event/${city.public_id}`)).json()).values;
  const format = formats.find((candidate) => !candidate.is_team);
  const goods = Array.from({ length: LINES }, (_, index) => ({
    selector: 'ticket',
    public_id: format.public_id,
    unique_id: `bench-${index}`,
    format_public_id: format.public_id,
    title: `${format.title} №${index + 1}`,
    price: format.price,
    count: 1,
    totalCost: format.price,
    promocode: null,
    event: { public_id: events[0].public_id, title: events[0].title },
    event_city: { public_id: city.public_id },
    address: city.address ?? '',
    start_time: city.start_time,
    kind: 'athlete',
    max_count: 10,
    fixed_count: true,
    team_all: false,
    isTeam: false,
    buy_limit: null,
    tickets_left: 500,
    preregistration: false,
    space: false,
    addTicketToBasketTime: Date.now(),
    groupId: `${events[0].public_id}:${city.public_id}`,
    isErrorTab: true,
  }));

  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript((stored) => localStorage.setItem('basketGoods', stored), JSON.stringify(goods));
  await page.goto(`${base}/basket`);
  // Every line names its format as the server does now (features/basket/api/line-texts.ts), not its
  // stored title: the first line's buttons are the first of that name in the page.
  const first = format.title;
  await page.locator(`button[aria-label="Увеличить количество: ${first}"]`).first().waitFor();
  await page.waitForLoadState('networkidle');
  if (!(await page.evaluate(() => Array.isArray(globalThis.__reactCommits)))) throw new Error('not the profiling build');
  const measured = await page.evaluate(
    async ({ label, clicks }) => {
      const plus = document.querySelector(`button[aria-label="${label}"]`);
      const minus = document.querySelector(`button[aria-label="${label.replace('Увеличить', 'Уменьшить')}"]`);
      const value = plus.parentElement.querySelector('output');
      const commits = globalThis.__reactCommits;
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const once = (button) =>
        new Promise((resolve) => {
          const observer = new MutationObserver(() => {
            observer.disconnect();
            resolve(performance.now() - started);
          });
          observer.observe(value, { childList: true, characterData: true, subtree: true });
          const started = performance.now();
          button.click();
        });
      const result = [];
      for (let i = 0; i < clicks + 5; i++) {
        commits.length = 0;
        const wall = await once(i % 2 === 0 ? plus : minus);
        // The commits this click caused: the count's, and any that follow it in the same frames.
        await frame();
        await frame();
        const react = commits.reduce((sum, commit) => sum + commit.actualDuration, 0);
        if (i >= 5) result.push({ wall, react, commits: commits.length });
      }
      return result;
    },
    { label: `Увеличить количество: ${first}`, clicks: CLICKS },
  );
  await browser.close();
  const react = stats(measured.map((one) => one.react));
  const wall = stats(measured.map((one) => one.wall));
  const commits = stats(measured.map((one) => one.commits));
  const verdict = react.median < TARGET_MS && react.p90 < TARGET_MS ? 'met' : 'NOT met';
  console.log(`\nBasket of ${LINES} lines: a count change (${CLICKS} clicks, production build with the profiling react-dom)`);
  console.log(
    `  React Profiler actualDuration: median ${react.median.toFixed(1)} ms, p90 ${react.p90.toFixed(1)} ms (${commits.median} commit(s) per click; target < ${TARGET_MS} ms → ${verdict})`,
  );
  console.log(`  click → count in the DOM: median ${wall.median.toFixed(1)} ms, p90 ${wall.p90.toFixed(1)} ms\n`);
} finally {
  await api?.kill();
  if (outDir) await rm(outDir, { recursive: true, force: true });
}
