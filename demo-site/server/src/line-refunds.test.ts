import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { orderItems, orderRefunds, orders, tickets, waitlistEntries } from './db/schema/index';
import { expireOrders } from './features/payment/orders';
import { refundShares } from './features/payment/refunds';
import { createYookassaProvider } from './features/payment/yookassa';
import { waitlistHarness } from './features/waitlist/testing';
import { stablePublicId } from './lib/crypto';
import { type Body, createTestApp, openTemplateDatabase, type TestApp, uniqueEmail } from './testing/fixtures';
import { seeded } from './testing/suites/catalogue';
import { startYookassaStandIn, type YookassaStandIn } from './testing/yookassa-stand-in';

// Issue 31: the back office refunds one line of a paid order — its own refund at YooKassa (the stand-in of
// its API), its own key, amount and receipt; settled by the notification or the sweeper, once.
let database: DatabaseHandle;
let standIn: YookassaStandIn;
let api: TestApp;
let org: string;
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
  });
  const siteUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
  standIn.notifyTo = `${siteUrl}/api/payment/notification`;
  org = (await api.request({ method: 'PUT', url: '/api/auth', payload: { email: 'org@geroi.example', password: 'Org12345' } })).json()
    .token as string;
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
  await database?.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.instantRefunds = false;
});

const orderRow = async (publicId: string) => (await api.deps.db.select().from(orders).where(eq(orders.publicId, publicId)))[0]!;
/** A paid order at the stand-in: three 5 km tickets with insurance and the 10 % code, and a hoodie. */
async function paidOrder(payload?: Record<string, unknown>) {
  const response = await api.request({
    method: 'POST',
    url: '/api/payment',
    payload: payload ?? {
      email: uniqueEmail('lines'),
      tickets: [{ format_public_id: seeded.night5k, ticket_count: 3, insurance: true, promocode: 'GEROI10' }],
      shop: [{ product: { public_id: seeded.hoodie }, proportion: { public_id: hoodieM }, count: 1 }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const publicId = response.json().order_id as string;
  await standIn.pay((await orderRow(publicId)).providerPaymentId!);
  expect((await orderRow(publicId)).status).toBe('paid');
  return publicId;
}
const detail = async (publicId: string) =>
  (await api.request({ method: 'GET', url: `/api/organizer/orders/${publicId}`, token: org })).json() as Body;
const refund = (publicId: string, line?: string) =>
  api.request({
    method: 'POST',
    url: `/api/organizer/orders/${publicId}/refund`,
    token: org,
    ...(line ? { payload: { line_public_id: line } } : {}),
  });
const refundPosts = () => standIn.requests.filter((r) => r.method === 'POST' && r.path === '/v3/refunds');
const receiptSum = (body: unknown) =>
  (((body as { receipt: unknown }).receipt as { items: { amount: { value: string }; quantity: number }[] }).items ?? []).reduce(
    (sum, item) => sum + Math.round(Number(item.amount.value) * 100) * Number(item.quantity),
    0,
  );
const refundRow = async (publicId: string) =>
  (await api.deps.db.select().from(orderRefunds).where(eq(orderRefunds.publicId, publicId)))[0]!;

describe('the share of a line', () => {
  it('the lines’ shares and the delivery add up to the order’s amount to the kopeck, whatever the certificate paid', () => {
    const line = fc.oneof(
      fc.record({
        kind: fc.constant('ticket'),
        total: fc.integer({ min: 0, max: 5_000_000 }),
        insuranceCost: fc.integer({ min: 0, max: 50_000 }),
      }),
      fc.record({
        kind: fc.constantFrom('shop', 'insurance', 'certificate'),
        total: fc.integer({ min: 0, max: 5_000_000 }),
        insuranceCost: fc.constant(0),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (raw, delivery, part) => {
          const lines = raw.map((l) => (l.kind === 'ticket' ? { ...l, total: l.total + l.insuranceCost } : l));
          const reducible = lines.reduce((sum, l) => sum + (l.kind === 'certificate' ? 0 : l.total), 0) + delivery;
          const certificate = Math.floor(reducible * part);
          const amount = lines.reduce((sum, l) => sum + l.total, 0) + delivery - certificate;
          const { shares, delivery: left, parts } = refundShares(lines, delivery, certificate);
          expect(shares.reduce((a, b) => a + b, 0) + left).toBe(amount);
          shares.forEach((share, i) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(lines[i]!.total);
            expect(parts[i]!.reduce((a, b) => a + b, 0)).toBe(share);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('refunding one line', () => {
  it('asks YooKassa for that line’s paid share with its receipt and own key; the notification settles it once; the last line takes the rest', async () => {
    const publicId = await paidOrder();
    const order = await orderRow(publicId);
    const page = await detail(publicId);
    const [ticketLine, hoodieLine] = page.lines as Body[];
    expect(ticketLine.kind).toBe('ticket');
    expect(ticketLine.refund).toBeNull();

    const refundsOnDashboard = async () =>
      (await api.request({ method: 'GET', url: `/api/organizer/event_city/${seeded.nightMoscow}/stats`, token: org })).json().revenue
        .refunds as number;
    const dashboardBefore = await refundsOnDashboard();
    const asked = await refund(publicId, ticketLine.public_id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ line_public_id: ticketLine.public_id, status: 'pending' });
    const [post] = refundPosts();
    expect(post!.idempotenceKey).toBe(`refund-${asked.json().public_id}`);
    const items = await api.deps.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const ticketItem = items.find((item) => item.kind === 'ticket')!;
    // What the buyer paid for the line: after the code's 10 %, its insurance included.
    expect(post!.body).toMatchObject({ payment_id: order.providerPaymentId, amount: { value: (ticketItem.total / 100).toFixed(2) } });
    expect(receiptSum(post!.body)).toBe(ticketItem.total);
    const descriptions = ((post!.body as { receipt: unknown }).receipt as { items: { description: string }[] }).items.map(
      (item) => item.description.split(':')[0],
    );
    expect(descriptions).toEqual(['Билет', 'Страховка участника']);
    const lineTickets = await api.deps.db.select().from(tickets).where(eq(tickets.orderItemId, ticketItem.id));
    expect(lineTickets.map((ticket) => ticket.status)).toEqual(['processing', 'processing', 'processing']);
    // The dashboard counts the line's refund although the order is still paid.
    expect(Math.round((await refundsOnDashboard()) * 100) - Math.round(dashboardBefore * 100)).toBe(ticketItem.total);

    const row = await refundRow(asked.json().public_id);
    const providerRefund = standIn.refunds.get(row.providerRefundId!)!;
    // A forged `refund.succeeded` while the API still calls it pending: nothing.
    const forged = await api.request({
      method: 'POST',
      url: '/api/payment/notification',
      payload: { type: 'notification', event: 'refund.succeeded', object: { ...providerRefund, status: 'succeeded' } },
    });
    expect(forged.json()).toEqual({ status: 'pending' });
    await standIn.settleRefund(providerRefund.id);
    expect((await refundRow(row.publicId)).status).toBe('succeeded');
    expect((await orderRow(publicId)).refundedAmount).toBe(ticketItem.total);
    expect((await orderRow(publicId)).status).toBe('paid');
    // The replay: already settled, nothing counted twice.
    const replay = await api.request({
      method: 'POST',
      url: '/api/payment/notification',
      payload: { type: 'notification', event: 'refund.succeeded', object: providerRefund },
    });
    expect(replay.json()).toEqual({ status: 'already' });
    expect((await orderRow(publicId)).refundedAmount).toBe(ticketItem.total);
    expect((await api.deps.db.select().from(tickets).where(eq(tickets.orderItemId, ticketItem.id))).map((t) => t.status)).toEqual([
      'returned',
      'returned',
      'returned',
    ]);
    // A forged notification naming a refund YooKassa does not know: 404, nothing.
    const unknown = await api.request({
      method: 'POST',
      url: '/api/payment/notification',
      payload: {
        type: 'notification',
        event: 'refund.succeeded',
        object: { ...providerRefund, id: 'ffffffff-0015-5000-8000-ffffffffffff' },
      },
    });
    expect(unknown.statusCode).toBe(404);

    // The same line again: 409; the hoodie, the last line: what is left of the order.
    const again = await refund(publicId, ticketLine.public_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Эта позиция уже возвращена или возвращается');
    standIn.instantRefunds = true;
    const last = await refund(publicId, hoodieLine.public_id);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().status).toBe('succeeded');
    expect(refundPosts()).toHaveLength(2);
    expect(receiptSum(refundPosts()[1]!.body)).toBe(order.amount - ticketItem.total);
    const settled = await orderRow(publicId);
    expect(settled.refundedAmount).toBe(order.amount);
    expect(settled.status).toBe('refunded');
    const history = (await detail(publicId)).history as Body[];
    expect(history.filter((entry) => entry.action === 'order.line_refunded')).toHaveLength(2);
    expect(history.find((entry) => entry.action === 'order.line_refunded')!.before).toMatchObject({ status: 'paid' });
  });

  it('the line refund’s letter is in the language the order was made in (issue 35)', async () => {
    const email = uniqueEmail('lines-en');
    const response = await api.request({
      method: 'POST',
      url: '/api/payment',
      headers: { 'accept-language': 'en' },
      payload: { email, tickets: [{ format_public_id: seeded.night5k, ticket_count: 2 }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const publicId = response.json().order_id as string;
    await standIn.pay((await orderRow(publicId)).providerPaymentId!);
    expect((await api.lastMessage(email)).text).toMatch(/^Thank you for your purchase!/);
    standIn.instantRefunds = true;
    const line = ((await detail(publicId)).lines as Body[])[0]!;
    // The organiser's back office asks in Russian: the letter still follows the buyer's language.
    expect((await refund(publicId, line.public_id as string)).statusCode).toBe(200);
    const letter = await api.lastMessage(email);
    expect(letter.text).toMatch(new RegExp(`^We have refunded [0-9.]+ RUB for order ${publicId}\\.$`));
  });

  it('two asks for the same line at once: one provider refund, the other 409', async () => {
    const publicId = await paidOrder();
    const line = ((await detail(publicId)).lines as Body[])[1]!.public_id as string;
    const answers = await Promise.all([refund(publicId, line), refund(publicId, line)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(refundPosts()).toHaveLength(1);
    const order = await orderRow(publicId);
    expect(await api.deps.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(1);
  });

  it('an unknown line: 404 in Russian; a malformed body: 400; a whole-order refund after a line: the rest, line by line', async () => {
    const publicId = await paidOrder();
    const unknown = await refund(publicId, 'nosuchline');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Позиция заказа не найдена');
    const malformed = await api.request({
      method: 'POST',
      url: `/api/organizer/orders/${publicId}/refund`,
      token: org,
      payload: { line_public_id: 'кириллица' },
    });
    expect(malformed.statusCode).toBe(400);
    const lines = (await detail(publicId)).lines as Body[];
    standIn.instantRefunds = true;
    expect((await refund(publicId, lines[0]!.public_id)).statusCode).toBe(200);
    // The buyer's own cancel no longer returns the whole order.
    const whole = await refund(publicId);
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().status).toBe('refunded');
    const order = await orderRow(publicId);
    expect(order.status).toBe('refunded');
    expect(order.refundedAmount).toBe(order.amount);
    expect(refundPosts()).toHaveLength(2);
  });

  it('YooKassa failing (500s, a timeout): the refund stays pending, the sweeper asks again under the same key, one refund made', async () => {
    const publicId = await paidOrder();
    const line = ((await detail(publicId)).lines as Body[])[1]!.public_id as string;
    standIn.failNext('POST /v3/refunds', 500, 500, 500, 500);
    const asked = await refund(publicId, line);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().status).toBe('pending');
    const row = await refundRow(asked.json().public_id);
    expect(row.providerRefundId).toBeNull();
    const before = standIn.refunds.size;
    // The next beat: a try whose answer comes too late, then the same key again — the refund the first try made.
    standIn.failNext('POST /v3/refunds', 'hang');
    await expireOrders(api.deps);
    const posts = refundPosts();
    expect(new Set(posts.map((post) => post.idempotenceKey))).toEqual(new Set([`refund-${row.publicId}`]));
    expect(standIn.refunds.size).toBe(before + 1);
    const named = await refundRow(row.publicId);
    expect(named.providerRefundId).not.toBeNull();
    expect(named.status).toBe('pending');
    // Its notification lost: the sweeper reads it back and settles it.
    await standIn.settleRefund(named.providerRefundId!, { notify: false });
    await expireOrders(api.deps);
    expect((await refundRow(row.publicId)).status).toBe('succeeded');
    expect(standIn.refunds.size).toBe(before + 1);
  });

  it('a line refund YooKassa cancels fails with its reason; «Вернуть» again asks only for the money, under a key of its own', async () => {
    const w = waitlistHarness(api);
    const publicId = await paidOrder();
    const order = await orderRow(publicId);
    const [ticketLine] = (await detail(publicId)).lines as Body[];
    const asked = await refund(publicId, ticketLine!.public_id as string);
    expect(asked.statusCode, asked.body).toBe(200);
    const first = await refundRow(asked.json().public_id);
    const takenAfterFirst = (await w.stock(seeded.night5k)).taken;
    standIn.cancelRefund(first.providerRefundId!);
    await expireOrders(api.deps);
    expect(await refundRow(first.publicId)).toMatchObject({ status: 'failed', failureReason: 'rejected_by_payee' });
    // The page shows the refusal and offers «Вернуть» again; the sweeper asks no more.
    const page = await detail(publicId);
    expect((page.lines as Body[])[0]!.refund).toMatchObject({ status: 'failed', failure_reason: 'rejected_by_payee' });
    const asksOfFirst = () =>
      standIn.requests.filter((r) => r.path === `/v3/refunds/${first.providerRefundId}` || r.idempotenceKey?.includes(first.publicId))
        .length;
    const before = asksOfFirst();
    await expireOrders(api.deps);
    expect(asksOfFirst()).toBe(before);
    const lineTickets = async () =>
      (await api.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id))).map((ticket) => ticket.status);
    expect(await lineTickets()).toEqual(['processing', 'processing', 'processing']);

    const again = await refund(publicId, ticketLine!.public_id as string);
    expect(again.statusCode, again.body).toBe(200);
    const second = await refundRow(again.json().public_id);
    expect(second).toMatchObject({ status: 'pending', amount: first.amount });
    const ours = refundPosts().filter((post) => [first.publicId, second.publicId].some((id) => post.idempotenceKey?.includes(id)));
    expect(ours.map((post) => post.idempotenceKey)).toEqual([`refund-${first.publicId}`, `refund-${second.publicId}`]);
    // Its places were freed by the first ask, not a second time.
    expect((await w.stock(seeded.night5k)).taken).toBe(takenAfterFirst);
    await standIn.settleRefund(second.providerRefundId!);
    expect((await refundRow(second.publicId)).status).toBe('succeeded');
    expect(await lineTickets()).toEqual(['returned', 'returned', 'returned']);
    expect((await orderRow(publicId)).refundedAmount).toBe(first.amount);
    // Settled, the line is refunded: a third ask is 409.
    expect((await refund(publicId, ticketLine!.public_id as string)).statusCode).toBe(409);
  });

  it('a refunded ticket line frees its places for the waiting list: the first person waiting gets the offer', async () => {
    const w = waitlistHarness(api);
    await api.deps.db.delete(waitlistEntries);
    await w.setLeft(seeded.night5k, 1);
    const publicId = await paidOrder({ email: uniqueEmail('seller'), tickets: [{ format_public_id: seeded.night5k }] });
    const takenBefore = (await w.stock(seeded.night5k)).taken;
    const waiting = uniqueEmail('waiting');
    expect((await w.join(seeded.night5k, waiting)).status).toBe(200);
    const line = ((await detail(publicId)).lines as Body[])[0]!.public_id as string;
    expect((await refund(publicId, line)).statusCode).toBe(200);
    const [entry] = await w.entries(seeded.night5k);
    expect(entry).toMatchObject({ email: waiting, status: 'offered' });
    // The place went to the list, not back on sale.
    expect((await w.stock(seeded.night5k)).taken).toBe(takenBefore);
    expect(await w.offerCode(waiting)).not.toBeNull();
    const order = await orderRow(publicId);
    const [row] = await api.deps.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order.id)));
    expect(row!.status).toBe('pending');
  });
});
