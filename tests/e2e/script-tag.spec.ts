import { expect, test } from '@playwright/test';

const exampleUrl = () => process.env.E2E_EXAMPLE_URL as string;

test('the script tag exposes GidSdk with the contract’s entry points', async ({ page }) => {
  await page.goto(exampleUrl());
  const api = await page.evaluate(() => {
    const sdk = (window as unknown as { GidSdk: Record<string, unknown> }).GidSdk;
    return { version: sdk.version, init: typeof sdk.init, errors: sdk.errors };
  });
  expect(api.version).toBe('1.2.3');
  expect(api.init).toBe('function');
  expect(api.errors).toMatchObject({ POPUP_ERROR: 'POPUP_ERROR', CONFIG_ERROR: 'CONFIG_ERROR' });
});

test('a redirect login navigates to the provider with a PKCE S256 challenge of the stored verifier', async ({ page }) => {
  await page.goto(exampleUrl());
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/oauth2/auth');
  await page.getByRole('button', { name: 'Войти (переход)' }).click();
  const url = new URL((await request).url());
  expect(url.pathname).toBe('/oauth2/auth');
  const params = Object.fromEntries(url.searchParams);
  expect(params).toMatchObject({
    response_type: 'code',
    code_challenge_method: 'S256',
    client_id: 'example-script-tag',
    scope: 'openid profile phone',
  });
  expect(params.state).toHaveLength(43);
  expect(params.nonce).toHaveLength(11);
  // The flow data was stored in this tab before it left, under the client id.
  await page.waitForURL((u) => !u.href.startsWith(exampleUrl()));
  await page.goto(exampleUrl());
  const flow = await page.evaluate(() => JSON.parse(sessionStorage.getItem('example-script-tag') ?? 'null'));
  expect(flow?.state).toBe(params.state);
  const challenge = await page.evaluate(async (verifier: string) => {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
    return btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  }, flow.code_verifier);
  expect(params.code_challenge).toBe(challenge);
});

test('a popup login opens a 400×600 window from the click without being blocked', async ({ page }) => {
  await page.goto(exampleUrl());
  await page.waitForFunction(() => document.readyState === 'complete');
  const popupPromise = page.waitForEvent('popup');
  const authorize = page.context().waitForEvent('request', (r) => new URL(r.url()).pathname === '/oauth2/auth');
  await page.getByRole('button', { name: 'Войти (всплывающее окно)' }).click();
  const popup = await popupPromise;
  await popup.waitForURL((url) => url.pathname.startsWith('/interaction/'));
  const size = await popup.evaluate(() => ({ w: window.outerWidth, h: window.outerHeight }));
  expect(size).toEqual({ w: 400, h: 600 });
  expect(new URL((await authorize).url()).searchParams.get('client_id')).toBe('example-script-tag');
});
