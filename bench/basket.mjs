// The basket with 50 lines (issue 13): how long a count change takes from the click on «+» to the
// DOM committed by React, in the production build and Debian's Chromium. Measured in the page with a
// MutationObserver on the changed count (the commit of the whole basket's re-render), 30 clicks after
// 5 warm-up ones; the median against the 16 ms frame budget.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../tests/chromium.mjs';
import { startApi } from './lib.mjs';

const LINES = 50;
const CLICKS = 30;
const TARGET_MS = 16;

let api;
try {
  if (!process.env.BASE_URL) api = await startApi({ prefix: 'gid-bench-basket-' });
  const base = process.env.BASE_URL ?? api.url;
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
  const first = `${format.title} №1`;
  await page.locator(`button[aria-label="Увеличить количество: ${first}"]`).waitFor();
  await page.waitForLoadState('networkidle');
  const times = await page.evaluate(
    async ({ label, clicks }) => {
      const plus = document.querySelector(`button[aria-label="${label}"]`);
      const minus = document.querySelector(`button[aria-label="${label.replace('Увеличить', 'Уменьшить')}"]`);
      const value = plus.parentElement.querySelector('output');
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
        const time = await once(i % 2 === 0 ? plus : minus);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        if (i >= 5) result.push(time);
      }
      return result;
    },
    { label: `Увеличить количество: ${first}`, clicks: CLICKS },
  );
  await browser.close();
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const p90 = sorted[Math.floor(sorted.length * 0.9)];
  console.log(`\nBasket of ${LINES} lines: a count change, click → React's commit (${CLICKS} clicks, production build)`);
  console.log(
    `  median ${median.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms (target < ${TARGET_MS} ms → ${median < TARGET_MS ? 'met' : 'NOT met'})\n`,
  );
} finally {
  await api?.kill();
}
