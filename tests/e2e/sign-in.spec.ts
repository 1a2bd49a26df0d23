// Sign-in with the script-tag example against the real local identity provider, as a person does it.
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { exampleUrl, idpUrl, openExample, signInAtIdp, status } from './helpers';

const TOKEN_PATH = '/api/v0.3/backend/oauth/token';

test('press «Войти с Газпром ID»: provider sign-in by SMS, back signed in, code gone from the address bar', async ({ page }) => {
  await openExample(page);
  await page.getByRole('button', { name: 'Войти с Газпром ID' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idpUrl()}/`));
  await signInAtIdp(page);
  await expect(status(page)).toHaveText('Вы вошли как Иван Петров.');
  expect(new URL(page.url()).search).toBe('');
  const flow = await page.evaluate(() => sessionStorage.getItem('example-script-tag'));
  expect(flow).toBeNull();
});

test('popup login completes in the opener; the popup closes', async ({ page }) => {
  await openExample(page);
  const popupEvent = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Войти (всплывающее окно)' }).click();
  const popup = await popupEvent;
  await signInAtIdp(popup, '+79990000002');
  await expect(status(page)).toHaveText('Вы вошли как Мария Смирнова.');
  await expect.poll(() => popup.isClosed()).toBe(true);
});

test('popup login still completes when the callback page sends COOP: same-origin', async ({ page }) => {
  await openExample(page, '?coop=1');
  const popupEvent = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Войти (всплывающее окно)' }).click();
  const popup = await popupEvent;
  await signInAtIdp(popup);
  await expect(status(page)).toHaveText('Вы вошли как Иван Петров.');
});

// Issue 32: from the opener a popup the person closed looks like one the provider's own COOP cut off
// (still signing in), so the cancel is reported while the flow stays until popupTimeoutMs; a new
// sign-in replaces it.
test('closing the popup early reports the cancel; a new sign-in starts a new flow', async ({ page }) => {
  await openExample(page);
  const button = page.getByRole('button', { name: 'Войти (всплывающее окно)' });
  const popupEvent = page.waitForEvent('popup');
  await button.click();
  const popup = await popupEvent;
  await popup.waitForURL(new RegExp(`^${idpUrl()}/`));
  const first = await page.evaluate(() => JSON.parse(sessionStorage.getItem('example-script-tag') ?? 'null')?.state);
  await popup.close();
  await expect(status(page)).toHaveText('Ошибка авторизации: Попап был закрыт пользователем до завершения авторизации.');
  const again = page.waitForEvent('popup');
  await button.click();
  await (await again).waitForURL(new RegExp(`^${idpUrl()}/`));
  const second = await page.evaluate(() => JSON.parse(sessionStorage.getItem('example-script-tag') ?? 'null')?.state);
  expect(second).toBeTruthy();
  expect(second).not.toBe(first);
});

test.describe('a blocked popup', () => {
  // What a popup blocker does: window.open returns null. (Headless Chromium's own blocker is
  // not deterministic enough to test against.)
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
  });

  test('is reported as POPUP_ERROR', async ({ page }) => {
    await openExample(page);
    await page.getByRole('button', { name: 'Войти (всплывающее окно)' }).click();
    await expect(status(page)).toHaveText('Ошибка авторизации: Ошибка при попытке открытия popup-окна');
    expect(await page.evaluate(() => sessionStorage.getItem('example-script-tag'))).toBeNull();
  });

  test('falls back to redirect where configured', async ({ page }) => {
    await openExample(page, '?fallback=1');
    await page.getByRole('button', { name: 'Войти (всплывающее окно)' }).click();
    await signInAtIdp(page);
    await expect(status(page)).toHaveText('Вы вошли как Иван Петров.');
  });
});

test('prompt=login asks for the phone again although the provider session is alive', async ({ page }) => {
  await openExample(page);
  await page.getByRole('button', { name: 'Войти (переход)' }).click();
  await signInAtIdp(page);
  await expect(status(page)).toHaveText('Вы вошли как Иван Петров.');
  // A second login without prompt passes straight through the live session.
  await page.getByRole('button', { name: 'Войти (переход)' }).click();
  await expect(status(page)).toHaveText('Вы вошли как Иван Петров.');
  await page.evaluate(async () => {
    const { authUrl, clientIds } = (window as unknown as { EXAMPLE_CONFIG: { authUrl: string; clientIds: string[] } }).EXAMPLE_CONFIG;
    const sdk = (window as unknown as { GidSdk: { init: (c: object) => Promise<{ login: (o: object) => Promise<void> }> } }).GidSdk;
    const client = await sdk.init({ clientId: clientIds[0], authUrl, redirectUri: `${location.origin}/` });
    await client.login({ prompt: 'login' });
  });
  await expect(page.getByLabel('Введите ваш телефон:')).toBeVisible();
});

test('a quuid on the callback restarts the login carrying it', async ({ page }) => {
  await openExample(page);
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${idpUrl()}/oauth2/auth`));
  await page.goto(`${exampleUrl()}/?quuid=q-123`);
  expect(new URL((await authorize).url()).searchParams.get('quuid')).toBe('q-123');
});

test('a tampered state or code is rejected and nothing is exchanged', async ({ page }) => {
  await openExample(page);
  await page.getByRole('button', { name: 'Войти (переход)' }).click();
  await page.waitForURL(new RegExp(`^${idpUrl()}/`));
  // Stop at the provider's redirect back, so the flow stays stored, and tamper with the callback.
  let callback = '';
  await page.route(`${idpUrl()}/**`, async (route) => {
    // Redirect hops are not routed, so the provider's resume step is followed here by hand.
    let response = await route.fetch({ maxRedirects: 0 });
    for (let hop = 0; hop < 5 && response.status() >= 300 && response.status() < 400; hop++) {
      const location = new URL(response.headers().location ?? '', route.request().url()).href;
      if (location.startsWith(exampleUrl())) {
        callback = location;
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>stopped</p>' });
      }
      if (!location.includes('/oauth2/auth/')) break;
      response = await page.request.get(location, { maxRedirects: 0 });
    }
    return route.fulfill({ response });
  });
  await signInAtIdp(page);
  await expect.poll(() => callback).toContain('code=');
  await page.unroute(`${idpUrl()}/**`);
  const exchanges: string[] = [];
  page.on('request', (r) => r.url().endsWith(TOKEN_PATH) && exchanges.push(r.url()));
  const tamperedState = new URL(callback);
  tamperedState.searchParams.set('state', 'x'.repeat(43));
  await page.goto(tamperedState.href);
  await expect(status(page)).toHaveText('Ошибка авторизации: Произошла непредвиденная ошибка. Обратитесь в службу поддержки');
  expect(exchanges).toEqual([]);
  // The real state with a forged code reaches the provider, which refuses it.
  const forgedCode = new URL(callback);
  forgedCode.searchParams.set('code', 'forged-code');
  await page.goto(forgedCode.href);
  await expect(status(page)).toContainText('Ошибка авторизации');
  await expect(status(page)).not.toHaveText(/Вы вошли/);
});

test('the back button during a redirect cancels the flow cleanly; a new login works', async ({ page }) => {
  await openExample(page);
  await page.getByRole('button', { name: 'Войти (переход)' }).click();
  await page.waitForURL(new RegExp(`^${idpUrl()}/`));
  await page.goBack();
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('example-script-tag'))).toBeNull();
  await page.getByRole('button', { name: 'Войти (переход)' }).click();
  await signInAtIdp(page);
  await expect(status(page)).toHaveText('Вы вошли как Иван Петров.');
});

test('refresh renews the tokens and logout ends the provider session', async ({ page }) => {
  await openExample(page);
  await page.getByRole('button', { name: 'Войти (переход)' }).click();
  await signInAtIdp(page);
  await expect(status(page)).toHaveText('Вы вошли как Иван Петров.');
  const before = JSON.parse((await page.locator('#result').textContent()) ?? '{}');
  await page.getByRole('button', { name: 'Обновить токен' }).click();
  await expect
    .poll(async () => JSON.parse((await page.locator('#result').textContent()) ?? '{}').access_token)
    .not.toBe(before.access_token);
  await page.getByRole('button', { name: 'Выйти' }).click();
  await page.getByRole('button', { name: 'Выйти' }).click(); // the provider's confirmation
  await page.waitForURL((url) => url.href.startsWith(exampleUrl()));
  // Signed out at the provider: the next login asks for the phone again.
  await openExample(page);
  await page.getByRole('button', { name: 'Войти (переход)' }).click();
  await expect(page.getByLabel('Введите ваш телефон:')).toBeVisible();
});

test.describe('a hostile page on a third origin', () => {
  let hostile: Server;
  let hostileUrl = '';
  test.beforeAll(async () => {
    hostile = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>hostile</title>'));
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    hostileUrl = `http://127.0.0.1:${(hostile.address() as { port: number }).port}/`;
  });
  test.afterAll(() => new Promise<void>((resolve) => hostile.close(() => resolve())));

  test('cannot complete a popup login with forged popup_auth or widget messages', async ({ page, context }) => {
    await page.goto(hostileUrl);
    const exampleEvent = context.waitForEvent('page');
    await page.evaluate((url) => {
      (window as unknown as { target: Window | null }).target = window.open(url, 'victim');
    }, exampleUrl());
    const example = await exampleEvent;
    await expect(example.locator('body[data-ready="true"]')).toBeAttached();
    const exchanges: string[] = [];
    example.on('request', (r) => r.url().endsWith(TOKEN_PATH) && exchanges.push(r.url()));
    const popupEvent = example.waitForEvent('popup');
    await example.getByRole('button', { name: 'Войти (всплывающее окно)' }).click();
    const popup = await popupEvent;
    const state = await example.evaluate(() => JSON.parse(sessionStorage.getItem('example-script-tag') ?? '{}').state as string);
    await page.evaluate(
      ({ origin, state }) => {
        const target = (window as unknown as { target: Window }).target;
        const forged = `${origin}/?code=forged&state=${state}&scope=openid`;
        target.postMessage({ name: 'popup_auth', url: forged }, '*');
        target.postMessage({ source: 'gid-sdk', event: 'login', params: {} }, '*');
        target.postMessage({ source: 'gid-sdk', event: 'close', params: {} }, '*');
      },
      { origin: exampleUrl(), state },
    );
    await example.waitForTimeout(500);
    expect(exchanges).toEqual([]);
    await expect(status(example)).toHaveText('Вы не вошли.');
    // The real popup still finishes the login.
    await signInAtIdp(popup);
    await expect(status(example)).toHaveText('Вы вошли как Иван Петров.');
  });
});
