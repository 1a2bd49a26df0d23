// Issue 22, «Seen on a phone»: on a 360 px phone the floating «Газпром ID» widget covered the header
// and the top of /login. Sign-in pages and the basket float no widget (they show the GID button or a
// form); where the widget does float (the demo's home page, issue 32), it stays at the bottom on a
// phone, clear of the header.
import { expect, test } from '@playwright/test';
import { openExample } from './helpers';

const siteUrl = () => process.env.E2E_SITE_URL as string;
const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE });
// Four pages of the demo in one test, on a shared machine.
test.setTimeout(60_000);

test('on a 360 px phone the demo’s sign-in pages float no widget; /login and /registration show the GID button', async ({ page }) => {
  // The demo site's client has the widget on (w_auth, top-right): the login page opts out.
  await page.goto(`${siteUrl()}/login`);
  await expect(page.getByRole('button', { name: 'Войти с Газпром ID' })).toBeVisible();
  // The SDK has fetched its remote config (where the widget would come from) and floated nothing.
  await expect(page.locator('#gid-sdk-styles')).toBeAttached();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('iframe[src*="/wafa/"]')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
  for (const path of ['/registration', '/basket']) {
    await page.goto(`${siteUrl()}${path}`);
    // /registration shows the GID button as /login does (through @gid/sdk-react).
    if (path === '/registration') await expect(page.getByRole('button', { name: 'Войти с Газпром ID' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('iframe[src*="/wafa/"]')).toHaveCount(0);
  }
  // The home page floats it (issue 32) — at the bottom, clear of the header.
  await page.goto(`${siteUrl()}/`);
  const iframe = page.locator('iframe[src*="/wafa/widget"]');
  await expect(page.frameLocator('iframe[src*="/wafa/widget"]').getByRole('button', { name: 'Войти с Газпром ID' })).toBeVisible();
  const box = await iframe.boundingBox();
  const header = await page.getByRole('banner').boundingBox();
  expect(box && Math.round(PHONE.height - (box.y + box.height))).toBe(30);
  expect(box && header && box.y).toBeGreaterThan((header?.y ?? 0) + (header?.height ?? 0));
});

test('on a 360 px phone a bottom widget sits at the bottom, centred, below the page’s heading', async ({ page }) => {
  // The script-tag example's client has the widget bottom-right.
  await openExample(page);
  const iframe = page.locator('iframe[src*="/wafa/widget"]');
  await expect(iframe).toHaveClass('gid-frame gid-frame--bottom-right');
  await expect(page.frameLocator('iframe[src*="/wafa/widget"]').getByRole('button', { name: 'Войти с Газпром ID' })).toBeVisible();
  const box = await iframe.boundingBox();
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(box && Math.round(PHONE.height - (box.y + box.height))).toBe(30);
  expect(box && Math.abs(box.x + box.width / 2 - PHONE.width / 2)).toBeLessThan(2);
  expect(box && heading && box.y).toBeGreaterThan((heading?.y ?? 0) + (heading?.height ?? 0));
});
