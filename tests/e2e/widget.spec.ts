// The SDK's rendered button, the floating widget and the web curtain, driven by the provider's
// remote config, in Chromium against the real idp.
import { expect, type Page, test } from '@playwright/test';
import { idpUrl, openExample, signInAtIdp, status } from './helpers';

const widgetFrame = (page: Page) => page.frameLocator('iframe[src*="/wafa/widget"]');
const curtainFrame = (page: Page) => page.frameLocator('iframe[src*="/wafa/web-curtain"]');

test('the SDK button is a 56 px real button, painted with the page and shifting nothing', async ({ page }) => {
  await openExample(page);
  const button = page.getByRole('button', { name: 'Войти с Газпром ID' });
  await expect(button).toBeVisible();
  expect((await button.boundingBox())?.height).toBe(56);
  await button.focus();
  await expect(button).toBeFocused();
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
  expect(shift).toBe(0);
});

test('the widget sits bottom-right, sized by its messages, and signs in from its button', async ({ page }) => {
  await openExample(page);
  const iframe = page.locator('iframe[src*="/wafa/widget"]');
  await expect(iframe).toHaveClass('gid-frame gid-frame--bottom-right');
  await expect(widgetFrame(page).getByRole('button', { name: 'Войти с Газпром ID' })).toBeVisible();
  const box = await iframe.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && Math.round(viewport.width - (box.x + box.width))).toBe(75);
  expect(box && viewport && Math.round(viewport.height - (box.y + box.height))).toBe(30);
  expect(box?.width).toBeGreaterThanOrEqual(379);
  await widgetFrame(page).getByRole('button', { name: 'Войти с Газпром ID' }).click();
  await expect(page).toHaveURL(/\/interaction\//);
  await signInAtIdp(page);
  await expect(status(page)).toHaveText('Вы вошли как Иван Петров.');
  // With a provider session the widget greets the person by name.
  await openExample(page);
  await expect(widgetFrame(page).getByRole('button', { name: 'Продолжить как Иван Петров' })).toBeVisible();
});

test("the widget closes from its close button for the tab's session, and marks its logins source=widget", async ({ page, browser }) => {
  await openExample(page);
  await expect(widgetFrame(page).getByRole('button', { name: 'Войти с Газпром ID' })).toBeVisible();
  await widgetFrame(page).getByRole('button', { name: 'Закрыть' }).click();
  await expect(page.locator('iframe[src*="/wafa/widget"]')).toHaveCount(0);
  // The same tab, loaded again: the SDK is ready (its client in the page) and floats nothing.
  await openExample(page);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('iframe[src*="/wafa/widget"]')).toHaveCount(0);
  // Another tab's session: the widget again, and its login says where it came from.
  const context = await browser.newContext();
  page = await context.newPage();
  await openExample(page);
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${idpUrl()}/oauth2/auth?`));
  await widgetFrame(page).getByRole('button', { name: 'Войти с Газпром ID' }).click();
  expect(new URL((await authorize).url()).searchParams.get('source')).toBe('widget');
  await context.close();
});

test('the web curtain is centred and signs in by popup when configured', async ({ page }) => {
  await openExample(page, '?client=example-curtain&curtain=popup');
  const iframe = page.locator('iframe[src*="/wafa/web-curtain"]');
  await expect(curtainFrame(page).getByRole('button', { name: 'Войти с Газпром ID' })).toBeVisible();
  await expect(page.locator('iframe[src*="/wafa/widget"]')).toHaveCount(0);
  const box = await iframe.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
  const popupEvent = page.waitForEvent('popup');
  await curtainFrame(page).getByRole('button', { name: 'Войти с Газпром ID' }).click();
  const popup = await popupEvent;
  await signInAtIdp(popup, '+79990000002');
  await expect(status(page)).toHaveText('Вы вошли как Мария Смирнова.');
  await expect(iframe).toHaveCount(0);
});
