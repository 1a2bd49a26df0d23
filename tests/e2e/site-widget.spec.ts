// The GID widget on the demo site itself: for a signed-out visitor on the home page and the event
// pages, loaded once the page is idle, closed for the rest of the tab's session, gone once signed in.
import { expect, type Page, test } from '@playwright/test';
import { signInAtIdp, siteUrl } from './helpers';

const widget = (page: Page) => page.locator('iframe[src*="/wafa/widget"]');
const widgetFrame = (page: Page) => page.frameLocator('iframe[src*="/wafa/widget"]');

test('a signed-out visitor sees the widget on the home page; closed, it stays closed on the event page', async ({ page }) => {
  await page.goto(`${siteUrl()}/`);
  await expect(widgetFrame(page).getByRole('button', { name: 'Войти с Газпром ID' })).toBeVisible();
  await expect(widget(page)).toHaveClass('gid-frame gid-frame--bottom-right');
  await widgetFrame(page).getByRole('button', { name: 'Закрыть' }).click();
  await expect(widget(page)).toHaveCount(0);
  // The next pages of the tab: an event page, loaded afresh.
  const eventPath = await page.locator('a[href^="/calendar/"]').first().getAttribute('href');
  await page.goto(`${siteUrl()}${eventPath}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  let configCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/sdk/actions/wp-config')) configCalls += 1;
  });
  await page.goto(`${siteUrl()}/`);
  await expect(page.getByRole('heading', { name: 'Ближайшие события' })).toBeVisible();
  // The SDK started here too and heard the provider's config, and still floats nothing.
  await expect.poll(() => configCalls).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  await expect(widget(page)).toHaveCount(0);
});

test('the widget floats over an event page but never over the basket, and signs in by popup', async ({ page }) => {
  const configCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/sdk/actions/wp-config')) configCalls.push(page.url());
  });
  await page.goto(`${siteUrl()}/basket`);
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(configCalls).toEqual([]);
  await expect(widget(page)).toHaveCount(0);
  // Client-side on to an event page: the widget comes there (so it was not held back by the session).
  await page.goto(`${siteUrl()}/calendar`);
  const eventLink = page.locator('a[href^="/calendar/"]').first();
  await eventLink.click();
  const button = widgetFrame(page).getByRole('button', { name: 'Войти с Газпром ID' });
  await expect(button).toBeVisible();
  const popupEvent = page.waitForEvent('popup');
  await button.click();
  const popup = await popupEvent;
  await signInAtIdp(popup, '+79990000002');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toEqual(expect.any(String));
  await expect(widget(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/calendar\/[^/]+$/);
});
