// Gift certificates, start numbers and seats as a visitor meets them: buying a certificate in the
// shop and paying with its code at checkout, picking a start number, picking a seat on the map.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect as baseExpect, type Page, test } from '@playwright/test';
import { confirmedAccount, signedInPage, siteUrl } from './helpers';

// Each test walks a whole journey (shop or calendar, basket, sandbox, cabinet) on a shared machine.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** A confirmed account of its own (the e-mail link from the demo outbox). */
const account = (request: APIRequestContext, label: string) => confirmedAccount(request, `choices.${label}`, 'Choices1');

interface FoundFormat {
  event: { public_id: string };
  city: { public_id: string };
  format: { public_id: string; title: string; price: number };
}

/** An upcoming format the predicate likes, with its event and event city, from the catalogue calls. */
async function findFormat(request: APIRequestContext, wanted: (format: Record<string, unknown>) => boolean): Promise<FoundFormat> {
  const events = (await (await request.get(`${siteUrl()}/api/event/list`)).json()).values;
  for (const event of events) {
    for (const city of event.event_city) {
      const formats = (await (await request.get(`${siteUrl()}/api/event_format/event/${city.public_id}`)).json()).values;
      const format = formats.find(wanted);
      if (format) return { event, city, format };
    }
  }
  throw new Error('no such format');
}

const plainNumbered = (format: Record<string, unknown>) =>
  format.start_numbers === true &&
  !format.preregistration &&
  !format.is_team &&
  ((format.tickets_left as Record<string, number>).athlete ?? 0) > 5;

async function addTicket(page: Page, found: FoundFormat) {
  await page.goto(`${siteUrl()}/calendar/${found.event.public_id}?city=${found.city.public_id}`);
  const card = page.getByRole('article', { name: found.format.title, exact: true });
  await card.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(card.getByRole('link', { name: /корзин/i })).toBeVisible();
}

const basketLine = (page: Page, title: string) =>
  page.locator('article.basket-line').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function expectNoSeriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
}

/** Pays on the sandbox page the basket's pay button leads to. */
async function payInSandbox(page: Page) {
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Тестовая оплата' })).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить' }).click();
}

test('a gift certificate is bought in the shop and its code pays for a ticket at checkout', async ({ browser, request }) => {
  const giver = await account(request, 'giver');
  const page = await signedInPage(browser, giver);

  // The footer leads to the certificates on the shop page.
  await page.goto(`${siteUrl()}/`);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Подарочные сертификаты' }).click();
  await expect(page).toHaveURL(/\/shop#certificates$/);
  const gifts = page.getByRole('region', { name: 'Подарочные сертификаты' });
  await expect(gifts.getByRole('heading', { name: 'Сертификат на 1 000 ₽' })).toBeVisible();
  await gifts.getByRole('textbox', { name: 'Имя получателя' }).fill('Анна');
  await gifts.getByRole('textbox', { name: 'E-mail получателя' }).fill('anna@test.example');
  await expectNoSeriousViolations(page);
  await gifts.getByRole('button', { name: 'Сертификат на 1 000 ₽ — в корзину' }).click();
  await expect(gifts.getByRole('status')).toContainText('Сертификат на 1 000 ₽ в корзине');

  await page.goto(`${siteUrl()}/basket`);
  const certificateLine = basketLine(page, 'Подарочный сертификат на 1 000 ₽');
  await expect(certificateLine.getByText('Для: Анна')).toBeVisible();
  // ticketing-shop §5: no promocode for certificates.
  await expect(certificateLine.getByRole('textbox', { name: 'Промокод' })).toBeDisabled();
  await payInSandbox(page);
  await expect(page).toHaveURL(/\/basket\/certificateThanks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Спасибо за покупку сертификата!' })).toBeVisible();

  // The cabinet's order shows the code.
  const orders = (
    await (await request.get(`${siteUrl()}/api/user/shop/orders`, { headers: { authorization: `Bearer ${giver.token}` } })).json()
  ).values;
  const code = orders[0].items[0].certificates[0].codes[0].code as string;
  await page.goto(`${siteUrl()}/me/shop/${orders[0].public_id}`);
  await expect(page.getByText(`Код ${code}`)).toBeVisible();
  await expect(page.getByText('Для: Анна')).toBeVisible();

  // Someone else uses the code at checkout: the certificate pays 1 000 ₽ of the ticket.
  const friend = await account(request, 'friend');
  const friendPage = await signedInPage(browser, friend);
  const found = await findFormat(request, plainNumbered);
  await addTicket(friendPage, found);
  await friendPage.goto(`${siteUrl()}/basket`);
  const field = friendPage.getByRole('textbox', { name: 'Подарочный сертификат' });
  await field.fill(code.toLowerCase());
  await friendPage.getByRole('button', { name: 'Применить' }).last().click();
  await expect(friendPage.getByText(`Сертификат ${code}: осталось 1\u00a0000\u00a0₽, оплатит 1\u00a0000\u00a0₽`)).toBeVisible();
  const toPay = String(found.format.price - 1000).replace(/\B(?=(\d{3})+(?!\d))/g, '\\s?');
  await expect(friendPage.getByRole('button', { name: new RegExp(`^Оплатить\\s${toPay}\\s₽`) })).toBeVisible();
  await payInSandbox(friendPage);
  await expect(friendPage).toHaveURL(/\/me/);
  // Spent: the code pays no more.
  const again = await request.get(`${siteUrl()}/api/certificate/check/${code}`);
  expect(await again.json()).toEqual({ message: 'Сертификат уже использован' });
});

test('a start number is picked from the free ones, held, and becomes the ticket’s', async ({ browser, request }) => {
  const runner = await account(request, 'runner');
  const page = await signedInPage(browser, runner);
  const found = await findFormat(request, plainNumbered);
  await addTicket(page, found);
  await page.goto(`${siteUrl()}/basket`);
  const line = basketLine(page, found.format.title);
  await line.getByRole('button', { name: 'Выбрать стартовый номер' }).click();
  const dialog = page.getByRole('dialog', { name: 'Выбрать стартовый номер' });
  const free = (await (await request.get(`${siteUrl()}/api/booked/numbers/${found.format.public_id}`)).json()).free_numbers as number[];
  const wanted = free[free.length - 1]!;
  await dialog.getByRole('textbox', { name: 'Найти номер' }).fill(String(wanted));
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: String(wanted), exact: true }).click();
  await expect(line.getByText(`Ваш номер: ${wanted}`)).toBeVisible();
  // Held: the number is no longer among the free ones for anybody.
  const after = (await (await request.get(`${siteUrl()}/api/booked/numbers/${found.format.public_id}`)).json()).free_numbers;
  expect(after).not.toContain(wanted);

  await payInSandbox(page);
  await expect(page).toHaveURL(/\/me\/ticket\//);
  await expect(page.getByText(String(wanted), { exact: true }).first()).toBeVisible();
});

test('a seat is chosen on the sector map with the keyboard, on a phone, and is on the ticket', async ({ browser, request }) => {
  const fan = await account(request, 'fan');
  const page = await signedInPage(browser, fan, { width: 360, height: 740 });
  const found = await findFormat(request, (format) => format.space === true);
  await addTicket(page, found);
  await page.goto(`${siteUrl()}/basket`);
  const line = basketLine(page, found.format.title);
  await line.getByRole('button', { name: 'Выбрать место' }).click();
  const dialog = page.getByRole('dialog', { name: 'Схема зала' });
  await expect(dialog.getByRole('tab', { name: /^Сектор A/ })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousViolations(page);
  // The second sector, by the arrow key; then a free seat of it with Enter.
  await dialog.getByRole('tab', { name: /^Сектор A/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: /^Сектор B/ })).toHaveAttribute('aria-selected', 'true');
  const seat = dialog.getByRole('button', { name: /^Ряд \d+, место \d+$/ }).first();
  const name = (await seat.getAttribute('aria-label')) as string;
  const [, row, place] = /Ряд (\d+), место (\d+)/.exec(name)!;
  // The map fits the phone: no seat is cut off at the right.
  const box = await dialog
    .getByRole('button', { name: /, место 10/ })
    .first()
    .boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  await seat.focus();
  await page.keyboard.press('Enter');
  await expect(line.getByText(`Сектор B, ряд ${row}, место ${place}`)).toBeVisible();

  await payInSandbox(page);
  await expect(page).toHaveURL(/\/me\/ticket\//);
  await expect(page.getByText(`Сектор B, ряд ${row}, место ${place}`).first()).toBeVisible();
});
