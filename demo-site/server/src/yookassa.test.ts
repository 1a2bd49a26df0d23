import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { orderRefunds, orders, tickets } from './db/schema/index';
import { reconcilePending } from './features/payment/orders';
import { createYookassaProvider, YOOKASSA_PUBLISHED_RANGES } from './features/payment/yookassa';
import { stablePublicId } from './lib/crypto';
import { type Body, createTestApp, openTemplateDatabase, type TestApp, uniqueEmail } from './testing/fixtures';
import { seeded } from './testing/suites/catalogue';
import { startYookassaStandIn, type YookassaStandIn } from './testing/yookassa-stand-in';

// YooKassa (API v3) against a local stand-in of its documented API: payments with receipts, unsigned
// notifications read back from the API, refunds that settle later, failures retried under one key.
let database: DatabaseHandle;
let standIn: YookassaStandIn;
let api: TestApp;
let siteUrl: string;
const calls: string[] = [];
const hoodieM = stablePublicId('proportion:hoodie-geroi:M');

beforeAll(async () => {
  database = await openTemplateDatabase();
  standIn = await startYookassaStandIn({ hangMs: 600 });
  api = await createTestApp(database, { sandbox: false });
  api.deps.payments = createYookassaProvider({
    shopId: standIn.shopId,
    secretKey: standIn.secretKey,
    apiUrl: standIn.url,
    timeoutMs: 300,
    backoffMs: 5,
    onCall: (operation, outcome) => calls.push(`${operation} ${outcome}`),
  });
  siteUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
  standIn.notifyTo = `${siteUrl}/api/payment/notification`;
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
  await database?.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  calls.length = 0;
  standIn.instantRefunds = false;
});

const demoToken = async () =>
  (await api.request({ method: 'PUT', url: '/api/auth', payload: { email: 'demo@geroi.example', password: 'Demo1234' } })).json()
    .token as string;
const buy = async (payload: Record<string, unknown>, token?: string) => {
  const response = await api.request({
    method: 'POST',
    url: '/api/payment',
    payload: { email: uniqueEmail('yk'), ...payload },
    ...(token ? { token } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Body;
};
const orderRow = async (publicId: string) => (await api.deps.db.select().from(orders).where(eq(orders.publicId, publicId)))[0]!;
const notify = (body: unknown, remoteAddress?: string) =>
  api.request({
    method: 'POST',
    url: '/api/payment/notification',
    payload: body as Record<string, unknown>,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const status = async (publicId: string, token?: string) =>
  (await api.request({ method: 'GET', url: `/api/order/${publicId}`, ...(token ? { token } : {}) })).json().status as string;

describe('YooKassa payments', () => {
  it('creates the payment with Basic auth, an idempotence key, capture, a redirect and the order in metadata; the buyer goes to confirmation_url', async () => {
    const created = await buy({ tickets: [{ format_public_id: seeded.night5k, ticket_count: 2 }] });
    const order = await orderRow(created.order_id);
    const [request] = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments');
    expect(request!.authorization).toBe(`Basic ${Buffer.from(`${standIn.shopId}:${standIn.secretKey}`).toString('base64')}`);
    expect(request!.idempotenceKey).toBe(order.paymentId);
    expect(request!.body).toMatchObject({
      amount: { value: (order.amount / 100).toFixed(2), currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: `http://site.test/basket/thanks?order=${created.order_id}` },
      metadata: { order_id: created.order_id, payment_id: order.paymentId },
    });
    const payment = standIn.payments.get(order.providerPaymentId!)!;
    expect(created.redirect_url).toBe(payment.confirmation.confirmation_url);
    expect(order.paymentUrl).toBe(payment.confirmation.confirmation_url);
  });

  it('the receipt names every line — ticket, its insurance, goods — with VAT code, subject and the e-mail, and adds up to the payment', async () => {
    const email = uniqueEmail('receipt');
    const created = await buy({
      email,
      tickets: [{ format_public_id: seeded.night5k, ticket_count: 3, insurance: true }],
      shop: [{ product: { public_id: seeded.hoodie }, proportion: { public_id: hoodieM }, count: 1 }],
    });
    const order = await orderRow(created.order_id);
    const payment = standIn.payments.get(order.providerPaymentId!)!;
    const receipt = payment.receipt!;
    expect(receipt.customer.email).toBe(email);
    const subjects = receipt.items.map((item) => [item.description.split(':')[0], item.payment_subject, item.vat_code, item.payment_mode]);
    expect(subjects).toEqual([
      ['Билет', 'service', 1, 'full_payment'],
      ['Страховка участника', 'service', 1, 'full_payment'],
      [expect.any(String), 'commodity', 1, 'full_payment'],
    ]);
    const sum = receipt.items.reduce((total, item) => total + Math.round(Number(item.amount.value) * 100) * Number(item.quantity), 0);
    expect(sum).toBe(order.amount);
    expect(order.receipt?.items.length).toBe(receipt.items.length);
  });

  it('429 and 500 are tried again under the same idempotence key: one payment', async () => {
    standIn.failNext('POST /v3/payments', 429, 500);
    const before = standIn.payments.size;
    const created = await buy({ tickets: [{ format_public_id: seeded.night5k }] });
    const posts = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments');
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((r) => r.idempotenceKey)).size).toBe(1);
    expect(standIn.payments.size).toBe(before + 1);
    expect(calls).toEqual(['payment.create retry', 'payment.create retry', 'payment.create ok']);
    expect(created.redirect_url).toContain('/checkout/');
  });

  it('a timeout is tried again with the same key: the payment the first try made is the one used', async () => {
    standIn.failNext('POST /v3/payments', 'hang');
    const before = standIn.payments.size;
    const created = await buy({ tickets: [{ format_public_id: seeded.night5k }] });
    const posts = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.idempotenceKey).toBe(posts[1]!.idempotenceKey);
    expect(standIn.payments.size).toBe(before + 1);
    expect(created.redirect_url).toBe(
      standIn.payments.get((await orderRow(created.order_id)).providerPaymentId!)!.confirmation.confirmation_url,
    );
  });

  it('a provider that keeps failing: a clear 503, no order written', async () => {
    standIn.failNext('POST /v3/payments', 500, 500, 500, 500);
    const email = uniqueEmail('down');
    const response = await api.request({
      method: 'POST',
      url: '/api/payment',
      payload: { email, tickets: [{ format_public_id: seeded.night5k }] },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'Платёжный сервис сейчас недоступен. Попробуйте оплатить позже' });
    expect(await api.deps.db.select().from(orders).where(eq(orders.email, email))).toEqual([]);
  });
});

describe('YooKassa notifications: the body is a pointer, the API is asked', () => {
  it('paid at YooKassa: its notification issues the tickets; a duplicate and a late `canceled` change nothing', async () => {
    const created = await buy({ tickets: [{ format_public_id: seeded.night5k }] });
    const order = await orderRow(created.order_id);
    await standIn.pay(order.providerPaymentId!);
    expect(await status(created.order_id)).toBe('paid');
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `/v3/payments/${order.providerPaymentId}`)).toBe(true);
    const issued = await api.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
    expect(issued).toHaveLength(1);
    const payment = standIn.payments.get(order.providerPaymentId!)!;
    expect((await notify({ type: 'notification', event: 'payment.succeeded', object: payment })).json()).toEqual({ status: 'already' });
    // Out of order: a `canceled` (forged or late) for a payment the API calls succeeded.
    const late = await notify({ type: 'notification', event: 'payment.canceled', object: { ...payment, status: 'canceled' } });
    expect(late.json()).toEqual({ status: 'already' });
    expect(await status(created.order_id)).toBe('paid');
    expect(await api.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id))).toHaveLength(1);
  });

  it('a forged `succeeded` for a real payment the API still calls pending changes nothing', async () => {
    const created = await buy({ tickets: [{ format_public_id: seeded.night5k }] });
    const order = await orderRow(created.order_id);
    const forged = {
      type: 'notification',
      event: 'payment.succeeded',
      object: { ...standIn.payments.get(order.providerPaymentId!), status: 'succeeded', paid: true },
    };
    const answer = await notify(forged);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'pending' });
    expect(await status(created.order_id)).toBe('pending');
    // A forged `canceled` does not release the buyer's places either.
    expect((await notify({ ...forged, event: 'payment.canceled' })).json()).toEqual({ status: 'pending' });
    expect(await status(created.order_id)).toBe('pending');
  });

  it('an id the API does not know is 404; a malformed body 400; the API away 503 (YooKassa sends it again)', async () => {
    const unknown = await notify({
      type: 'notification',
      event: 'payment.succeeded',
      object: { id: '2419a771-000f-5000-9000-1edaf29243f2' },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await notify({ type: 'notification', event: 'payment.succeeded' })).statusCode).toBe(400);
    const created = await buy({ tickets: [{ format_public_id: seeded.night5k }] });
    const order = await orderRow(created.order_id);
    standIn.failNext('GET /v3/payments/{id}', 500, 500, 500, 500);
    const away = await notify({ type: 'notification', event: 'payment.succeeded', object: { id: order.providerPaymentId } });
    expect(away.statusCode).toBe(503);
    expect(away.json()).toEqual({ message: 'Платёжный провайдер недоступен, повторите уведомление позже' });
  });

  it('declined at YooKassa: the order is declined and its places released', async () => {
    const created = await buy({ tickets: [{ format_public_id: seeded.night5k }] });
    await standIn.decline((await orderRow(created.order_id)).providerPaymentId!);
    expect(await status(created.order_id)).toBe('declined');
  });

  it('with the allow-list on, a notification from outside YooKassa’s published ranges is refused', async () => {
    const created = await buy({ tickets: [{ format_public_id: seeded.night5k }] });
    const order = await orderRow(created.order_id);
    const provider = api.deps.payments;
    api.deps.payments = createYookassaProvider({
      shopId: standIn.shopId,
      secretKey: standIn.secretKey,
      apiUrl: standIn.url,
      backoffMs: 5,
      notifyFrom: YOOKASSA_PUBLISHED_RANGES,
    });
    try {
      await standIn.pay(order.providerPaymentId!, { notify: false });
      const body = { type: 'notification', event: 'payment.succeeded', object: { id: order.providerPaymentId } };
      const outside = await notify(body, '203.0.113.7');
      expect(outside.statusCode).toBe(403);
      expect(outside.json()).toEqual({ message: 'Уведомление принимается только от платёжного провайдера' });
      expect(await status(created.order_id)).toBe('pending');
      expect((await notify(body, '185.71.76.12')).json()).toEqual({ status: 'paid' });
    } finally {
      api.deps.payments = provider;
    }
  });
});

/** A paid order of the demo account cancelled by its buyer: the answer, and the refund asked of YooKassa. */
async function cancelledOrder(token: string) {
  const created = await buy({ tickets: [{ format_public_id: seeded.night5k }] }, token);
  const order = await orderRow(created.order_id);
  await standIn.pay(order.providerPaymentId!);
  const cancel = await api.request({ method: 'POST', url: '/api/payment/cancel', payload: { order_id: created.order_id }, token });
  const refund = [...standIn.refunds.values()].find((r) => r.payment_id === order.providerPaymentId)!;
  return { created, order, cancel, refund };
}

describe('YooKassa refunds and the sweeper', () => {
  it('a cancel asks for the refund with its receipt; it settles later, by notification, once', async () => {
    const token = await demoToken();
    const { created, order, cancel, refund } = await cancelledOrder(token);
    expect(cancel.json()).toEqual({ sum: created.amount });
    expect(await status(created.order_id, token)).toBe('refunding');
    const post = standIn.requests.find((r) => r.method === 'POST' && r.path === '/v3/refunds')!;
    expect(post.idempotenceKey).toBe(`refund-${order.paymentId}`);
    expect(post.body).toMatchObject({
      payment_id: order.providerPaymentId,
      amount: { value: (order.amount / 100).toFixed(2), currency: 'RUB' },
      receipt: { customer: { email: order.email } },
    });
    expect((await orderRow(created.order_id)).providerRefundId).toBe(refund.id);
    // A forged `refund.succeeded` while the API still calls it pending: nothing.
    expect((await notify({ type: 'notification', event: 'refund.succeeded', object: { ...refund, status: 'succeeded' } })).json()).toEqual({
      status: 'pending',
    });
    expect(await status(created.order_id, token)).toBe('refunding');
    await standIn.settleRefund(refund.id);
    expect(await status(created.order_id, token)).toBe('refunded');
    expect((await notify({ type: 'notification', event: 'refund.succeeded', object: refund })).json()).toEqual({ status: 'already' });
    expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds')).toHaveLength(1);
  });

  it('a refund whose notification is lost settles on the sweeper’s next ask (read back, not asked anew)', async () => {
    const token = await demoToken();
    const { created, refund } = await cancelledOrder(token);
    await standIn.settleRefund(refund.id, { notify: false });
    const { expireOrders } = await import('./features/payment/orders');
    await expireOrders(api.deps);
    expect(await status(created.order_id, token)).toBe('refunded');
    expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds')).toHaveLength(1);
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `/v3/refunds/${refund.id}`)).toBe(true);
  });

  it('a refund YooKassa cancels fails with its reason and is asked no more; the back office asks anew under a key of its own', async () => {
    const token = await demoToken();
    const { created, order, refund: first } = await cancelledOrder(token);
    standIn.cancelRefund(first.id);
    const { expireOrders } = await import('./features/payment/orders');
    await expireOrders(api.deps);
    const wholeRefunds = async () =>
      (await api.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).sort((a, b) => a.id - b.id);
    const [failed] = await wholeRefunds();
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'rejected_by_payee', providerRefundId: first.id });
    // The order still waits for its money, its tickets «Ожидайте возврат»; the sweeper asks YooKassa no more.
    expect(await status(created.order_id, token)).toBe('refunding');
    const asks = () => standIn.requests.filter((r) => r.path.startsWith('/v3/refunds')).length;
    const before = asks();
    await expireOrders(api.deps);
    expect(asks()).toBe(before);
    // The buyer cannot ask twice; the organiser's «Вернуть» asks for a new refund, under its own key.
    const again = await api.request({ method: 'POST', url: '/api/payment/cancel', payload: { order_id: created.order_id }, token });
    expect(again.statusCode).toBe(400);
    const org = (
      await api.request({ method: 'PUT', url: '/api/auth', payload: { email: 'org@geroi.example', password: 'Org12345' } })
    ).json().token as string;
    const orgAsk = await api.request({ method: 'POST', url: `/api/organizer/orders/${created.order_id}/refund`, token: org });
    expect(orgAsk.statusCode, orgAsk.body).toBe(200);
    const [, second] = await wholeRefunds();
    expect(second).toMatchObject({ status: 'pending', amount: order.amount });
    const history = (await api.request({ method: 'GET', url: `/api/organizer/orders/${created.order_id}`, token: org })).json()
      .history as Body[];
    expect(history[0]).toMatchObject({ action: 'order.refunded', before: { status: 'refunding' } });
    const posts = standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds');
    expect(posts.map((r) => r.idempotenceKey)).toEqual([`refund-${order.paymentId}`, `refund-${second!.publicId}`]);
    expect(posts[1]!.body).toMatchObject({ description: 'Возврат заказа', amount: { value: (order.amount / 100).toFixed(2) } });
    const secondAtProvider = [...standIn.refunds.values()].find((r) => r.payment_id === order.providerPaymentId && r.id !== first.id)!;
    expect((await orderRow(created.order_id)).providerRefundId).toBe(secondAtProvider.id);
    await standIn.settleRefund(secondAtProvider.id);
    expect(await status(created.order_id, token)).toBe('refunded');
    expect((await wholeRefunds()).map((refund) => refund.status)).toEqual(['failed', 'succeeded']);
    // A paid order is refunded once: asking again after it settled is refused.
    expect((await api.request({ method: 'POST', url: `/api/organizer/orders/${created.order_id}/refund`, token: org })).statusCode).toBe(
      400,
    );
  });

  it('a refund YooKassa refuses outright (400: the money was returned in its dashboard already) fails at once, with its code', async () => {
    const token = await demoToken();
    const created = await buy({ tickets: [{ format_public_id: seeded.night5k }] }, token);
    const order = await orderRow(created.order_id);
    await standIn.pay(order.providerPaymentId!);
    const byHand = await fetch(`${standIn.url}/v3/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${standIn.shopId}:${standIn.secretKey}`).toString('base64')}`,
        'content-type': 'application/json',
        'idempotence-key': `by-hand-${order.paymentId}`,
      },
      body: JSON.stringify({ payment_id: order.providerPaymentId, amount: { value: (order.amount / 100).toFixed(2), currency: 'RUB' } }),
    });
    expect(byHand.status).toBe(200);
    await api.request({ method: 'POST', url: '/api/payment/cancel', payload: { order_id: created.order_id }, token });
    const [row] = await api.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'invalid_request' });
    expect(await status(created.order_id, token)).toBe('refunding');
  });

  it('a hundred refunds the provider refused do not keep the sweeper from the one it can still settle', async () => {
    // 100 refunding orders whose refunds failed, written first (copies of a paid order, by SQL)…
    const token = await demoToken();
    const template = await orderRow((await buy({ tickets: [{ format_public_id: seeded.night5k }] }, token)).order_id);
    const columns = (
      (await api.deps.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'orders' and column_name not in ('id', 'public_id', 'payment_id', 'provider_payment_id', 'provider_refund_id', 'status')`,
      )) as unknown as { rows: { column_name: string }[] }
    ).rows.map((row) => `"${row.column_name}"`);
    const list = sql.raw(columns.join(', '));
    await api.deps.db.execute(sql`insert into orders (public_id, payment_id, status, ${list})
      select 'refused-' || g || '-' || ${template.publicId}, 'refused-' || g || '-' || ${template.paymentId}, 'refunding', ${list}
      from orders, generate_series(1, 100) g where id = ${template.id}`);
    await api.deps.db.execute(sql`insert into order_refunds (public_id, order_id, amount, status, created_at, settled_at, failure_reason)
      select 'refused-' || o.id, o.id, o.amount, 'failed', now(), now(), 'rejected_by_payee' from orders o
      where o.public_id like ${`refused-%-${template.publicId}`}`);
    // …then a cancel whose refund settles with its notification lost: the next beat still reads it back.
    const { created, refund } = await cancelledOrder(token);
    await standIn.settleRefund(refund.id, { notify: false });
    const { expireOrders } = await import('./features/payment/orders');
    await expireOrders(api.deps);
    expect(await status(created.order_id, token)).toBe('refunded');
  });

  it('the sweeper asks YooKassa of pending payments: a lost `succeeded` is paid, a lost `canceled` declined', async () => {
    const paid = await buy({ tickets: [{ format_public_id: seeded.night5k }] });
    const declined = await buy({ tickets: [{ format_public_id: seeded.night5k }] });
    const waiting = await buy({ tickets: [{ format_public_id: seeded.night5k }] });
    await standIn.pay((await orderRow(paid.order_id)).providerPaymentId!, { notify: false });
    await standIn.decline((await orderRow(declined.order_id)).providerPaymentId!, { notify: false });
    // Too young to ask about yet.
    expect(await reconcilePending(api.deps)).toBe(0);
    api.clock.advance(2 * 60_000);
    expect(await reconcilePending(api.deps)).toBeGreaterThanOrEqual(2);
    expect(await status(paid.order_id)).toBe('paid');
    expect(await status(declined.order_id)).toBe('declined');
    expect(await status(waiting.order_id)).toBe('pending');
    expect(await reconcilePending(api.deps)).toBe(0);
  });
});
