// The personal cabinet against the running demo, as a person uses it (accounts-sso §2.5–§2.12): the
// tickets with a QR, a transfer confirmed by a second account which registers it through the
// participant form, a purchase cancelled — «Ожидайте возврат» until the provider settles the refund,
// then refunded —, another session ended and its token refused, the password changed and used, the
// e-mail changed and confirmed by its letter, a phone added with its SMS code, a club joined, an
// insurance bought through the popup, axe on every screen. Signed in through the API (PUT /api/auth):
// signing in itself is the sign-in spec's. What the journeys change they change on fresh accounts, so
// the suite runs again on the same demo; the demo account is only read (its orders).
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { confirmedAccount, type SiteAccount, signedInPage, siteUrl } from './helpers';

async function signIn(request: APIRequestContext, email: string, password: string): Promise<SiteAccount> {
  const response = await request.put(`${siteUrl()}/api/auth`, { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const { token, user } = await response.json();
  return { email, password, token, user };
}

/** A new account, its e-mail confirmed through the letter's link in the dev outbox. */
const newAccount = (request: APIRequestContext, label: string) => confirmedAccount(request, `cabinet.${label}`, 'Cabinet1');

/** A page signed in as `account`. */
const cabinetPage = (browser: Browser, account: SiteAccount): Promise<Page> => signedInPage(browser, account);

/** The newest message the demo outbox holds for an address or phone. */
async function lastMessage(request: APIRequestContext, to: string, channel: 'email' | 'sms', kind: string) {
  let message: { text: string; meta: Record<string, string> } | undefined;
  await expect
    .poll(async () => {
      const outbox = await (await request.get(`${siteUrl()}/dev/outbox.json?to=${encodeURIComponent(to)}&channel=${channel}`)).json();
      message = outbox.values?.find((candidate: { meta?: { kind?: string } }) => candidate.meta?.kind === kind);
      return Boolean(message);
    }, `a ${kind} message to ${to}`)
    .toBe(true);
  return message!;
}

/**
 * Buys one ticket of an upcoming format for `account` and pays on the sandbox page; answers its order
 * id and the sandbox's page of the payment (where its refund is later settled).
 */
async function buyTicket(page: Page, request: APIRequestContext, account: SiteAccount): Promise<{ orderId: string; payUrl: string }> {
  const events = (await (await request.get(`${siteUrl()}/api/event/list`)).json()).values;
  let formatId = '';
  for (const event of events) {
    for (const city of event.event_city) {
      const formats = (await (await request.get(`${siteUrl()}/api/event_format/event/${city.public_id}`)).json()).values;
      const format = formats.find(
        (candidate: {
          is_team: boolean;
          tickets_left: Record<string, number>;
          qr?: boolean;
          age_min?: number | null;
          age_max?: number | null;
          additional_fields?: { required: boolean }[];
        }) =>
          // An adult's format (the participant registered later is born in 1990) asking nothing more.
          !candidate.is_team &&
          (candidate.tickets_left.athlete ?? 0) > 5 &&
          candidate.qr &&
          (candidate.age_min ?? 0) <= 18 &&
          (candidate.age_max ?? 100) >= 60 &&
          !candidate.additional_fields?.some((field) => field.required),
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
  return { orderId: payment.order_id as string, payUrl: payment.redirect_url as string };
}

async function expectAxeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

// The journeys share their accounts and build on each other; a loaded 2-core CI box gets a minute each.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.describe('the personal cabinet', () => {
  let demo: SiteAccount;
  let buyer: SiteAccount;
  let recipient: SiteAccount;
  let fresh: SiteAccount;
  let buyerPage: Page;

  test.beforeAll(async ({ browser, request }) => {
    demo = await signIn(request, 'demo@geroi.example', 'Demo1234');
    buyer = await newAccount(request, 'buyer');
    recipient = await newAccount(request, 'recipient');
    fresh = await newAccount(request, 'fresh');
    buyerPage = await cabinetPage(browser, buyer);
  });

  let transferredTitle = '';

  test('tickets with a QR; a transfer to a second account', async ({ request }) => {
    await buyTicket(buyerPage, request, buyer);
    await buyerPage.goto(`${siteUrl()}/me`);
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Билеты' })).toBeVisible();
    const card = buyerPage
      .locator('article.ticket-card')
      .filter({ has: buyerPage.getByRole('button', { name: 'Передать билет' }) })
      .last();
    await card.getByRole('button', { name: 'Показать QR-код билета' }).click();
    await expect(card.getByRole('img', { name: /^QR-код билета / })).toBeVisible();
    await expectAxeClean(buyerPage);

    transferredTitle = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await card.getByRole('button', { name: 'Передать билет' }).click();
    const dialog = buyerPage.getByRole('dialog', { name: 'Передача билета' });
    await dialog.getByLabel('E-mail получателя').fill(recipient.email);
    await dialog.getByRole('button', { name: 'Передать' }).click();
    await expect(dialog).toBeHidden();
    await buyerPage.getByRole('button', { name: 'Переданные билеты' }).click();
    await expect(buyerPage.getByText(`Ожидает подтверждения: ${recipient.email}`).first()).toBeVisible();
  });

  test('the second account accepts the ticket and registers it through the participant form', async ({ browser }) => {
    const recipientPage = await cabinetPage(browser, recipient);
    await recipientPage.goto(`${siteUrl()}/me`);
    const incoming = recipientPage.locator('article.ticket-card').filter({ hasText: 'Вам передали этот билет' }).first();
    await incoming.getByRole('button', { name: 'Принять билет' }).click();
    const received = recipientPage
      .locator('article.ticket-card')
      .filter({ hasText: transferredTitle })
      .filter({ has: recipientPage.getByRole('link', { name: 'Зарегистрироваться' }) })
      .first();
    await expect(received).toBeVisible();
    await received.getByRole('link', { name: 'Зарегистрироваться' }).click();

    // The participant form of the basket, on the ticket page.
    const form = recipientPage.getByRole('region', { name: 'Регистрация участника' });
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
    // accounts-sso §4.5: after the registration the visitor goes to «Билеты» (/me).
    await expect(recipientPage).toHaveURL(`${siteUrl()}/me`);
    await expectAxeClean(recipientPage);
    const registered = recipientPage.getByRole('region', { name: 'Зарегистрированные билеты' });
    await expect(registered.getByRole('link', { name: transferredTitle }).first()).toBeVisible();
    await recipientPage.context().close();
  });

  test('a purchase cancelled: the popup with the sum, «Ожидайте возврат» until the provider refunds, then refunded', async ({
    request,
  }) => {
    const { orderId, payUrl } = await buyTicket(buyerPage, request, buyer);
    const ticket = (
      await (await request.get(`${siteUrl()}/api/user/tickets/my`, { headers: { authorization: `Bearer ${buyer.token}` } })).json()
    ).values.find((candidate: { order_public_id: string }) => candidate.order_public_id === orderId);
    await buyerPage.goto(`${siteUrl()}/me/ticket/${ticket.public_id}`);
    await buyerPage.getByRole('button', { name: 'Отменить покупку' }).click();
    await buyerPage.getByRole('dialog', { name: 'Отмена покупки' }).getByRole('button', { name: 'Отменить покупку' }).click();
    const done = buyerPage.getByRole('dialog', { name: 'Возврат выполнен успешно!' });
    await expect(done.getByText(/^Сумма возврата: \d/)).toBeVisible();
    await done.getByRole('button', { name: 'Закрыть', exact: true }).click();

    // The provider has taken the refund and not made it yet: the card waits.
    await buyerPage.goto(`${siteUrl()}/me`);
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Билеты' })).toBeVisible();
    const card = buyerPage.locator('article.ticket-card').filter({ has: buyerPage.locator(`a[href="/me/ticket/${ticket.public_id}"]`) });
    await expect(card.getByText('Ожидайте возврат')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Зарегистрироваться' })).toHaveCount(0);

    // The sandbox provider settles it (as a real one does later) and notifies the site.
    const sandbox = await buyerPage.context().newPage();
    await sandbox.goto(payUrl);
    await expect(sandbox.getByText('Покупку отменили: возврат оформлен и ждёт проведения.')).toBeVisible();
    await sandbox.getByRole('button', { name: 'Провести возврат' }).click();
    await expect(sandbox.getByText('Оплата возвращена.')).toBeVisible();
    await sandbox.close();

    // Refunded: gone from the list, and its own page says so.
    await buyerPage.reload();
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Билеты' })).toBeVisible();
    // Its only other ticket went to the recipient: the list, loaded, is empty.
    await expect(buyerPage.getByText('У вас пока нет билетов')).toBeVisible();
    await expect(card).toHaveCount(0);
    await buyerPage.goto(`${siteUrl()}/me/ticket/${ticket.public_id}`);
    await expect(buyerPage.getByText('Возврат выполнен', { exact: true })).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: 'Отменить покупку' })).toHaveCount(0);
    await expectAxeClean(buyerPage);
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

  test('the e-mail changed with the current password and confirmed through its letter', async ({ browser, request }) => {
    const account = await newAccount(request, 'contact');
    const page = await cabinetPage(browser, account);
    await page.goto(`${siteUrl()}/me/setting`);
    const section = page.getByRole('region', { name: 'E-mail' });
    await expect(section.getByText(account.email)).toBeVisible();
    await expect(section.getByText('Ваш email подтвержден')).toBeVisible();
    await section.getByRole('button', { name: 'Изменить' }).click();
    const newEmail = account.email.replace('cabinet.contact.', 'cabinet.moved.');
    await section.getByRole('textbox', { name: 'Новый e-mail' }).fill(newEmail);
    // The server asks for proof: a wrong password changes nothing.
    await section.getByLabel('Текущий пароль (для подтверждения)').fill('Wrong123');
    await section.getByRole('button', { name: 'Отправить ссылку' }).click();
    await expect(section.getByText('Неверный текущий пароль')).toBeVisible();
    await section.getByLabel('Текущий пароль (для подтверждения)').fill(account.password);
    await expect(section.getByRole('button', { name: 'Отправить ссылку' })).toBeEnabled();
    await section.getByRole('button', { name: 'Отправить ссылку' }).click();
    await expect(section.getByText(`Письмо со ссылкой отправлено на ${newEmail}`)).toBeVisible();
    await expect(section.getByText('Ваш email не подтвержден')).toBeVisible();
    await expectAxeClean(page);

    // The letter's link, opened in the same browser, confirms the new address.
    const letter = await lastMessage(request, newEmail, 'email', 'email_change');
    await page.goto(letter.meta.link!);
    await expect(page.getByText(`Новая почта ${newEmail} подтверждена`)).toBeVisible();
    await page.getByRole('link', { name: 'В настройки' }).click();
    await expect(page.getByRole('region', { name: 'E-mail' }).getByText(newEmail)).toBeVisible();
    await expect(page.getByRole('region', { name: 'E-mail' }).getByText('Ваш email подтвержден')).toBeVisible();
    // The old address is told; the account now signs in with the new one.
    expect((await lastMessage(request, account.email, 'email', 'account_notice')).text).toContain(newEmail);
    await signIn(request, newEmail, account.password);

    // A phone added: its SMS code, typed in, confirms it.
    const phone = `79${String(Date.now()).slice(-9)}`;
    const phoneSection = page.getByRole('region', { name: 'Телефон' });
    await phoneSection.getByRole('textbox', { name: 'Новый телефон' }).fill(phone);
    await phoneSection.getByLabel('Текущий пароль (для подтверждения)').fill(account.password);
    await phoneSection.getByRole('button', { name: 'Получить код' }).click();
    await expect(phoneSection.getByText('Ваш телефон не подтвержден')).toBeVisible();
    const sms = await lastMessage(request, phone, 'sms', 'phone_change');
    await phoneSection.getByRole('textbox', { name: 'Код из СМС' }).fill(sms.meta.code!);
    await expect(phoneSection.getByText(`+${phone}`)).toBeVisible();
    await expect(phoneSection.getByText('Ваш телефон подтвержден').first()).toBeVisible();
    await expectAxeClean(page);
    const user = await (await request.get(`${siteUrl()}/api/user`, { headers: { authorization: `Bearer ${account.token}` } })).json();
    expect(user.user).toMatchObject({ email: newEmail, email_confirmed: true, phone, phone_confirmed: true });
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
    await buyerPage.goto(`${siteUrl()}/me/insurances`);
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Страховки' })).toBeVisible();
    await expectAxeClean(buyerPage);
    await buyerPage.getByRole('button', { name: 'Купить страховку' }).first().click();
    const dialog = buyerPage.getByRole('dialog', { name: 'Выбор события страхования' });
    const event = dialog.getByLabel('Событие');
    await expect(event.locator('option')).not.toHaveCount(1);
    await event.selectOption({ index: 1 });
    await dialog.getByLabel('Город').selectOption({ index: 1 });
    await expect(dialog.getByLabel('Формат').locator('option')).not.toHaveCount(1);
    await dialog.getByLabel('Формат').selectOption({ index: 1 });
    await expect(dialog.getByRole('heading', { level: 3 })).toBeVisible();
    await expectAxeClean(buyerPage);
    await dialog.getByRole('checkbox', { name: 'Соглашаюсь с Условиями страхования' }).check();
    await dialog.getByRole('button', { name: 'Купить' }).click();
    await expect(buyerPage).toHaveURL(`${siteUrl()}/basket`);
    const goods = await buyerPage.evaluate(() => JSON.parse(localStorage.getItem('basketGoods') ?? '[]'));
    expect(goods).toEqual(expect.arrayContaining([expect.objectContaining({ selector: 'insurance', count: 1 })]));
  });

  test('the orders, an order and the settings are axe-clean', async ({ browser }) => {
    // The demo account's own orders, only read.
    const demoPage = await cabinetPage(browser, demo);
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
    await demoPage.context().close();
  });
});
