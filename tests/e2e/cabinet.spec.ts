// The personal cabinet against the running demo, as a person uses it (accounts-sso §2.5–§2.12): the
// tickets with a QR, a transfer confirmed by a second account which registers it through the
// participant form, a purchase cancelled and refunded, another session ended and its token refused,
// the password changed and used, a club joined, an insurance bought through the popup, axe on every
// screen. Signed in through the API (PUT /api/auth): signing in itself is the sign-in spec's.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';

const siteUrl = () => process.env.E2E_SITE_URL as string;

interface Account {
  email: string;
  password: string;
  token: string;
  user: unknown;
}

async function signIn(request: APIRequestContext, email: string, password: string): Promise<Account> {
  const response = await request.put(`${siteUrl()}/api/auth`, { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const { token, user } = await response.json();
  return { email, password, token, user };
}

/** A new account, its e-mail confirmed through the letter's link in the dev outbox. */
async function newAccount(request: APIRequestContext, label: string): Promise<Account> {
  const email = `cabinet.${label}.${Date.now()}@test.example`;
  const password = 'Cabinet1';
  expect((await request.post(`${siteUrl()}/api/user`, { data: { email, password } })).status()).toBe(200);
  let link = '';
  await expect
    .poll(async () => {
      const outbox = await (await request.get(`${siteUrl()}/dev/outbox.json?to=${encodeURIComponent(email)}&channel=email`)).json();
      link = outbox.values?.[0]?.meta?.link ?? '';
      return link;
    })
    .toContain('/verify/email/');
  const confirmed = await request.post(`${siteUrl()}/api/user/verify/email`, { data: { code: link.split('/').pop() } });
  expect(confirmed.status()).toBe(200);
  const { token, user } = await confirmed.json();
  return { email, password, token, user };
}

/** A page signed in as `account`: the token and user in localStorage before the app starts. */
async function cabinetPage(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU' });
  await context.addInitScript(
    ([token, user]) => {
      if (!sessionStorage.getItem('e2e-signed-in')) {
        localStorage.setItem('token', token as string);
        localStorage.setItem('userObj', JSON.stringify(user));
        sessionStorage.setItem('e2e-signed-in', '1');
      }
    },
    [account.token, account.user],
  );
  return context.newPage();
}

/** Buys one ticket of an upcoming format for `account` and pays on the sandbox page; answers its order id. */
async function buyTicket(page: Page, request: APIRequestContext, account: Account): Promise<string> {
  const events = (await (await request.get(`${siteUrl()}/api/event/list`)).json()).values;
  let formatId = '';
  for (const event of events) {
    for (const city of event.event_city) {
      const formats = (await (await request.get(`${siteUrl()}/api/event_format/event/${city.public_id}`)).json()).values;
      const format = formats.find(
        (candidate: { is_team: boolean; tickets_left: Record<string, number>; qr?: boolean }) =>
          !candidate.is_team && (candidate.tickets_left.athlete ?? 0) > 5 && candidate.qr,
      );
      if (format) formatId = format.public_id;
      if (formatId) break;
    }
    if (formatId) break;
  }
  expect(formatId, 'an upcoming format with a QR').not.toBe('');
  const response = await request.post(`${siteUrl()}/api/payment`, {
    headers: { authorization: `Bearer ${account.token}` },
    data: { email: account.email, tickets: [{ format_public_id: formatId, ticket_count: 1 }] },
  });
  expect(response.status()).toBe(200);
  const payment = await response.json();
  await page.goto(payment.redirect_url);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(/\/basket\/thanks/);
  return payment.order_id as string;
}

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

// The journeys share their accounts and build on each other; a loaded 2-core CI box gets a minute each.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.describe('the personal cabinet', () => {
  let demo: Account;
  let vip: Account;
  let fresh: Account;
  let demoPage: Page;

  test.beforeAll(async ({ browser, request }) => {
    demo = await signIn(request, 'demo@geroi.example', 'Demo1234');
    vip = await signIn(request, 'vip@geroi.example', 'Vip12345');
    fresh = await newAccount(request, 'fresh');
    demoPage = await cabinetPage(browser, demo);
  });

  let transferredTitle = '';

  test('tickets with a QR; a transfer to a second account', async ({ request }) => {
    await buyTicket(demoPage, request, demo);
    await demoPage.goto(`${siteUrl()}/me`);
    await expect(demoPage.getByRole('heading', { level: 1, name: 'Билеты' })).toBeVisible();
    const card = demoPage
      .locator('article.ticket-card')
      .filter({ has: demoPage.getByRole('button', { name: 'Передать билет' }) })
      .last();
    await card.getByRole('button', { name: 'Показать QR-код билета' }).click();
    await expect(card.getByRole('img', { name: /^QR-код билета / })).toBeVisible();
    await expectAxeClean(demoPage);

    transferredTitle = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await card.getByRole('button', { name: 'Передать билет' }).click();
    const dialog = demoPage.getByRole('dialog', { name: 'Передача билета' });
    await dialog.getByLabel('E-mail получателя').fill(vip.email);
    await dialog.getByRole('button', { name: 'Передать' }).click();
    await expect(dialog).toBeHidden();
    await demoPage.getByRole('button', { name: 'Переданные билеты' }).click();
    await expect(demoPage.getByText(`Ожидает подтверждения: ${vip.email}`).first()).toBeVisible();
  });

  test('the second account accepts the ticket and registers it through the participant form', async ({ browser }) => {
    const vipPage = await cabinetPage(browser, vip);
    await vipPage.goto(`${siteUrl()}/me`);
    const incoming = vipPage.locator('article.ticket-card').filter({ hasText: 'Вам передали этот билет' }).first();
    await incoming.getByRole('button', { name: 'Принять билет' }).click();
    const received = vipPage
      .locator('article.ticket-card')
      .filter({ hasText: transferredTitle })
      .filter({ has: vipPage.getByRole('link', { name: 'Зарегистрироваться' }) })
      .first();
    await expect(received).toBeVisible();
    await received.getByRole('link', { name: 'Зарегистрироваться' }).click();

    // The participant form of the basket, on the ticket page.
    const form = vipPage.getByRole('region', { name: 'Регистрация участника' });
    await form.getByRole('textbox', { name: 'Фамилия' }).fill('Сидорова');
    await form.getByRole('textbox', { name: 'Имя' }).fill('Мария');
    await form.getByRole('textbox', { name: 'Телефон' }).pressSequentially('79161234567');
    await form.getByRole('radio', { name: 'Женский' }).check();
    await form.getByRole('textbox', { name: 'Дата рождения' }).pressSequentially('01021990');
    for (const select of await form.getByRole('combobox').all()) {
      const options = await select.locator('option:not([value=""]):not([disabled])').all();
      if (options.length > 0) await select.selectOption({ index: 1 });
    }
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(form.getByText('Билет зарегистрирован')).toBeVisible();
    await expectAxeClean(vipPage);
    await vipPage.goto(`${siteUrl()}/me`);
    const registered = vipPage.getByRole('region', { name: 'Зарегистрированные билеты' });
    await expect(registered.getByRole('link', { name: transferredTitle }).first()).toBeVisible();
    await vipPage.context().close();
  });

  test('a purchase cancelled: the popup, «Возврат выполнен успешно!» with the sum, the ticket gone', async ({ request }) => {
    const orderId = await buyTicket(demoPage, request, demo);
    const ticket = (
      await (await request.get(`${siteUrl()}/api/user/tickets/my`, { headers: { authorization: `Bearer ${demo.token}` } })).json()
    ).values.find((candidate: { order_public_id: string }) => candidate.order_public_id === orderId);
    await demoPage.goto(`${siteUrl()}/me/ticket/${ticket.public_id}`);
    await demoPage.getByRole('button', { name: 'Отменить покупку' }).click();
    await demoPage.getByRole('dialog', { name: 'Отмена покупки' }).getByRole('button', { name: 'Отменить покупку' }).click();
    const done = demoPage.getByRole('dialog', { name: 'Возврат выполнен успешно!' });
    await expect(done.getByText(/^Сумма возврата: \d/)).toBeVisible();
    await done.getByRole('button', { name: 'Закрыть', exact: true }).click();
    const state = (
      await (
        await request.get(`${siteUrl()}/api/user/ticket/${ticket.public_id}`, { headers: { authorization: `Bearer ${demo.token}` } })
      ).json()
    ).status;
    expect(['processing', 'returned']).toContain(state);
    await demoPage.goto(`${siteUrl()}/me`);
    await expect(demoPage.getByRole('heading', { level: 1, name: 'Билеты' })).toBeVisible();
    await expect(demoPage.locator('article.ticket-card').first()).toBeVisible(); // the list has loaded (the demo's own tickets)
    // Awaiting the provider's refund, the card says «Ожидайте возврат»; once refunded, the ticket is gone.
    const card = demoPage.locator('article.ticket-card').filter({ has: demoPage.locator(`a[href="/me/ticket/${ticket.public_id}"]`) });
    if (state === 'processing') await expect(card.getByText('Ожидайте возврат')).toBeVisible();
    else await expect(card).toHaveCount(0);
  });

  test('another session ended: its token is refused; the password changed and used', async ({ browser, request }) => {
    const other = await signIn(request, fresh.email, fresh.password);
    const page = await cabinetPage(browser, fresh);
    await page.goto(`${siteUrl()}/me/session`);
    await expect(page.getByText('Активный сеанс')).toBeVisible();
    await expectAxeClean(page);
    await page.getByRole('button', { name: /^Завершить сеанс/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Сеанс завершён' })).toBeVisible();
    expect((await request.get(`${siteUrl()}/api/user`, { headers: { authorization: `Bearer ${other.token}` } })).status()).toBe(401);
    expect((await request.get(`${siteUrl()}/api/user`, { headers: { authorization: `Bearer ${fresh.token}` } })).status()).toBe(200);

    await page.goto(`${siteUrl()}/me/setting`);
    const section = page.getByRole('region', { name: 'Пароль' });
    await section.getByLabel('Текущий пароль').fill(fresh.password);
    await section.getByLabel('Новый пароль').fill('Changed42');
    await section.getByRole('button', { name: 'Изменить пароль' }).click();
    await expect(section.getByText('Пароль успешно изменен!')).toBeVisible();
    await expectAxeClean(page);
    expect((await request.put(`${siteUrl()}/api/auth`, { data: { email: fresh.email, password: fresh.password } })).status()).toBe(400);
    fresh = { ...(await signIn(request, fresh.email, 'Changed42')), user: fresh.user };
    await page.context().close();
  });

  test('a club joined on its page is found under «Клубы» of the cabinet', async ({ browser, request }) => {
    const page = await cabinetPage(browser, fresh);
    await page.goto(`${siteUrl()}/me/club`);
    await expect(page.getByText('Вы не состоите ни в одном клубе')).toBeVisible();
    await expectAxeClean(page);
    const club = (await (await request.get(`${siteUrl()}/api/clubs`)).json()).values[0];
    await page.goto(`${siteUrl()}/clubs/${club.public_name ?? club.public_id}`);
    await page.getByRole('button', { name: 'Вступить в клуб' }).click();
    await expect(page.getByRole('button', { name: 'Выйти из клуба' })).toBeVisible();
    await page.goto(`${siteUrl()}/me/club`);
    await expect(page.getByRole('heading', { level: 2, name: club.title })).toBeVisible();
    await expect(page.getByRole('link', { name: `Перейти в клуб: ${club.title}` })).toBeVisible();
    await expectAxeClean(page);
    await page.context().close();
  });

  test('an insurance bought through the popup lands in the basket', async () => {
    await demoPage.goto(`${siteUrl()}/me/insurances`);
    await expect(demoPage.getByRole('heading', { level: 1, name: 'Страховки' })).toBeVisible();
    await expectAxeClean(demoPage);
    await demoPage.getByRole('button', { name: 'Купить страховку' }).first().click();
    const dialog = demoPage.getByRole('dialog', { name: 'Выбор события страхования' });
    const event = dialog.getByLabel('Событие');
    await expect(event.locator('option')).not.toHaveCount(1);
    await event.selectOption({ index: 1 });
    await dialog.getByLabel('Город').selectOption({ index: 1 });
    await expect(dialog.getByLabel('Формат').locator('option')).not.toHaveCount(1);
    await dialog.getByLabel('Формат').selectOption({ index: 1 });
    await expect(dialog.getByRole('heading', { level: 3 })).toBeVisible();
    await expectAxeClean(demoPage);
    await dialog.getByRole('checkbox', { name: 'Соглашаюсь с Условиями страхования' }).check();
    await dialog.getByRole('button', { name: 'Купить' }).click();
    await expect(demoPage).toHaveURL(`${siteUrl()}/basket`);
    const goods = await demoPage.evaluate(() => JSON.parse(localStorage.getItem('basketGoods') ?? '[]'));
    expect(goods).toEqual(expect.arrayContaining([expect.objectContaining({ selector: 'insurance', count: 1 })]));
  });

  test('the orders, an order and the settings are axe-clean', async () => {
    for (const path of ['/me/shop', '/me/setting']) {
      await demoPage.goto(`${siteUrl()}${path}`);
      await expect(demoPage.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(demoPage.getByRole('status').filter({ hasText: 'Загрузка' })).toHaveCount(0);
      await expectAxeClean(demoPage);
    }
    await demoPage.getByRole('navigation', { name: 'Разделы личного кабинета' }).getByRole('link', { name: 'Товары' }).click();
    await demoPage
      .getByRole('link', { name: /^Заказ от / })
      .first()
      .click();
    await expect(demoPage.getByRole('heading', { level: 1, name: 'Заказ' })).toBeVisible();
    await expect(demoPage.getByRole('list', { name: 'Товары заказа' })).toBeVisible();
    await expectAxeClean(demoPage);
  });
});
