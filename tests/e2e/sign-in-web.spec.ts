// The demo site's own sign-in, as a person does it, against the running server and the real local
// idp: e-mail (with confirmation through the outbox letter), SMS, «Войти с Газпром ID» by popup and
// by redirect, the social networks, linking, password reset, the guest basket, /exit — and axe on
// every screen of it.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { consentIfAsked, idpUrl, signInAtIdp } from './helpers';

const siteUrl = () => process.env.E2E_SITE_URL as string;

interface OutboxEntry {
  to: string;
  meta: { link?: string; code?: string };
}

/** The newest letter or SMS the site's dev outbox holds for `to`. */
async function outbox(to: string, channel: 'email' | 'sms'): Promise<OutboxEntry['meta']> {
  let found: OutboxEntry['meta'] = {};
  await expect
    .poll(async () => {
      const response = await fetch(`${siteUrl()}/dev/outbox.json?to=${encodeURIComponent(to)}&channel=${channel}&limit=1`);
      const { values } = (await response.json()) as { values: OutboxEntry[] };
      found = values[0]?.meta ?? {};
      return channel === 'email' ? (found.link ?? '') : (found.code ?? '');
    })
    .not.toBe('');
  return found;
}

/** A letter's link, on the site under test (the path only: the server may name another origin). */
const onSite = (link: string) => `${siteUrl()}${new URL(link).pathname}`;

const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ru`;

async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${siteUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

/** A confirmed account made through the API (for journeys that are not about registering). */
async function confirmedAccount(password = 'Secret12') {
  const email = unique('hero');
  expect((await api('/api/user', { method: 'POST', body: { email, password, mailing: false } })).status).toBe(200);
  const { link } = await outbox(email, 'email');
  const code = new URL(link as string).pathname.split('/').pop();
  // A password chosen at registration counts once typed again at confirmation (who registered may not own the address).
  expect((await api('/api/user/verify/email', { method: 'POST', body: { code, password } })).status).toBe(200);
  return { email, password };
}

/**
 * An account registered by phone through the API, on a number of its own: another suite's SMS to a
 * demo number cannot put this one in the resend cooldown (codes cool down per number and purpose).
 */
async function phoneAccount(): Promise<string> {
  const digits = `7999${String(Date.now()).slice(-4)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  expect((await api('/api/user/code', { method: 'POST', body: { phone: `+${digits}`, registration: true } })).status).toBe(200);
  const { code } = await outbox(digits, 'sms');
  expect((await api('/api/user/phone', { method: 'POST', body: { phone: `+${digits}`, phone_code: code, mailing: false } })).status).toBe(
    200,
  );
  return digits;
}

const form = (page: Page) => page.getByRole('group', { name: 'Форма входа' });

async function signInByEmail(page: Page, email: string, password: string) {
  await page.goto(`${siteUrl()}/login`);
  await form(page).getByLabel('Введите ваш Еmail:').fill(email);
  await form(page).getByLabel('Введите пароль:').fill(password);
  await form(page).getByRole('button', { name: 'Войти', exact: true }).click();
}

/** No serious or critical axe violation on the page as it is now (the GID widget's frame is the idp's). */
async function expectNoSeriousAxe(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).exclude('iframe').analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${what}: ${v.id}`);
  expect(serious).toEqual([]);
}

const signedInAs = async (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), user: JSON.parse(localStorage.getItem('userObj') ?? 'null') }));

test('register by e-mail; login before confirming offers «Подтвердить почту» and «Проверьте почту»; the letter confirms in a popup and signs in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = unique('new');
  await page.goto(`${siteUrl()}/registration`);
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация героя' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Пароль должен состоять минимум из 4 символов')).toBeVisible();
  await expect(page.getByText('Необходимо согласие на обработку персональных данных')).toBeVisible();
  await page.getByLabel('Пароль', { exact: true }).fill('Geroi2024');
  await page.getByLabel(/Я согласен на обработку персональных данных/).check();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('dialog', { name: 'Проверьте почту' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Закрыть', exact: true }).click();

  await signInByEmail(page, email, 'Geroi2024');
  await expect(form(page).getByRole('button', { name: 'Подтвердить почту' })).toBeVisible();
  await form(page).getByRole('button', { name: 'Подтвердить почту' }).click();
  // isSendMailPopup: «Проверьте почту» names the address the letter went to and stays until closed.
  const checkMail = page.getByRole('dialog', { name: 'Проверьте почту' });
  await expect(checkMail).toContainText(email);
  await expectNoSeriousAxe(page, 'the «Проверьте почту» popup');
  await checkMail.getByRole('button', { name: 'Закрыть', exact: true }).click();
  await expect(checkMail).toBeHidden();

  const { link } = await outbox(email, 'email');
  await page.goto(onSite(link as string));
  // Nothing is sent on load (issue 33): the page says whose address the link confirms and asks first.
  await expect(page.getByText(`Ссылка подтверждает почту ${email} и входит в аккаунт с этим адресом. Подтвердить и войти?`)).toBeVisible();
  await expectNoSeriousAxe(page, 'the confirmation page asking whose account');
  // The registration password counts only when typed again here: whoever registered may not own the address.
  await page.getByLabel('Пароль, указанный при регистрации').fill('Geroi2024');
  await page.getByRole('button', { name: 'Подтвердить и войти' }).click();
  // isVerifyPopup: the confirmed address said in a popup of the login screen (accounts-sso §2.3), signed in
  // already; its button opens the cabinet.
  const confirmed = page.getByRole('dialog', { name: 'Почта подтверждена' });
  await expect(confirmed).toContainText(email);
  await expect(page).toHaveURL(/\/login$/);
  expect((await signedInAs(page)).user.email).toBe(email);
  await expectNoSeriousAxe(page, 'the e-mail-confirmed popup');
  await confirmed.getByRole('button', { name: 'В личный кабинет' }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByRole('link', { name: 'Мои события' })).toBeVisible();
});

test('sign in by e-mail; the guest basket joins the account; the cabinet comes back after sign-in', async ({ page }) => {
  const { email, password } = await confirmedAccount();
  await page.goto(`${siteUrl()}/`);
  const line = { selector: 'shop', public_id: 'e2e-product', size: 'M', count: 1, unique_id: 'e2e-guest-1', title: 'Футболка' };
  await page.evaluate(
    (goods) => {
      localStorage.setItem('NoAuthBasketGoods', JSON.stringify(goods));
      localStorage.setItem('basketGoods', JSON.stringify(goods));
    },
    [line],
  );
  await page.goto(`${siteUrl()}/me/shop`);
  await expect(page).toHaveURL(/\/login$/);
  await form(page).getByLabel('Введите ваш Еmail:').fill(email);
  await form(page).getByLabel('Введите пароль:').fill(password);
  await form(page).getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/me\/shop$/);
  const { token } = await signedInAs(page);
  const basket = await api('/api/user/basket', { token: token as string });
  expect(basket.body?.goods).toEqual([expect.objectContaining({ unique_id: 'e2e-guest-1' })]);
  expect(await page.evaluate(() => localStorage.getItem('NoAuthBasketGoods'))).toBeNull();
  // A guest-only page now sends the person on.
  await page.goto(`${siteUrl()}/registration`);
  await expect(page).toHaveURL(/\/me$/);
});

test('sign in by SMS with the outbox code', async ({ page }) => {
  const phone = await phoneAccount();
  await page.goto(`${siteUrl()}/login`);
  await page.getByRole('button', { name: 'Авторизация по смс' }).click();
  await expect(page.getByRole('button', { name: 'Забыли пароль?' })).toBeDisabled();
  await form(page).getByLabel('Введите ваш телефон:').fill(phone);
  await form(page).getByRole('button', { name: 'Получить код' }).click();
  const code = form(page).getByLabel('Введите код из СМС');
  await expect(code).toBeVisible();
  await code.fill('12');
  await form(page).getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('Код должен состоять из 4 цифр')).toBeVisible();
  // The newest SMS to the number is the login code (the registration one came first).
  let sms = '';
  await expect
    .poll(async () => {
      const response = await fetch(`${siteUrl()}/dev/outbox.json?to=${phone}&channel=sms&limit=2`);
      const { values } = (await response.json()) as { values: { meta: { code?: string } }[] };
      sms = values.length === 2 ? (values[0]?.meta.code ?? '') : '';
      return sms;
    })
    .toMatch(/^\d{4}$/);
  await code.fill(sms);
  await form(page).getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/me$/);
  expect((await signedInAs(page)).user.public_id).toEqual(expect.any(String));
});

test('«Войти с Газпром ID» by popup: the idp in a popup, the site signed in', async ({ page }) => {
  // The page's clock is ours to move: a person's pause on the provider's pages, without a sleep.
  await page.clock.install();
  await page.goto(`${siteUrl()}/login`);
  const popupEvent = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Войти с Газпром ID' }).click();
  const popup = await popupEvent;
  // A person takes a while on the provider's pages (longer than the SDK's 500 ms closure poll and its
  // 2 s grace): the login screen must still be waiting for the popup after that.
  await expect(popup.getByLabel('Введите ваш телефон:')).toBeVisible();
  await page.clock.runFor(5000);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await signInAtIdp(popup, '+79990000002');
  await expect(page).toHaveURL(/\/me$/);
  await expect.poll(() => popup.isClosed()).toBe(true);
  const { token, user } = await signedInAs(page);
  expect(token).toEqual(expect.any(String));
  expect(user.public_id).toEqual(expect.any(String));
});

test('«Войти с Газпром ID» by redirect when the popup is blocked: back on /auth/gid, then /me/shop', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto(`${siteUrl()}/login`);
  await page.getByRole('button', { name: 'Войти с Газпром ID' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idpUrl()}/`));
  await signInAtIdp(page);
  await expect(page).toHaveURL(/\/me\/shop$/);
  expect((await signedInAs(page)).token).toEqual(expect.any(String));
});

test('a GID person whose session ended elsewhere goes back through GID (<RequireAuth>) to the cabinet page; after /exit, the login screen', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto(`${siteUrl()}/login`);
  await page.getByRole('button', { name: 'Войти с Газпром ID' }).click();
  await signInAtIdp(page);
  await expect(page).toHaveURL(/\/me\/shop$/);
  const first = (await signedInAs(page)).token as string;
  // The session ends on the server (another device's sign-out, an expiry): this tab still holds the token.
  expect((await api('/api/auth/logout', { method: 'POST', token: first })).status).toBeLessThan(300);
  const throughGid = page.waitForURL(/\/auth\/gid\?code=/);
  await page.goto(`${siteUrl()}/me/insurances`);
  // The provider's session is alive: GID answers without a page of its own, and the site's session is new.
  await throughGid;
  await expect(page).toHaveURL(/\/me\/insurances$/);
  await expect.poll(async () => (await signedInAs(page)).token).not.toBe(first);
  const second = (await signedInAs(page)).token as string;
  expect((await api('/api/user', { token: second })).status).toBe(200);
  // A sign-out here forgets it: the cabinet sends a guest to the login screen's choice of methods.
  await page.goto(`${siteUrl()}/exit`);
  await expect(page.getByRole('status')).toHaveText('Вы вышли из аккаунта');
  await page.goto(`${siteUrl()}/me/insurances`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Войти с Газпром ID' })).toBeVisible();
});

test('a forged /auth/gid callback shows «Ошибка авторизации» and signs no one in', async ({ page }) => {
  await page.goto(`${siteUrl()}/auth/gid?code=forged&state=forged&scope=openid`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ошибка авторизации' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Произошла непредвиденная ошибка');
  await expect(page.getByRole('link', { name: 'На главную', exact: true })).toBeVisible();
  expect((await signedInAs(page)).token).toBeNull();
});

for (const [network, label, phone] of [
  ['vk', 'Вконтакте', '+79990000001'],
  ['google', 'Google', '+79990000002'],
] as const) {
  test(`sign in with ${label} (the idp's stand-in)`, async ({ page }) => {
    await page.goto(`${siteUrl()}/login`);
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`^${idpUrl()}/`));
    await signInAtIdp(page, phone);
    await expect(page).toHaveURL(/\/me$/);
    expect((await signedInAs(page)).token).toEqual(expect.any(String));
    expect(await page.evaluate((key) => sessionStorage.getItem(key), `gid-demo:social:${network}`)).toBeNull();
  });
}

test('a forged social return is refused', async ({ page }) => {
  await page.goto(`${siteUrl()}/user/auth/vk?code=forged&state=forged`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ошибка авторизации' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Ответ сервиса авторизации не совпал с запросом. Попробуйте войти ещё раз');
  expect(page.url()).not.toContain('forged');
});

test('link Google to the signed-in profile', async ({ page }) => {
  const { email, password } = await confirmedAccount();
  await signInByEmail(page, email, password);
  await expect(page).toHaveURL(/\/me$/);
  await page.goto(`${siteUrl()}/add`);
  // Linking a network needs a proof first: the password (or a code to a confirmed contact).
  await page.getByLabel('Пароль от аккаунта').fill(password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByRole('button', { name: 'Google', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${idpUrl()}/`));
  // A fresh idp phone: the Google stand-in's account is not linked to anyone yet.
  await signInAtIdp(page, `+7999${String(Date.now()).slice(-7)}`);
  // A number the idp has not seen: its sign-up step, then its consent.
  await page.getByLabel('Имя').fill('Новый');
  await page.getByLabel('Фамилия').fill('Герой');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('button', { name: 'Зарегистрироваться' })).toBeHidden();
  await consentIfAsked(page, idpUrl());
  await expect(page.getByRole('status')).toHaveText('Аккаунт Google привязан к вашему профилю');
  await expect(page).toHaveURL(/\/user\/add\/auth\/google$/);
});

test('reset the password through the letter, then sign in with the new one', async ({ page }) => {
  const { email } = await confirmedAccount();
  await page.goto(`${siteUrl()}/login`);
  await page.getByRole('button', { name: 'Забыли пароль?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Восстановление пароля' });
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(dialog.getByLabel('Email')).toHaveClass(/field--flash/);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('dialog', { name: 'Письмо отправлено' })).toBeVisible();

  const { link } = await outbox(email, 'email');
  expect(link).toContain('/verify/resetpassword/');
  await page.goto(onSite(link as string));
  await expect(page).toHaveURL(/\/newpass$/);
  await page.getByLabel('Новый пароль', { exact: true }).fill('newpass1');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByText('В пароле должна быть заглавная буква')).toBeVisible();
  await page.getByLabel('Новый пароль', { exact: true }).fill('Newpass1');
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  // The login screen's popup (accounts-sso §2.3), over its form.
  await expect(page).toHaveURL(/\/login$/);
  const changed = page.getByRole('dialog', { name: 'Пароль успешно изменен!' });
  await expect(changed).toBeVisible();
  await changed.getByRole('button', { name: 'Войти' }).click();
  await expect(changed).toBeHidden();
  // Shown once: /login opened again has no popup over the form.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Авторизация' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Пароль успешно изменен!' })).toBeHidden();
  await signInByEmail(page, email, 'Newpass1');
  await expect(page).toHaveURL(/\/me$/);
});

test('/exit ends the server session and clears token, user and basket', async ({ page }) => {
  const { email, password } = await confirmedAccount();
  await signInByEmail(page, email, password);
  await expect(page).toHaveURL(/\/me$/);
  const { token } = await signedInAs(page);
  await page.goto(`${siteUrl()}/exit`);
  await expect(page.getByRole('status')).toHaveText('Вы вышли из аккаунта');
  expect(
    await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userObj'), localStorage.getItem('basketGoods')]),
  ).toEqual([null, null, null]);
  expect((await api('/api/user', { token: token as string })).status).toBe(401);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
});

test('a sign-in link from a letter says whose account it opens, signs in once and never leaves the site', async ({ page }) => {
  const { email } = await confirmedAccount();
  expect((await api('/api/auth/link', { method: 'POST', body: { email } })).status).toBe(200);
  const { link } = await outbox(email, 'email');
  const letter = new URL(link as string);
  expect(letter.pathname).toBe('/loginlink');
  const address = `${siteUrl()}/loginlink${letter.hash}&redirect=${encodeURIComponent('https://evil.example/')}`;
  await page.goto(address);
  await expect(page.getByText(`Ссылка открывает аккаунт ${email}. Войти в него?`)).toBeVisible();
  expect((await signedInAs(page)).token).toBeNull();
  expect(page.url()).not.toContain('code=');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page).toHaveURL(/\/me$/);
  expect((await signedInAs(page)).user.email).toBe(email);
  // The code is single-use: the same link again opens nothing.
  await page.evaluate(() => localStorage.clear());
  await page.goto(address);
  await expect(page.getByRole('alert')).toHaveText('Ссылка для входа недействительна или устарела');
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${siteUrl()}/token/not-a-real-session-token`);
  await expect(page.getByRole('alert')).toHaveText('Ссылка для входа недействительна или устарела');
  expect(page.url()).not.toContain('not-a-real');
});

test('no serious or critical axe violation on the sign-in screens', async ({ page }) => {
  test.setTimeout(90_000);
  const problems: string[] = [];
  const check = async (what: string) => {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The GID widget is the idp's page in a frame, checked by the idp's own suite.
    const { violations } = await new AxeBuilder({ page }).exclude('iframe').analyze();
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      problems.push(`${what}: ${v.id} (${v.impact}) — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  };
  for (const route of [
    '/login',
    '/registration',
    '/registration/sms',
    '/newpass',
    '/exit',
    '/add',
    '/auth/gid?code=x&state=y&scope=openid',
    '/user/auth/google?code=x&state=y',
    '/verify/email/not-a-code',
    '/verify/new/email/not-a-code',
    '/verify/resetpassword/not-a-code',
    '/loginlink',
  ]) {
    await page.goto(`${siteUrl()}${route}`);
    if (route === '/add') await expect(page).toHaveURL(/\/login$/);
    if (route.startsWith('/verify') || route.startsWith('/user') || route.startsWith('/auth') || route === '/loginlink') {
      await expect(page.getByRole('alert')).toBeVisible();
    }
    await check(route);
  }
  await page.goto(`${siteUrl()}/login`);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('Заполните поле').first()).toBeVisible();
  await check('/login (errors)');
  await page.getByRole('button', { name: 'Авторизация по смс' }).click();
  await check('/login (SMS mode)');
  await page.getByRole('button', { name: 'Авторизация по email' }).click();
  await page.getByRole('button', { name: 'Забыли пароль?' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('/login (reset popup)');
  expect(problems).toEqual([]);
});
