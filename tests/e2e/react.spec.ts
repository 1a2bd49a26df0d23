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
