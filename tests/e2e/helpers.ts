import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

export const siteUrl = () => process.env.E2E_SITE_URL as string;
export const idpUrl = () => process.env.E2E_IDP_URL as string;
export const exampleUrl = () => process.env.E2E_EXAMPLE_URL as string;

/** The newest SMS code the idp's dev outbox holds for `phone`. */
export async function smsCode(phone: string): Promise<string> {
  const url = `${idpUrl()}/dev/outbox?format=json&to=${encodeURIComponent(phone)}`;
  let code = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await fetch(url)).json()) as { messages: { code: string }[] };
      code = messages[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/** Signs in on the idp's own pages, as a person would: phone, the SMS code, consent when asked. */
export async function signInAtIdp(page: Page, phone = '+79990000001'): Promise<void> {
  await page.getByLabel('Введите ваш телефон:').fill(phone);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Введите код из СМС').fill(await smsCode(phone));
  await page.getByRole('button', { name: 'Войти' }).click();
  await consentIfAsked(page, idpUrl());
}

/**
 * After a step of the provider's sign-in: presses «Разрешить» when the provider asks for consent, and
 * otherwise returns once the page has moved on — to another origin, closed (a popup), or to the sign-up
 * form. It waits for one of these outcomes, not a fixed time: a click does not wait for the navigation
 * it starts, so a look at the page right after it would race the provider's answer.
 */
export async function consentIfAsked(page: Page, idp: string): Promise<void> {
  const origin = new URL(idp).origin;
  const consent = page.getByRole('button', { name: 'Разрешить' });
  const signUp = page.getByRole('button', { name: 'Зарегистрироваться' });
  const outcomes = [
    consent.waitFor().then(() => 'consent'),
    signUp.waitFor().then(() => 'sign-up'),
    page.waitForURL((url) => url.origin !== origin).then(() => 'left'),
    page.waitForEvent('close').then(() => 'closed'),
  ].map((outcome) => outcome.catch(() => 'closed'));
  if ((await Promise.race(outcomes)) === 'consent') await consent.click();
}

/** Opens the example and waits until its SDK client is ready. */
export async function openExample(page: Page, query = ''): Promise<void> {
  await page.goto(`${exampleUrl()}/${query}`);
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
}

export const status = (page: Page) => page.getByRole('status');

/** A signed-in account of the demo site: its e-mail and password, the token and user it signed in with. */
export interface SiteAccount {
  email: string;
  password: string;
  token: string;
  user: unknown;
}

/** A new account of the demo site (`label` makes its e-mail), confirmed through the letter's link in the dev outbox. */
export async function confirmedAccount(request: APIRequestContext, label: string, password: string): Promise<SiteAccount> {
  const email = `${label}.${Date.now()}@test.example`;
  expect((await request.post(`${siteUrl()}/api/user`, { data: { email, password } })).status()).toBe(200);
  let link = '';
  await expect
    .poll(async () => {
      const outbox = await (await request.get(`${siteUrl()}/dev/outbox.json?to=${encodeURIComponent(email)}&channel=email`)).json();
      link = outbox.values?.[0]?.meta?.link ?? '';
      return link;
    })
    .toContain('/verify/email/');
  const confirmed = await request.post(`${siteUrl()}/api/user/verify/email`, { data: { code: link.split('/').pop(), password } });
  expect(confirmed.status()).toBe(200);
  const { token, user } = await confirmed.json();
  return { email, password, token, user };
}

/** A page of a new browser context signed in as `who`: the token and user in localStorage before the app starts. */
export async function signedInPage(
  browser: Browser,
  who: Pick<SiteAccount, 'token' | 'user'>,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU', ...(viewport ? { viewport } : {}) });
  await context.addInitScript(
    ([token, user]) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        localStorage.setItem('token', token as string);
        localStorage.setItem('userObj', JSON.stringify(user));
        sessionStorage.setItem('e2e-signed-in', '1');
      }
    },
    [who.token, who.user],
  );
  return context.newPage();
}
