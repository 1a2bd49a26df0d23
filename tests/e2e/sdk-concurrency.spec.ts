// The SDK where flows and timers meet (issue 21), in Chromium against the real idp, on the script-tag
// example: a popup login while a silent sign-in times out in the same page, and a popup whose
// COOP callback page is slow to load. A slow or unanswered request is made by a route, never by the
// test sleeping.
import { expect, type Page, test } from '@playwright/test';
import { idpUrl, openExample, signInAtIdp, status } from './helpers';

// A sign-in at the idp, a silent sign-in's own timeout or a 3 s callback page, on a shared machine.
test.setTimeout(60_000);

/**
 * The example's client (a top-level `let` of its classic script, so reachable by name from a script
 * evaluated in the page, not as a property of `window`) checks the session silently; resolves with
 * the error's code.
 */
const startSilent = (page: Page, timeoutMs: number): Promise<string> =>
  page.evaluate(`client.checkSession({ timeoutMs: ${timeoutMs} }).then(() => 'signed in', (error) => error.code ?? 'no code')`);

test('a popup login completes while a silent sign-in started before it times out in the same page', async ({ page, context }) => {
  // The provider never answers the silent sign-in's frame (as where framing or cookies are blocked).
  const held: { abort(): Promise<void> }[] = [];
  await context.route(
    (url) => url.href.startsWith(`${idpUrl()}/oauth2/auth?`) && url.searchParams.get('prompt') === 'none',
    (route) => void held.push(route),
  );
  await openExample(page);
  const silent = startSilent(page, 3000);
  const popupEvent = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Войти (всплывающее окно)' }).click();
  const popup = await popupEvent;
  await expect(popup.getByLabel('Введите ваш телефон:')).toBeVisible();
  // While the person is at the provider, the silent sign-in gives up.
  expect(await silent).toBe('SILENT_TIMEOUT');
  expect(held.length).toBeGreaterThan(0);
  await signInAtIdp(popup, '+79990000001');
  await expect(status(page)).toHaveText(/^Вы вошли как /);
  await expect.poll(() => popup.isClosed()).toBe(true);
  for (const route of held) await route.abort().catch(() => {});
});

test('a COOP callback page that takes 3 s to load still completes the popup login', async ({ page, context }) => {
  // The callback page (sent with COOP, so the popup is cut off from this page) loads its SDK 3 s late.
  await context.route(
    (url) => url.pathname === '/gid-sdk.iife.js',
    async (route) => {
      if (route.request().headers().referer?.includes('/callback.html')) await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    },
  );
  await openExample(page, '?coop=1');
  // As in a person's browser, the window in front has the focus: the popup, not this page. Headless
  // Chromium reports every page as focused, and a focused opener means the person closed the popup.
  await page.evaluate(() => {
    document.hasFocus = () => false;
  });
  const popupEvent = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Войти (всплывающее окно)' }).click();
  const popup = await popupEvent;
  await signInAtIdp(popup, '+79990000002');
  await expect(status(page)).toHaveText('Вы вошли как Мария Смирнова.', { timeout: 15_000 });
  await expect(status(page)).not.toHaveText(/Попап был закрыт/);
});
