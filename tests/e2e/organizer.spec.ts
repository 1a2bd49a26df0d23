// The organiser's back office (issue 31), as an organiser and a visitor meet it: the organiser opens a new
// format and a promocode, a visitor buys the format with the code through the sandbox, the dashboard, the
// search and the participants export show the purchase, a volunteer granted by e-mail scans the ticket —
// and the screens are looked at at 1280 and 360 px.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmedAccount, signedInPage, siteUrl } from './helpers';

interface Account {
  token: string;
  user: unknown;
}

async function signIn(request: APIRequestContext, email: string, password: string): Promise<Account> {
  const response = await request.put(`${siteUrl()}/api/auth`, { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return response.json();
}

const auth = (who: Account) => ({ authorization: `Bearer ${who.token}` });

/** Nothing on the page is wider than the window (no sideways scrolling of the whole page). */
async function fitsWidth(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test('an organiser opens a format and a promocode; a visitor buys with it; the dashboard, search, export and a granted volunteer see it', async ({
  browser,
  request,
}) => {
  const org = await signIn(request, 'org@geroi.example', 'Org12345');
  const places = (await (await request.get(`${siteUrl()}/api/organizer/events`, { headers: auth(org) })).json()).values as {
    public_id: string;
    title: string;
    city: string;
    start_time: string;
  }[];
  const place = places.find((candidate) => new Date(candidate.start_time).getTime() > Date.now() + 7 * 86_400_000)!;
  const stamp = Date.now().toString(36).toUpperCase();
  const formatName = `Полумарафон ${stamp}`;
  const code = `E2E${stamp}`;

  // The organiser, at 1280 px: the event's formats, a new one.
  const desk = await signedInPage(browser, org, { width: 1280, height: 900 });
  await desk.goto(`${siteUrl()}/organizer`);
  await expect(desk.getByRole('heading', { name: 'Кабинет организатора' })).toBeVisible();
  await expect(desk.getByRole('heading', { name: /Забег Героев/ }).first()).toBeVisible();
  await desk
    .getByRole('link', { name: new RegExp(`${place.title}.*${place.city}`) })
    .first()
    .click();
  await desk.getByRole('link', { name: 'Форматы', exact: true }).click();
  await desk.getByRole('button', { name: 'Новый формат' }).click();
  const form = desk.getByRole('form', { name: 'Новый формат' });
  await form.getByLabel('Название').fill(formatName);
  await form.getByLabel('Цена, ₽').fill('1500');
  await form.getByLabel('Билетов', { exact: true }).fill('10');
  await form.getByRole('button', { name: 'Создать' }).click();
  await expect(desk.getByRole('rowheader', { name: formatName })).toBeVisible();

  // A promocode for the event city, 20 %.
  await desk.getByRole('link', { name: 'Промокоды', exact: true }).click();
  const promo = desk.getByRole('form', { name: 'Новый промокод' });
  await promo.getByRole('textbox', { name: 'Код' }).fill(code);
  await promo.getByLabel('Скидка, %').fill('20');
  await promo.getByLabel('На одного человека, не больше').fill('1');
  await promo.getByRole('button', { name: 'Создать' }).click();
  await expect(promo.getByRole('status')).toContainText(`Коды созданы: ${code}`);
  await expect(desk.getByRole('row', { name: new RegExp(code) })).toContainText('на человека ≤ 1');

  // The visitor: the new format is on the public event page's data at once, the code applies, the sandbox takes the money.
  const buyer = await signIn(request, 'demo@geroi.example', 'Demo1234');
  const formats = (await (await request.get(`${siteUrl()}/api/event_format/event/${place.public_id}`)).json()).values as {
    public_id: string;
    title: string;
  }[];
  const format = formats.find((candidate) => candidate.title === formatName)!;
  expect(format, 'the new format on the public site').toBeDefined();
  const check = await request.get(`${siteUrl()}/api/promocode/check/ticket/${code}/${format.public_id}`);
  expect(check.status(), await check.text()).toBe(200);
  expect((await check.json()).promocode.price).toBe(1200);
  const payment = await request.post(`${siteUrl()}/api/payment`, {
    headers: auth(buyer),
    data: { email: 'demo@geroi.example', tickets: [{ format_public_id: format.public_id, ticket_count: 1, promocode: code }] },
  });
  expect(payment.status(), await payment.text()).toBe(200);
  const paid = await payment.json();
  const pay = await browser.newPage();
  await pay.goto(paid.redirect_url);
  await pay.getByRole('button', { name: 'Оплатить' }).click();
  await expect(pay).toHaveURL(/\/basket\/thanks/);
  await pay.close();

  // The dashboard counts it (and the code's use); the search finds the order; the export lists the participant.
  await desk.getByRole('link', { name: 'Обзор', exact: true }).click();
  await expect(desk.getByRole('img', { name: new RegExp(`Билеты по форматам: .*${formatName} — Продано 1`) })).toBeAttached();
  await expect(desk.getByRole('region', { name: 'Промокоды' })).toContainText(code);
  await desk.getByRole('link', { name: 'Участники', exact: true }).click();
  await desk.getByRole('searchbox', { name: 'Поиск' }).fill(paid.order_id);
  await desk.getByRole('button', { name: 'Найти' }).click();
  await desk.getByRole('link', { name: paid.order_id.slice(0, 8) }).click();
  await expect(desk.getByRole('heading', { name: new RegExp(`Заказ ${paid.order_id}`) })).toBeVisible();
  await expect(desk.getByRole('cell', { name: /−300 ₽/ })).toBeVisible();
  const csv = await request.get(
    `${siteUrl()}/api/organizer/event_city/${place.public_id}/participants.csv?format_public_id=${format.public_id}`,
    {
      headers: auth(org),
    },
  );
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`,${formatName},Петров,Иван,`);
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    (async () => {
      await desk.goto(`${siteUrl()}/organizer/event/${place.public_id}/participants`);
      await desk.getByRole('button', { name: 'XLSX' }).first().click();
    })(),
  ]);
  expect(download.suggestedFilename()).toBe(`participants-${place.public_id}.xlsx`);

  // A volunteer with a confirmed e-mail gets the scanner by e-mail and checks the ticket in.
  const volunteer = await confirmedAccount(request, 'volunteer', 'Volunteer1');
  await desk.getByRole('link', { name: 'Персонал', exact: true }).click();
  await desk.getByLabel('E-mail').fill(volunteer.email);
  await desk.getByRole('button', { name: 'Назначить на сканер' }).click();
  await expect(desk.getByRole('rowheader', { name: new RegExp(volunteer.email) })).toBeVisible();
  const letter = (await (await request.get(`${siteUrl()}/dev/outbox.json?to=${encodeURIComponent(volunteer.email)}&channel=email`)).json())
    .values[0];
  expect(letter.meta.kind).toBe('staff_granted');

  const tickets = (await (await request.get(`${siteUrl()}/api/user/tickets/my`, { headers: auth(buyer) })).json()).values as {
    qr_code: string | null;
    event_format: { public_id: string };
  }[];
  const ticket = tickets.find((candidate) => candidate.event_format.public_id === format.public_id && candidate.qr_code)!;
  const phone = await signedInPage(browser, volunteer, { width: 360, height: 740 });
  await phone.goto(`${siteUrl()}/staff/checkin`);
  // On a phone the scanner is the whole screen: no site header or footer.
  await expect(phone.getByRole('heading', { name: 'Отметка участников' })).toBeVisible();
  await expect(phone.locator('.site-header')).toBeHidden();
  await expect(phone.locator('.site-footer')).toBeHidden();
  await phone
    .getByRole('button', { name: new RegExp(place.title) })
    .first()
    .click();
  await phone.getByRole('textbox', { name: 'Код с ручного сканера' }).fill(ticket.qr_code!);
  await phone.getByRole('button', { name: 'Проверить' }).click();
  await expect(phone.getByRole('alert')).toHaveAttribute('aria-label', 'Проходите');
  await phone.screenshot({ path: test.info().outputPath('scanner-360.png') });

  // The volunteer's scan is on the staff list; the audit log has every change made above.
  await desk.reload();
  await expect(
    desk
      .getByRole('row', { name: new RegExp(volunteer.email) })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');
  await desk.getByRole('link', { name: 'Журнал изменений' }).first().click();
  for (const action of ['staff.granted', 'promocode.created', 'format.created']) await expect(desk.getByText(action).first()).toBeVisible();
  await desk.screenshot({ path: test.info().outputPath('organizer-1280.png'), fullPage: true });

  // At 360 px the back office still fits the phone.
  const small = await signedInPage(browser, org, { width: 360, height: 740 });
  for (const path of ['/organizer', `/organizer/event/${place.public_id}`, `/organizer/event/${place.public_id}/formats`]) {
    await small.goto(`${siteUrl()}${path}`);
    await expect(small.getByRole('heading', { name: 'Кабинет организатора' })).toBeVisible();
    await fitsWidth(small);
  }
  await small.screenshot({ path: test.info().outputPath('organizer-360.png'), fullPage: true });
});

test('an organiser refunds one line of an order: a confirm, then «Возврат ожидается» on that line alone', async ({ browser, request }) => {
  const buyer = await signIn(request, 'demo@geroi.example', 'Demo1234');
  const org = await signIn(request, 'org@geroi.example', 'Org12345');
  // Two upcoming individual formats of the seed's organisation, with places left: two lines.
  const ours = new Set(
    ((await (await request.get(`${siteUrl()}/api/organizer/events`, { headers: auth(org) })).json()).values as { public_id: string }[]).map(
      (place) => place.public_id,
    ),
  );
  const open: { public_id: string }[] = [];
  for (const event of (await (await request.get(`${siteUrl()}/api/event/list`)).json()).values)
    for (const city of (event.event_city as { public_id: string }[]).filter((candidate) => ours.has(candidate.public_id))) {
      const formats = (await (await request.get(`${siteUrl()}/api/event_format/event/${city.public_id}`)).json()).values;
      for (const format of formats as { public_id: string; is_team: boolean; tickets_left: Record<string, number> }[])
        if (open.length < 2 && !format.is_team && (format.tickets_left.athlete ?? 0) > 5) open.push(format);
    }
  expect(open.length).toBe(2);
  const payment = await request.post(`${siteUrl()}/api/payment`, {
    headers: auth(buyer),
    data: { email: 'demo@geroi.example', tickets: open.map((format) => ({ format_public_id: format.public_id, ticket_count: 1 })) },
  });
  expect(payment.status(), await payment.text()).toBe(200);
  const paid = await payment.json();
  const pay = await browser.newPage();
  await pay.goto(paid.redirect_url);
  await pay.getByRole('button', { name: 'Оплатить' }).click();
  await expect(pay).toHaveURL(/\/basket\/thanks/);
  await pay.close();

  const desk = await signedInPage(browser, org, { width: 1280, height: 900 });
  await desk.goto(`${siteUrl()}/organizer/orders/${paid.order_id}`);
  await expect(desk.getByRole('heading', { name: new RegExp(`Заказ ${paid.order_id}`) })).toBeVisible();
  const buttons = desk.getByRole('button', { name: /^Вернуть позицию/ });
  await expect(buttons).toHaveCount(2);
  let asked = '';
  desk.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await buttons.first().click();
  await expect(desk.getByText(/Возврат ожидается/)).toBeVisible();
  expect(asked).toMatch(/^Вернуть деньги за «.+»\?/);
  // The other line can still be refunded; the history records the line's refund.
  await expect(desk.getByRole('button', { name: /^Вернуть позицию/ })).toHaveCount(1);
  await expect(desk.getByText('order.line_refunded')).toBeVisible();
  await expect(desk.getByRole('cell', { name: 'Ожидайте возврат' })).toBeVisible();
  await desk.screenshot({ path: test.info().outputPath('order-line-refund-1280.png'), fullPage: true });

  const small = await signedInPage(browser, org, { width: 360, height: 740 });
  await small.goto(`${siteUrl()}/organizer/orders/${paid.order_id}`);
  await expect(small.getByText(/Возврат ожидается/)).toBeVisible();
  await small.screenshot({ path: test.info().outputPath('order-line-refund-360.png'), fullPage: true });
  await fitsWidth(small);
});

test('an organiser makes a new event with a format asking a question and goods of its own; a visitor sees them', async ({
  browser,
  request,
}) => {
  const org = await signIn(request, 'org@geroi.example', 'Org12345');
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Трейл ${stamp}`;
  const desk = await signedInPage(browser, org, { width: 1280, height: 900 });
  await desk.goto(`${siteUrl()}/organizer`);
  await desk.getByRole('button', { name: 'Новое событие' }).click();
  const form = desk.getByRole('form', { name: 'Новое событие' });
  await form.getByLabel('Название события').fill(title);
  await form.getByLabel('Вид события').selectOption({ index: 1 });
  await form.getByLabel('Город').selectOption({ index: 1 });
  const start = new Date(Date.now() + 60 * 86_400_000);
  const local = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await form.getByLabel('Старт', { exact: true }).fill(local(start));
  // Registration closing after the start: the server's rule, in Russian, and nothing typed is lost.
  await form.getByLabel('Регистрация закрывается').fill(local(new Date(start.getTime() + 86_400_000)));
  await form.getByLabel('Место старта').fill('Лесопарк, главный вход');
  await form.getByLabel('Описание').fill('Трейл по лесным тропам.');
  await form.getByRole('button', { name: 'Создать' }).click();
  await expect(form.getByRole('alert')).toHaveText('Регистрация должна открываться раньше, чем закрывается, и закрываться не позже старта');
  await expect(form.getByLabel('Название события')).toHaveValue(title);
  await form.getByLabel('Регистрация закрывается').fill(local(new Date(start.getTime() - 86_400_000)));
  await form.getByRole('button', { name: 'Создать' }).click();

  // Its formats tab: a format asking the participants one question.
  await expect(desk.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  await desk.getByRole('button', { name: 'Новый формат' }).click();
  const format = desk.getByRole('form', { name: 'Новый формат' });
  await format.getByLabel('Название').fill('Трейл 15 км');
  await format.getByLabel('Цена, ₽').fill('1800');
  await format.getByLabel('Билетов', { exact: true }).fill('50');
  await format.getByRole('button', { name: 'Добавить поле' }).click();
  await format.getByLabel('Имя поля (латиницей)').fill('club');
  await format.getByLabel('Вопрос участнику').fill('Ваш беговой клуб');
  await format.getByRole('button', { name: 'Создать' }).click();
  await expect(desk.getByRole('rowheader', { name: 'Трейл 15 км' })).toBeVisible();

  // Its goods: a cap in two sizes.
  await desk.getByRole('link', { name: 'Товары', exact: true }).click();
  await expect(desk.getByText('У этого события пока нет товаров')).toBeVisible();
  await desk.getByRole('button', { name: 'Новый товар' }).click();
  const goods = desk.getByRole('form', { name: 'Новый товар' });
  await goods.getByLabel('Название товара').fill(`Кепка ${stamp}`);
  await goods.getByLabel('Цена, ₽').fill('900');
  await goods.getByLabel('Размер', { exact: true }).fill('S');
  await goods.getByLabel('Остаток', { exact: true }).fill('5');
  await goods.getByRole('button', { name: 'Добавить размер' }).click();
  await goods.getByLabel('Размер', { exact: true }).nth(1).fill('M');
  await goods.getByLabel('Остаток', { exact: true }).nth(1).fill('7');
  await goods.getByRole('button', { name: 'Создать' }).click();
  await expect(desk.getByRole('heading', { name: `Кепка ${stamp}` })).toBeVisible();
  await expect(desk.getByText('M: 7')).toBeVisible();
  await desk.screenshot({ path: test.info().outputPath('organizer-goods-1280.png'), fullPage: true });

  // A visitor: the event's page with the format, the product's page.
  const mine = (await (await request.get(`${siteUrl()}/api/organizer/events`, { headers: auth(org) })).json()).values as {
    public_id: string;
    event_public_id: string;
    title: string;
  }[];
  const made = mine.find((place) => place.title === title)!;
  const product = (
    (await (await request.get(`${siteUrl()}/api/organizer/event/${made.event_public_id}/products`, { headers: auth(org) })).json())
      .values as { public_id: string }[]
  )[0]!;
  const visitor = await browser.newPage();
  await visitor.goto(`${siteUrl()}/event/${made.event_public_id}`);
  await expect(visitor.getByRole('heading', { name: title }).first()).toBeVisible();
  await expect(visitor.getByText('Трейл 15 км').first()).toBeVisible();
  await visitor.goto(`${siteUrl()}/shop/product/${product.public_id}`);
  await expect(visitor.getByRole('heading', { name: `Кепка ${stamp}` })).toBeVisible();
  const formats = (await (await request.get(`${siteUrl()}/api/event_format/event/${made.public_id}`)).json()).values as {
    additional_fields?: { name: string; label: string }[];
  }[];
  expect(JSON.stringify(formats)).toContain('Ваш беговой клуб');
});

test('another organisation sees none of it, a signed-out visitor is sent to sign in', async ({ browser, request }) => {
  const north = await signIn(request, 'north@geroi.example', 'North1234');
  const page = await signedInPage(browser, north);
  await page.goto(`${siteUrl()}/organizer`);
  await expect(page.getByRole('heading', { name: /Северный полумарафон/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Забег Героев/ })).toHaveCount(0);
  const guest = await browser.newPage();
  await guest.goto(`${siteUrl()}/organizer`);
  await expect(guest).toHaveURL(/\/login/);
});
