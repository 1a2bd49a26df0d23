// Paying through YooKassa — its local stand-in of API v3, with its checkout page — on a server started
// with the YooKassa adapter: buy, pay on the checkout page, the ticket issued, the 54-ФЗ receipt sent
// with the right lines; then a refund that settles later.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createYookassaProvider, DEFAULT_WEB_DIR, defaultConfig, type RunningServer, startServer } from '@gid/server';
import { freePort } from '@gid/server/free-port';
import { startYookassaStandIn, type YookassaStandIn } from '@gid/server/yookassa-stand-in';
import { expect, test } from '@playwright/test';

let standIn: YookassaStandIn;
let site: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = await mkdtemp(join(tmpdir(), 'gid-e2e-yookassa-'));
  standIn = await startYookassaStandIn();
  site = await startServer({
    port: await freePort(),
    dataDir,
    webDir: DEFAULT_WEB_DIR,
    // Demo accounts, and the YooKassa adapter instead of the sandbox.
    config: { demo: true, sandbox: false, rateLimits: { ...defaultConfig().rateLimits, payment: { max: 10_000, windowMs: 60_000 } } },
    payments: createYookassaProvider({ shopId: standIn.shopId, secretKey: standIn.secretKey, apiUrl: standIn.url }),
  });
  standIn.notifyTo = `${site.url}/api/payment/notification`;
});

test.afterAll(async () => {
  await site?.close();
  await standIn?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('buy, pay on YooKassa’s checkout page, the ticket issued with its receipt; a refund settles later', async ({ page, request }) => {
  const token = (await (await request.put(`${site.url}/api/auth`, { data: { email: 'demo@geroi.example', password: 'Demo1234' } })).json())
    .token as string;
  const auth = { authorization: `Bearer ${token}` };
  // An upcoming individual format with places left, and a product in stock.
  const events = (await (await request.get(`${site.url}/api/event/list`)).json()).values;
  let format: { public_id: string; price: number } | undefined;
  for (const event of events)
    for (const city of event.event_city) {
      const formats = (await (await request.get(`${site.url}/api/event_format/event/${city.public_id}`)).json()).values;
      format ??= formats.find(
        (candidate: { is_team: boolean; tickets_left: Record<string, number> }) =>
          !candidate.is_team && (candidate.tickets_left.athlete ?? 0) > 5,
      );
    }
  expect(format).toBeDefined();

  const created = await request.post(`${site.url}/api/payment`, {
    headers: auth,
    data: { email: 'demo@geroi.example', tickets: [{ format_public_id: format!.public_id, ticket_count: 2 }] },
  });
  expect(created.status()).toBe(200);
  const payment = (await created.json()) as { order_id: string; redirect_url: string; amount: number };
  expect(payment.redirect_url.startsWith(`${standIn.url}/checkout/`)).toBe(true);

  // The receipt went with the payment: the tickets' line, the buyer's e-mail, adding up to the amount.
  const [sent] = [...standIn.payments.values()].filter((candidate) => candidate.metadata.order_id === payment.order_id);
  expect(sent!.receipt!.customer.email).toBe('demo@geroi.example');
  expect(sent!.receipt!.items.map((item) => [item.description.split(':')[0], item.payment_subject, item.vat_code])).toEqual([
    ['Билет', 'service', 1],
  ]);
  const receiptSum = sent!.receipt!.items.reduce((sum, item) => sum + Number(item.amount.value) * Number(item.quantity), 0);
  expect(receiptSum).toBeCloseTo(payment.amount, 2);

  // The buyer pays on the checkout page and is brought back to the order's thanks page.
  await page.goto(payment.redirect_url);
  await expect(page.getByRole('heading', { level: 1, name: 'Оплата заказа' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveText([/^Билет: .+ × 2 — \d+\.\d\d ₽$/]);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(`${site.url}/basket/thanks?order=${payment.order_id}`);

  // YooKassa's notification, read back from its API, issued the tickets.
  const order = await (await request.get(`${site.url}/api/order/${payment.order_id}`, { headers: auth })).json();
  expect(order).toMatchObject({ status: 'paid', paid: true, unpaid_amount: 0 });
  expect(order.items.tickets[0].tickets).toHaveLength(2);

  // The refund is asked for with the same receipt, and stays pending until YooKassa settles it.
  const cancel = await request.post(`${site.url}/api/payment/cancel`, { headers: auth, data: { order_id: payment.order_id } });
  expect(await cancel.json()).toEqual({ sum: payment.amount });
  expect((await (await request.get(`${site.url}/api/order/${payment.order_id}`, { headers: auth })).json()).status).toBe('refunding');
  const refund = [...standIn.refunds.values()].find((candidate) => candidate.payment_id === sent!.id)!;
  expect(refund.receipt!.items).toEqual(sent!.receipt!.items);
  await standIn.settleRefund(refund.id);
  expect((await (await request.get(`${site.url}/api/order/${payment.order_id}`, { headers: auth })).json()).status).toBe('refunded');
});
