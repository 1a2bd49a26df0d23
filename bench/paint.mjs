// Paint benchmark: time from the SDK script's load to the buttons painted, and the layout shift
// they cause, in Debian's Chromium (median of 25 fresh page loads).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const iife = readFileSync(join(here, '..', 'sdk', 'dist', 'gid-sdk.iife.js'));
const LOADS = 25;

// `reserve`: whether the page reserves the button's 56 px (as the README advises).
// `control`: the page inserts a plain styled button instead of calling the SDK — the browser's floor.
const page = (reserve, control = false) => `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>bench</title>
<style>body{font:16px system-ui;margin:24px}${reserve ? '#gid{min-height:56px}' : ''}</style></head><body>
<h1>Билеты на забег</h1><div id="gid"></div><p>Текст под кнопкой, который сдвинулся бы.</p>
<script>
  window.t0 = performance.now();
  // Element Timing: tag the SDK's button as soon as it is inserted, before it is painted.
  new MutationObserver((records) => { for (const r of records) for (const n of r.addedNodes) if (n.nodeName === 'BUTTON') n.querySelector('span')?.setAttribute('elementtiming', 'gid'); })
    .observe(document.documentElement, { childList: true, subtree: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.identifier === 'gid') window.painted = e.renderTime || e.loadTime; })
    .observe({ type: 'element', buffered: true });
</script>
<script src="/gid-sdk.iife.js"></script>
<script>
  window.loaded = performance.now();
  if (${control}) {
    // The control: a hand-written styled button inserted the same way, no SDK involved.
    const b = document.createElement('button');
    b.style.cssText = 'display:inline-flex;align-items:center;height:56px;padding:0 24px;border:0;border-radius:12px;background:#0079c2;color:#fff;font:600 16px system-ui';
    b.innerHTML = '<span>Войти с Газпром ID</span>';
    document.getElementById('gid').append(b);
  } else GidSdk.init({ clientId: 'bench', authUrl: location.origin, redirectUri: location.origin + '/cb', buttons: [{ container: '#gid' }] });
  window.rendered = performance.now();
  let shift = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) shift += e.value; })
    .observe({ type: 'layout-shift', buffered: true });
  window.layoutShift = () => shift;
</script></body></html>`;

const server = createServer((req, res) => {
  if (req.url === '/gid-sdk.iife.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(iife);
  if (req.url?.startsWith('/api/'))
    return res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end('{}');
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page(req.url !== '/', req.url === '/control'));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch(chromiumLaunchOptions);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(path) {
  const times = [];
  const inits = [];
  const shifts = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.goto(origin + path);
    await tab.waitForFunction(() => window.painted !== undefined);
    await tab.waitForTimeout(100);
    const m = await tab.evaluate(() => ({
      paint: window.painted - window.loaded,
      shift: window.layoutShift(),
      init: window.rendered - window.loaded,
    }));
    times.push(m.paint);
    inits.push(m.init);
    shifts.push(m.shift);
    await context.close();
  }
  return { paint: median(times), init: median(inits), shift: Math.max(...shifts) };
}

try {
  const open = await measure('/');
  const reserved = await measure('/reserved');
  const control = await measure('/control');
  console.log(`\nButtons painted after the script's load (median of ${LOADS} loads in Chromium; target < 16 ms, CLS 0)\n`);
  console.log(`page without a reserved slot   ${open.paint.toFixed(1)} ms   layout shift (max) ${open.shift}`);
  console.log(`page reserving 56 px           ${reserved.paint.toFixed(1)} ms   layout shift (max) ${reserved.shift}`);
  console.log(`control: hand-written button   ${control.paint.toFixed(1)} ms   (no SDK: this browser's floor for the same paint)`);
  console.log(
    `init() synchronous work (config, styles, buttons): median ${reserved.init.toFixed(1)} ms; the rest is the browser's next frame\n`,
  );
} finally {
  await browser.close();
  server.close();
}
