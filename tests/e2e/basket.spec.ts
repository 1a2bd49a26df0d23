// The basket and checkout as a person uses them (issue 13): tickets from an event page, a sized shop
// item, counts, insurance, a promocode, courier delivery, the sandbox payment and the way back; a
// decline keeps the basket; a count the stock cannot give shows its popup; the vip discount; two tabs;
// axe with each popup open. One shared demo (global setup), few page loads.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

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

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

test('a guest buys tickets with insurance, a team and a sized item with a promocode by courier, pays and finds the tickets', async ({
  page,
  request,
}) => {
  const { event, city, single, team } = await eventWithFormats(request);
  const product = await sizedProduct(request);

  await addTicket(page, event.public_id, city.public_id, single.title);
  await formatCard(page, team.title).getByRole('button', { name: 'Добавить в корзину' }).click();
  await page.goto(`${siteUrl()}/shop/product/${product.public_id}`);
  await page.locator('label.size-option:not(.size-option--disabled)').first().click();
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 3' })).toBeVisible();

  await page.goto(`${siteUrl()}/basket`);
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible();
  const ticket = line(page, single.title);
  await ticket.getByRole('button', { name: `Увеличить количество: ${single.title}` }).click();
  await expect(ticket.getByRole('status', { name: 'Количество', exact: true })).toHaveText('2');
  await ticket.getByRole('checkbox', { name: /Страховка участника/ }).check();
  await expect(ticket.getByRole('checkbox', { name: /Страховка:/ })).toBeChecked();
  // A fixed team steps by its seats; one that buys the whole team stays at it.
  const teamLine = line(page, team.title);
  await expect(teamLine.getByRole('status', { name: 'Количество', exact: true })).toHaveText(String(team.max_count));
  if (team.team_all) {
    await expect(teamLine.getByRole('button', { name: `Увеличить количество: ${team.title}` })).toBeDisabled();
  } else {
    await teamLine.getByRole('button', { name: `Увеличить количество: ${team.title}` }).click();
    await expect(teamLine.getByRole('status', { name: 'Количество', exact: true })).toHaveText(String(team.max_count * 2));
    await teamLine.getByRole('button', { name: `Уменьшить количество: ${team.title}` }).click();
    await expect(teamLine.getByRole('status', { name: 'Количество', exact: true })).toHaveText(String(team.max_count));
  }

  const item = line(page, product.title);
  await item.getByRole('button', { name: 'Применить' }).click();
  await expect(item.getByRole('alert')).toHaveText('Введите промокод');
  await item.getByRole('textbox', { name: 'Промокод' }).fill('shop15');
  await item.getByRole('button', { name: 'Применить' }).click();
  await expect(item.getByRole('button', { name: 'Изменить' })).toBeVisible();
  await expect(item.getByRole('textbox', { name: 'Промокод' })).toHaveAttribute('readonly', '');
  await expect(item.getByText('Промокод', { exact: true }).last()).toBeVisible();
  await expect(item.locator('.basket-line__total dd')).toHaveText(rubles(Math.round(product.price * 100 * 0.85)));

  const pay = page.getByRole('button', { name: /^Оплатить/ });
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
  await expect(page.getByRole('definition').filter({ hasText: '₽' }).first()).toBeVisible();
  const email = `Basket.${Date.now()}@Test.Example`;
  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).fill('нет-почты');
  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).blur();
  await expect(page.getByText('Введите валидный email')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).fill(email);
  await expect(page.getByRole('textbox', { name: 'E-mail для билетов и чека' })).toHaveValue(email.toLowerCase());
  await expect(pay).toBeEnabled();
  await expectNoSeriousViolations(page);

  await pay.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Тестовая оплата' })).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить' }).click();
  // More than one ticket: my events; the paid lines have left the basket.
  await expect(page).toHaveURL(/\/me$|\/login/);
  await expect(page.getByRole('link', { name: 'Корзина, товаров: 0' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  const mine = await (await request.get(`${siteUrl()}/api/user/tickets/my`, { headers: { authorization: `Bearer ${token}` } })).json();
  const titles = mine.values.map((card: { event_format: { title: string } }) => card.event_format.title);
  expect(titles.filter((title: string) => title === single.title)).toHaveLength(2);
  expect(titles.filter((title: string) => title === team.title)).toHaveLength(team.max_count);
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
