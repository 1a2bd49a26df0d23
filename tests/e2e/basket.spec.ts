// The basket and checkout as a person uses them (issue 13): participant tickets and a team from event
// pages, a sized shop item, counts, insurance, participant forms, a promocode, courier delivery, the
// sandbox payment and the way back; a
// decline keeps the basket; a count the stock cannot give shows its popup; the vip discount; two tabs;
// axe with each popup open. One shared demo (global setup), few page loads.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { threeLineBasket } from '../../bench/basket-lines.mjs';

const siteUrl = () => process.env.E2E_SITE_URL as string;

interface Format {
  public_id: string;
  title: string;
  price: number;
  is_team: boolean;
  fixed_count: boolean;
  team_all: boolean;
  max_count: number;
  insurance_available: boolean;
  tickets_left: Record<string, number>;
  buy_limit: number | null;
}

/** An event city selling an insurable individual format and a fixed-size team format, with places left. */
async function eventWithFormats(request: APIRequestContext) {
  const events = (await (await request.get(`${siteUrl()}/api/event/list`)).json()).values;
  for (const event of events) {
    for (const city of event.event_city) {
      if (new Date(city.start_time).getTime() < Date.now() + 86_400_000) continue;
      const formats: Format[] = (await (await request.get(`${siteUrl()}/api/event_format/event/${city.public_id}`)).json()).values;
      const single = formats.find(
        (format) =>
          !format.is_team && format.insurance_available && (format.tickets_left.athlete ?? 0) > 10 && (format.buy_limit ?? 10) >= 3,
      );
      const team = formats.find(
        (format) => format.is_team && format.fixed_count && (format.tickets_left.athlete ?? 0) > format.max_count * 2,
      );
      if (single && team) return { event, city, single, team };
    }
  }
  throw new Error('no event city with an individual and a team format');
}

/** An upcoming event city selling a preregistration format a guest can fill in the basket (no files, no clusters, no select). */
async function preregistrationFormat(request: APIRequestContext) {
  const events = (await (await request.get(`${siteUrl()}/api/event/list`)).json()).values;
  for (const event of events) {
    for (const city of event.event_city) {
      if (new Date(city.start_time).getTime() < Date.now() + 86_400_000) continue;
      const formats = (await (await request.get(`${siteUrl()}/api/event_format/event/${city.public_id}`)).json()).values as (Format & {
        preregistration: boolean;
        license_file: boolean;
        clusters: unknown[] | null;
        select: unknown;
        additional_fields: { required: boolean }[] | null;
      })[];
      const format = formats.find(
        (candidate) =>
          candidate.preregistration &&
          !candidate.license_file &&
          candidate.insurance_available &&
          !candidate.is_team &&
          !candidate.clusters?.length &&
          !candidate.select &&
          !candidate.additional_fields?.some((field) => field.required) &&
          (candidate.tickets_left.athlete ?? 0) > 10,
      );
      if (format) return { event, city, format };
    }
  }
  throw new Error('no event city with a preregistration format');
}

/** A shop product of several sizes, one of them in stock. */
async function sizedProduct(request: APIRequestContext) {
  const products = (await (await request.get(`${siteUrl()}/api/shop/items/home`)).json()).values;
  const product = products.find(
    (candidate: { proportions: { count: number }[] }) =>
      candidate.proportions.length > 1 && candidate.proportions.some((size) => size.count > 2),
  );
  if (!product) throw new Error('no sized product');
  return product as { public_id: string; title: string; price: number };
}

const formatCard = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const line = (page: Page, title: string) =>
  page.locator('article.basket-line').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const rubles = (kopecks: number) =>
  `${Math.round(kopecks / 100)
    .toLocaleString('ru-RU')
    .replace(/\s/g, '\u00a0')}\u00a0₽`;

async function addTicket(page: Page, eventId: string, cityId: string, title: string) {
  await page.goto(`${siteUrl()}/calendar/${eventId}?city=${cityId}`);
  await formatCard(page, title).getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(formatCard(page, title).getByRole('link', { name: /корзин/i })).toBeVisible();
}

/** Picks the first option that can be chosen, when the form has this select (it depends on the format and stock). */
async function chooseFirstOption(select: Locator) {
  if ((await select.count()) === 0) return;
  const value = await select
    .locator('option:not([disabled])')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).find((candidate) => candidate !== ''));
  if (value) await select.selectOption(value);
}

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

test('a guest buys two participant tickets with insurance, a named team and a sized item with a promocode by courier, pays and finds the tickets', async ({
  page,
  request,
}) => {
  const { event, city, team } = await eventWithFormats(request);
  const trail = await preregistrationFormat(request);
  const product = await sizedProduct(request);

  await addTicket(page, trail.event.public_id, trail.city.public_id, trail.format.title);
  await addTicket(page, event.public_id, city.public_id, team.title);
  await page.goto(`${siteUrl()}/shop/product/${product.public_id}`);
  await page.locator('label.size-option:not(.size-option--disabled)').first().click();
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 3' })).toBeVisible();

  // With goods in the basket, the header loads the basket screen's code once the page is idle:
  // following its link then waits for none of the screen's chunks (the participants' forms, which
  // only some lines show, still load when shown).
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /\/basket-body-[\w-]+\.js$/.test(entry.name))))
    .toBe(true);
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  await page.getByRole('link', { name: 'Корзина, товаров: 3' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();
  expect(scripts.filter((url) => /\/basket(-body)?-[\w-]+\.js$/.test(url))).toEqual([]);
  // Two participants of the preregistration format: a second ticket, each in its tab «Билет N».
  const card = line(page, trail.format.title);
  await expect(card.getByRole('button', { name: /^Билет/ })).toHaveCount(0);
  await card.getByRole('button', { name: `Увеличить количество: ${trail.format.title}` }).click();
  await expect(card.getByRole('status', { name: 'Количество', exact: true })).toHaveText('2');
  await expect(card.getByRole('button', { name: /^Билет \d/ })).toHaveCount(2);
  await card.getByRole('checkbox', { name: /Страховка участника/ }).check();
  await expect(card.getByRole('checkbox', { name: /Страховка:/ })).toBeChecked();
  await expect(page.getByRole('complementary', { name: 'Ваш заказ' }).getByRole('term').filter({ hasText: 'Страховка' })).toBeVisible();

  const pay = page.getByRole('button', { name: /^Оплатить/ });
  await expect(page.getByText('Заполните данные всех участников')).toBeVisible();
  const participants = [
    { tab: 'Билет 1', last: 'Иванов', first: 'Пётр', phone: '79991112233', gender: 'Мужской', birth: '15051990' },
    { tab: 'Билет 2', last: 'Иванова', first: 'Мария', phone: '79994445566', gender: 'Женский', birth: '02111992' },
  ];
  for (const person of participants) {
    await card.getByRole('button', { name: new RegExp(`^${person.tab}`) }).click();
    await expect(card.getByRole('button', { name: new RegExp(`^${person.tab}`) })).toHaveAttribute('aria-pressed', 'true');
    await card.getByRole('textbox', { name: 'Фамилия', exact: true }).fill(person.last);
    await card.getByRole('textbox', { name: 'Имя', exact: true }).fill(person.first);
    await card.getByRole('textbox', { name: 'Телефон', exact: true }).pressSequentially(person.phone);
    await card.getByRole('radio', { name: person.gender }).check();
    await card.getByRole('textbox', { name: 'Дата рождения' }).pressSequentially(person.birth);
    await chooseFirstOption(card.getByRole('combobox', { name: 'Регион' }));
    await chooseFirstOption(card.getByRole('combobox', { name: 'Размер футболки' }));
  }
  await expect(page.getByText('Заполните данные всех участников')).toHaveCount(0);

  // A fixed team steps by its seats; one that buys the whole team stays at it. It is named.
  const teamLine = line(page, team.title);
  await expect(teamLine.getByRole('status', { name: 'Количество', exact: true })).toHaveText(String(team.max_count));
  if (team.team_all) {
    await expect(teamLine.getByRole('button', { name: `Увеличить количество: ${team.title}` })).toBeDisabled();
  }
  await teamLine.getByRole('textbox', { name: 'Название команды' }).fill('Быстрые лоси');

  const item = line(page, product.title);
  await item.getByRole('button', { name: 'Применить' }).click();
  await expect(item.getByRole('alert')).toHaveText('Введите промокод');
  await item.getByRole('textbox', { name: 'Промокод' }).fill('shop15');
  await item.getByRole('button', { name: 'Применить' }).click();
  await expect(item.getByRole('button', { name: 'Изменить' })).toBeVisible();
  await expect(item.getByRole('textbox', { name: 'Промокод' })).toHaveAttribute('readonly', '');
  await expect(item.locator('.basket-line__total dd')).toHaveText(rubles(Math.round(product.price * 100 * 0.85)));

  await expect(pay).toBeDisabled();
  await page.getByRole('radio', { name: 'Курьером' }).check();
  await page.getByRole('textbox', { name: 'Фамилия получателя' }).fill('Смирнова');
  await page.getByRole('textbox', { name: 'Имя получателя' }).fill('Анна');
  const phone = page.getByRole('textbox', { name: 'Телефон получателя' });
  await phone.pressSequentially('7999123');
  await expect(page.getByText('Введите валидный номер')).toBeVisible();
  await phone.clear();
  await phone.pressSequentially('79991234567');
  await expect(phone).toHaveValue('+7 (999) 123-45-67');
  await page.getByRole('textbox', { name: 'Адрес доставки' }).fill('ул. Тверская, 1, кв. 5');
  await expect(page.getByText('Введите валидный номер')).toHaveCount(0);
  const email = `Basket.${Date.now()}@Test.Example`;
  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).fill('нет-почты');
  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).blur();
  await expect(page.getByText('Введите валидный email')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).fill(email);
  await expect(page.getByRole('textbox', { name: 'E-mail для билетов и чека' })).toHaveValue(email.toLowerCase());
  // «register» stays checked: the guest pays and has an account for this e-mail.
  await expect(page.getByRole('checkbox', { name: 'Создать личный кабинет на этот e-mail' })).toBeChecked();
  await expect(pay).toBeEnabled();
  await expectNoSeriousViolations(page);

  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Тестовая оплата' })).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить' }).click();
  // The guest is thanked, the basket is empty; the checkout signs no one in (issue 33): the account the
  // payment made opens through its confirmation letter, which asks first.
  await expect(page.getByRole('heading', { level: 1, name: 'Спасибо за покупку!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 0' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  let link = '';
  await expect
    .poll(async () => {
      const letters = await (
        await request.get(`${siteUrl()}/dev/outbox.json?to=${encodeURIComponent(email.toLowerCase())}&channel=email&limit=5`)
      ).json();
      link =
        (letters.values as { meta: { kind?: string; link?: string } }[]).find((letter) => letter.meta.kind === 'email_confirm')?.meta
          .link ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(`${siteUrl()}${new URL(link).pathname}`);
  await page.getByRole('button', { name: 'Подтвердить и войти' }).click();
  await page.getByRole('dialog', { name: 'Почта подтверждена' }).getByRole('button', { name: 'В личный кабинет' }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByText(trail.event.title).first()).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const mine = await (await request.get(`${siteUrl()}/api/user/tickets/my`, { headers: { authorization: `Bearer ${token}` } })).json();
  const cards = mine.values as { event_format: { title: string; public_id: string }; info: { first_name?: string; insurance?: boolean } }[];
  const trailCards = cards.filter((card) => card.event_format.public_id === trail.format.public_id);
  expect(trailCards.map((card) => card.info.first_name).sort()).toEqual(['Мария', 'Пётр']);
  expect(trailCards.every((card) => card.info.insurance === true)).toBe(true);
  expect(cards.filter((card) => card.event_format.public_id === team.public_id)).toHaveLength(team.max_count);
});

test('a decline returns to the basket with nothing lost; a count the stock cannot give shows its popup', async ({ page, request }) => {
  const { event, city, single } = await eventWithFormats(request);
  await addTicket(page, event.public_id, city.public_id, single.title);
  await page.goto(`${siteUrl()}/basket`);
  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).fill(`decline.${Date.now()}@test.example`);
  await page.getByRole('checkbox', { name: 'Создать личный кабинет на этот e-mail' }).uncheck();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await page.getByRole('button', { name: 'Отказаться' }).click();
  const error = page.getByRole('dialog', { name: 'Оплата не прошла' });
  await expect(error).toBeVisible();
  await expect(page).toHaveURL(`${siteUrl()}/basket`);
  await expect(line(page, single.title)).toBeVisible();
  await expectNoSeriousViolations(page);
  await error.getByRole('button', { name: 'Вернуться в корзину' }).click();
  await expect(error).toBeHidden();

  // The stock changed since the line was added: more than is left.
  const left = (await (await request.get(`${siteUrl()}/api/event_format/check/${single.public_id}`)).json()).tickets_left as number;
  await page.evaluate((count) => {
    const goods = JSON.parse(localStorage.getItem('basketGoods') ?? '[]');
    goods[0].count = count;
    goods[0].tickets_left = null;
    localStorage.setItem('basketGoods', JSON.stringify(goods));
  }, left + 1);
  await page.reload();
  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).fill(`soldout.${Date.now()}@test.example`);
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  const unavailable = page.getByRole('dialog', { name: 'Билеты недоступны' });
  await expect(unavailable.getByText('Указанное количество билетов недоступно')).toBeVisible();
  await expectNoSeriousViolations(page);
  await unavailable.getByRole('button', { name: 'Понятно' }).click();

  await page.getByRole('button', { name: 'Безопасность платежей' }).click();
  await expect(page.getByRole('dialog', { name: 'Безопасность платежей' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');

  // The club picker, for formats that take part with clubs.
  const club = page.getByRole('button', { name: 'Участвовать в клубе' });
  if ((await club.count()) > 0) {
    await club.click();
    await expect(page.getByRole('dialog', { name: 'Выберите клуб' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
  }

  // A space ticket held over 10 minutes leaves with the stale notice.
  await page.evaluate(() => {
    const goods = JSON.parse(localStorage.getItem('basketGoods') ?? '[]');
    goods[0].space = true;
    goods[0].addTicketToBasketTime = Date.now() - 601_000;
    localStorage.setItem('basketGoods', JSON.stringify(goods));
  });
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Данные устарели' })).toContainText(event.title);
  await expectNoSeriousViolations(page);
});

test('the vip account sees its discount on the first ticket only; two tabs show the same basket', async ({ browser, request }) => {
  const { event, city, single } = await eventWithFormats(request);
  const login = await (await request.put(`${siteUrl()}/api/auth`, { data: { email: 'vip@geroi.example', password: 'Vip12345' } })).json();
  const context = await browser.newContext();
  await context.addInitScript(
    ({ token, user }) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('token', token);
        localStorage.setItem('userObj', user);
        sessionStorage.setItem('seeded', '1');
      }
    },
    { token: login.token as string, user: JSON.stringify(login.user) },
  );
  const first = await context.newPage();
  const second = await context.newPage();
  await second.goto(`${siteUrl()}/basket`);
  await expect(second.getByText('В корзине пока ничего нет')).toBeVisible();

  await addTicket(first, event.public_id, city.public_id, single.title);
  // The other tab follows without a reload.
  await expect(line(second, single.title)).toBeVisible();
  await second.getByRole('button', { name: `Увеличить количество: ${single.title}` }).click();
  await first.goto(`${siteUrl()}/basket`);
  await expect(line(first, single.title).getByRole('status', { name: 'Количество', exact: true })).toHaveText('2');
  const vip = line(first, single.title);
  const price = Math.round(single.price * 100);
  const discount = Math.round((price * (login.user.discount as number)) / 100);
  await expect(vip.getByRole('term').filter({ hasText: 'Скидка VIP' })).toBeVisible();
  await expect(vip.locator('.basket-line__total dd')).toHaveText(rubles(2 * price - discount));
  // No promocode on the vip ticket.
  await expect(vip.getByRole('textbox', { name: 'Промокод' })).toHaveCount(0);
  await first.getByRole('button', { name: 'Очистить' }).click();
  await expect(second.getByText('В корзине пока ничего нет')).toBeVisible();
  await context.close();
});

test('a ticket whose format delivers: the start pack by courier asks for the address, its cost is added, the payment carries it', async ({
  page,
  request,
}) => {
  // A format with delivery (ticketing-shop: GET /api/delivery/ticket names its methods).
  let found: { event: { public_id: string }; city: { public_id: string }; format: { public_id: string; title: string } } | null = null;
  for (const event of (await (await request.get(`${siteUrl()}/api/event/list`)).json()).values) {
    for (const city of event.event_city) {
      const formats = (await (await request.get(`${siteUrl()}/api/event_format/event/${city.public_id}`)).json()).values;
      for (const format of formats as { public_id: string; title: string; is_team: boolean }[]) {
        if (found || format.is_team) continue;
        const methods = (await (await request.get(`${siteUrl()}/api/delivery/ticket?format_public_id=${format.public_id}`)).json()).values;
        if (methods.length > 0) found = { event, city, format };
      }
    }
  }
  expect(found, 'a format with delivery').not.toBeNull();
  const { event, city, format } = found!;
  await addTicket(page, event.public_id, city.public_id, format.title);
  await page.goto(`${siteUrl()}/basket`);
  const card = line(page, format.title);
  const choice = card.getByRole('combobox', { name: 'Получение стартового пакета' });
  await expect(choice).toHaveValue('');
  // No delivery section until a courier is chosen.
  await expect(page.getByRole('textbox', { name: 'Адрес доставки' })).toHaveCount(0);
  await choice.selectOption({ label: 'Доставка стартового пакета курьером' });
  await expect(card.getByText('Адрес доставки — в разделе «Доставка» ниже')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Способ доставки' })).toHaveCount(0);
  // Moscow, one ticket: 490 ₽ (the server's figure).
  await expect(page.locator('.basket-summary__sections').getByText('490 ₽')).toBeVisible();
  await page.getByRole('textbox', { name: 'Имя получателя' }).fill('Иван');
  await page.getByRole('textbox', { name: 'Фамилия получателя' }).fill('Петров');
  await page.getByRole('textbox', { name: 'Телефон получателя' }).pressSequentially('79991234567');
  await page.getByRole('textbox', { name: 'Адрес доставки' }).fill('ул. Тверская, 1, кв. 5');
  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).fill(`kit.${Date.now()}@test.example`);
  // Looked at from the top, nothing focused, at 1280 and at 360 px.
  const look = async (width: number, height: number, name: string) => {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
  };
  await look(1280, 900, 'basket-ticket-delivery-1280.png');
  await look(360, 740, 'basket-ticket-delivery-360.png');
  const pay = page.getByRole('button', { name: /^Оплатить/ });
  await expect(pay).toBeEnabled();
  const [sent] = await Promise.all([
    page.waitForRequest((req) => req.url().endsWith('/api/payment') && req.method() === 'POST'),
    pay.click(),
  ]);
  const body = sent.postDataJSON();
  expect(body.tickets[0].delivery_public_id).toBeTruthy();
  expect(body.delivery).toMatchObject({ location_id: 524901, address: 'ул. Тверская, 1, кв. 5', first_name: 'Иван' });
  await expect(page.getByRole('heading', { level: 1, name: 'Тестовая оплата' })).toBeVisible();
});

test('on a phone (360 px) a basket of two tickets and a sized item fits the screen, the cards not yet laid out too: nothing scrolls sideways', async ({
  page,
}) => {
  // The basket the bench measures (bench/basket-lines.mjs): an individual and a team ticket, a sized item.
  const stored = await threeLineBasket(siteUrl());
  const single = (JSON.parse(stored.basketGoods) as { title: string }[])[0]!;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${siteUrl()}/404`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  await page.goto(`${siteUrl()}/basket`);
  await expect(formatCard(page, single.title)).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Ваш заказ' })).toBeVisible();
  // At the top: the cards below the screen are not laid out yet (content-visibility), and their
  // placeholder size must not widen the page (a card's 360 px stood for its width too).
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
  await page.screenshot({ path: test.info().outputPath('basket-three-lines-360.png') });
});
