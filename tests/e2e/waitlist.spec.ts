// The waiting list of a sold-out format (issue 35), as a visitor meets it: the format sells out, a guest
// joins from the event page, another buyer returns a ticket, the letter in the outbox holds the place,
// its link opens the basket with it, and the guest pays through the sandbox.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { siteUrl } from './helpers';

async function signIn(request: APIRequestContext, email: string, password: string): Promise<{ token: string }> {
  const response = await request.put(`${siteUrl()}/api/auth`, { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return response.json();
}
const auth = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });

test.describe.configure({ timeout: 120_000 });

test('sold out → join → another buyer returns a ticket → the letter → the link → paid', async ({ page, request }) => {
  // A format of one place, opened by the organiser, bought by the demo account.
  const org = await signIn(request, 'org@geroi.example', 'Org12345');
  const places = (await (await request.get(`${siteUrl()}/api/organizer/events`, { headers: auth(org) })).json()).values as {
    public_id: string;
    start_time: string;
  }[];
  const place = places.find((candidate) => new Date(candidate.start_time).getTime() > Date.now() + 7 * 86_400_000)!;
  const title = `Последнее место ${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post(`${siteUrl()}/api/organizer/event_format`, {
    headers: auth(org),
    data: { event_city_public_id: place.public_id, name: title, price: 1000, tickets_count: 1, shirt_unavailable: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  const formatId = (await created.json()).public_id as string;
  const format = await (await request.get(`${siteUrl()}/api/event_format/${formatId}`)).json();
  const buyer = await signIn(request, 'demo@geroi.example', 'Demo1234');
  const bought = await request.post(`${siteUrl()}/api/payment`, {
    headers: auth(buyer),
    data: { email: 'demo@geroi.example', tickets: [{ format_public_id: formatId, ticket_count: 1 }] },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  const sale = await bought.json();
  const sandbox = await page.context().newPage();
  await sandbox.goto(sale.redirect_url);
  await sandbox.getByRole('button', { name: 'Оплатить' }).click();
  await expect(sandbox).toHaveURL(/\/basket\/thanks/);
  await sandbox.close();

  // Sold out: the event page offers the waiting list; a guest joins with an e-mail.
  const email = `waiting.${Date.now()}@test.example`;
  await page.goto(`${siteUrl()}/calendar/${format.event.public_id}?city=${format.event_city.public_id}`);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByRole('button', { name: /^Билеты закончились/ })).toBeDisabled();
  await card.getByRole('button', { name: /^Сообщить, если появятся билеты/ }).click();
  await card.getByRole('textbox', { name: 'E-mail для письма о билете' }).fill(email);
  await card.getByRole('button', { name: 'Встать в лист ожидания' }).click();
  await expect(card.getByRole('status')).toHaveText('Вы в листе ожидания: место 1');

  // The buyer returns the ticket: the place is the guest's, by letter (the dev outbox).
  const cancel = await request.post(`${siteUrl()}/api/payment/cancel`, { headers: auth(buyer), data: { order_id: sale.order_id } });
  expect(cancel.status(), await cancel.text()).toBe(200);
  // Not on sale meanwhile: the place is held for the letter's link.
  expect((await request.get(`${siteUrl()}/api/event_format/check/${formatId}?count=1&kind=athlete`)).status()).toBe(400);
  let link = '';
  await expect
    .poll(async () => {
      const letters = await (
        await request.get(`${siteUrl()}/dev/outbox.json?to=${encodeURIComponent(email)}&channel=email&limit=5`)
      ).json();
      link =
        (letters.values as { meta: { kind?: string; link?: string } }[]).find((letter) => letter.meta.kind === 'waitlist_offer')?.meta
          .link ?? '';
      return link;
    })
    .not.toBe('');

  // The link opens the basket with the held ticket; the guest pays.
  await page.goto(`${siteUrl()}${new URL(link).pathname}`);
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).fill(email);
  await page.getByRole('checkbox', { name: 'Создать личный кабинет на этот e-mail' }).uncheck();
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Тестовая оплата' })).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Спасибо за покупку!' })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order');
  expect(orderId).toBeTruthy();
  expect((await (await request.get(`${siteUrl()}/api/order/${orderId}`)).json()).status).toBe('paid');
  // The place is sold: still none on sale.
  expect((await request.get(`${siteUrl()}/api/event_format/check/${formatId}?count=1&kind=athlete`)).status()).toBe(400);
});
