// axe-core over the demo site's routes: no serious or critical violation on any of them.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const siteUrl = () => process.env.E2E_SITE_URL as string;

const STATIC = [
  '/',
  '/calendar',
  '/news',
  '/clubs',
  '/results',
  '/shop',
  '/shop/search?text=футболка',
  '/about',
  '/about/medical',
  '/partners',
  '/corp',
  '/logistics',
  '/merch',
  '/smi',
  '/feedback',
  '/photo',
  '/newyear_2022',
  '/virtualEvents',
  '/basket/thanks',
  '/basket/certificateThanks',
  '/notsupport',
  '/404',
  '/no/such/page',
  '/basket',
  '/login',
  '/registration',
];

/** Pages with ids, from the server's own data. */
async function pagesWithIds(): Promise<string[]> {
  const get = async (path: string) => (await (await fetch(`${siteUrl()}${path}`)).json()) as { values: Record<string, unknown>[] };
  const events = (await get('/api/event/list')).values;
  const news = (await get('/api/news?limit=1')).values;
  const clubs = (await get('/api/clubs')).values;
  const products = (await get('/api/shop/items/home')).values;
  const eventCity = (events[0]?.event_city as { public_id: string }[] | undefined)?.[0]?.public_id;
  return [
    `/calendar/${events[0]?.public_id}`,
    `/news/${news[0]?.public_id}`,
    `/clubs/${clubs[0]?.public_name ?? clubs[0]?.public_id}`,
    `/shop/product/${products[0]?.public_id}`,
    ...(eventCity ? [`/results/${eventCity}`] : []),
  ];
}

test('no serious or critical axe violation on any route', async ({ page }) => {
  test.setTimeout(180_000);
  const routes = [...STATIC, ...(await pagesWithIds())];
  const problems: string[] = [];
  for (const route of routes) {
    await page.goto(`${siteUrl()}${route}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      problems.push(`${route}: ${v.id} (${v.impact}) — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  expect(problems).toEqual([]);
});
