// The React example (@gid/sdk-react in a Vite app) against the real local identity provider,
// its backend calls passed on to the script-tag example's reference backend.
import { expect, type Page, test } from '@playwright/test';
import { idpUrl, signInAtIdp } from './helpers';

const reactUrl = () => process.env.E2E_REACT_URL as string;
const LOGIN = 'Войти с Газпром ID';

const accessToken = async (page: Page): Promise<string> =>
  JSON.parse((await page.getByRole('region', { name: 'Токены' }).locator('pre').textContent()) ?? '{}').access_token;

test('sign in with «Войти с Газпром ID», refresh the token, log out', async ({ page }) => {
  await page.goto(reactUrl());
  // The SDK's own button, drawn into GidLoginButton's element: exactly one.
  const button = page.getByRole('button', { name: LOGIN });
  await expect(button).toHaveClass(/gid-btn gid-btn--standard gid-btn--primary/);
  await expect(button).toHaveCount(1);
  await expect(page.getByRole('status')).toHaveText('Статус: вход не выполнен');

  await button.click();
  await expect(page).toHaveURL(new RegExp(`^${idpUrl()}/`));
  await signInAtIdp(page);

  // Back on /callback: the provider processed the code, the app moved to its start page.
  await expect(page.getByText('Вы вошли как Иван Петров.')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Статус: вход выполнен');
  expect(page.url()).toBe(`${reactUrl()}/`);
  expect(await page.evaluate(() => sessionStorage.getItem('example-react'))).toBeNull();
  await expect(page.getByRole('button', { name: LOGIN })).toHaveCount(0);

  const before = await accessToken(page);
  await page.getByRole('button', { name: 'Обновить токен' }).click();
  await expect.poll(() => accessToken(page)).not.toBe(before);
  await expect(page.getByRole('status')).toHaveText('Статус: вход выполнен');
  await expect(page.getByText('Вы вошли как Иван Петров.')).toBeVisible();

  await page.getByRole('button', { name: 'Выйти' }).click();
  await page.waitForURL(new RegExp(`^${idpUrl()}/`));
  await page.getByRole('button', { name: 'Выйти' }).click(); // the provider's confirmation
  await page.waitForURL((url) => url.href.startsWith(reactUrl()));
  // Signed out at the provider too: the next sign-in asks for the phone again.
  await page.getByRole('button', { name: LOGIN }).click();
  await expect(page.getByLabel('Введите ваш телефон:')).toBeVisible();
});

test('a refused sign-in comes back as the error from callback', async ({ page }) => {
  await page.goto(reactUrl());
  await expect(page.getByRole('button', { name: LOGIN })).toBeVisible();
  // The provider's answer with a state this tab never stored.
  await page.goto(`${reactUrl()}/callback?code=forged&state=${'x'.repeat(43)}&scope=openid`);
  await expect(page.getByRole('alert')).toHaveText('Ошибка авторизации: Произошла непредвиденная ошибка. Обратитесь в службу поддержки');
  await expect(page.getByRole('status')).toHaveText('Статус: ошибка');
  expect(new URL(page.url()).search).toBe('');
});

test('returnTo brings the person back where the sign-in started; the tab keeps them signed in across a reload', async ({ page }) => {
  // A deep link of the app, with a query and a hash: the sign-in starts there.
  const start = `${reactUrl()}/tickets?from=e2e#row-7`;
  await page.goto(start);
  await page.getByRole('button', { name: LOGIN }).click();
  await expect(page).toHaveURL(new RegExp(`^${idpUrl()}/`));
  await signInAtIdp(page);
  await expect(page.getByText('Вы вошли как Иван Петров.')).toBeVisible();
  // Not left on /callback: back on the page, query and hash where the button was pressed.
  await expect(page).toHaveURL(start);
  const token = await accessToken(page);

  // storage="session": a reload of this tab is still signed in, with the same tokens, no new sign-in.
  await page.reload();
  await expect(page.getByText('Вы вошли как Иван Петров.')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Статус: вход выполнен');
  await expect(page.getByRole('button', { name: LOGIN })).toHaveCount(0);
  expect(await accessToken(page)).toBe(token);
  expect(page.url()).toBe(start);
});

test('a sign-in and a sign-out in one tab reach the app’s other open tab', async ({ context, page }) => {
  const other = await context.newPage();
  await other.goto(reactUrl());
  await expect(other.getByRole('status')).toHaveText('Статус: вход не выполнен');

  await page.goto(reactUrl());
  await page.getByRole('button', { name: LOGIN }).click();
  await signInAtIdp(page);
  await expect(page.getByText('Вы вошли как Иван Петров.')).toBeVisible();
  // The other tab hears of the sign-in (BroadcastChannel) without a reload, with the same tokens.
  await expect(other.getByText('Вы вошли как Иван Петров.')).toBeVisible();
  await expect(other.getByRole('status')).toHaveText('Статус: вход выполнен');
  expect(await accessToken(other)).toBe(await accessToken(page));

  // Signed out in the first tab: the other one is signed out too, its button back.
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(other.getByRole('status')).toHaveText('Статус: вход не выполнен');
  await expect(other.getByRole('button', { name: LOGIN })).toBeVisible();
  await expect(other.getByText(/Вы вошли как/)).toHaveCount(0);
  // And a reload of the other tab stays signed out (its session storage was cleared too).
  await other.reload();
  await expect(other.getByRole('button', { name: LOGIN })).toBeVisible();
  await other.close();
});
