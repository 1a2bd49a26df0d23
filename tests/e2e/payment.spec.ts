// Paying as a person does on the sandbox provider's page: the API prices and holds, the browser
// follows `redirect_url`, clicks «Оплатить» or «Отказаться», and lands on the order's thanks page.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';

const siteUrl = () => process.env.E2E_SITE_URL as string;

/** An upcoming individual format with places left, from the catalogue calls. */
async function upcomingFormat(request: APIRequestContext): Promise<{ public_id: string; price: number }> {
  const events = (await (await request.get(`${siteUrl()}/api/event/list`)).json()).values;
  for (const event of events) {
    for (const city of event.event_city) {
      const formats = (await (await request.get(`${siteUrl()}/api/event_format/event/${city.public_id}`)).json()).values;
      const format = formats.find(
        (candidate: { is_team: boolean; tickets_left: Record<string, number> }) =>
          !candidate.is_team && (candidate.tickets_left.athlete ?? 0) > 5,
      );
      if (format) return format;
    }
  }
  throw new Error('no upcoming format with places left');
}

const ticketsLeft = async (request: APIRequestContext, formatId: string) =>
  (await (await request.get(`${siteUrl()}/api/event_format/check/${formatId}`)).json()).tickets_left as number;

async function startPayment(request: APIRequestContext, formatId: string, count: number) {
  const response = await request.post(`${siteUrl()}/api/payment`, {
    data: { email: `e2e.${Date.now()}@test.example`, tickets: [{ format_public_id: formatId, ticket_count: count }] },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { order_id: string; redirect_url: string; amount: number };
}

test('the sandbox page pays: the thanks page, a paid order with numbered tickets', async ({ page, request }) => {
  const format = await upcomingFormat(request);
  const before = await ticketsLeft(request, format.public_id);
  const payment = await startPayment(request, format.public_id, 2);
  expect(payment.amount).toBe(2 * format.price);
  expect(await ticketsLeft(request, format.public_id)).toBe(before - 2);

  await page.goto(payment.redirect_url);
  await expect(page.getByRole('heading', { level: 1, name: 'Тестовая оплата' })).toBeVisible();
  await expect(page.getByText(payment.order_id)).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(`${siteUrl()}/basket/thanks?order=${payment.order_id}`);

  const order = await (await request.get(`${siteUrl()}/api/order/${payment.order_id}`)).json();
  expect(order).toMatchObject({ status: 'paid', paid: true, unpaid_amount: 0 });
  const numbers = order.items.tickets[0].tickets.map((ticket: { number: number }) => ticket.number);
  expect(numbers).toHaveLength(2);
  expect(numbers[1]).toBe(numbers[0] + 1);

  // The page of a paid order offers no second payment.
  await page.goto(payment.redirect_url);
  await expect(page.getByRole('button', { name: 'Оплатить' })).toHaveCount(0);
  await expect(page.getByText('Заказ уже оплачен.')).toBeVisible();
});

test('«Отказаться» declines: the places come back and the order stays unpaid', async ({ page, request }) => {
  const format = await upcomingFormat(request);
  const before = await ticketsLeft(request, format.public_id);
  const payment = await startPayment(request, format.public_id, 3);
  await page.goto(payment.redirect_url);
  await page.getByRole('button', { name: 'Отказаться' }).click();
  await expect(page).toHaveURL(`${siteUrl()}/basket/thanks?order=${payment.order_id}`);
  expect(await ticketsLeft(request, format.public_id)).toBe(before);
  expect((await (await request.get(`${siteUrl()}/api/order/${payment.order_id}`)).json()).status).toBe('declined');
});
