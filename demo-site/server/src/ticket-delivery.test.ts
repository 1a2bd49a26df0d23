import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { orders, tickets } from './db/schema/index';
import { stablePublicId } from './lib/crypto';
import { type Body, createTestApp, openTemplateDatabase, type TestApp, uniqueEmail } from './testing/fixtures';
import { seeded } from './testing/suites/catalogue';

// Issue 35: the start pack of a ticket delivered where its format allows it (ticketing-shop: delivery,
// `/api/delivery/{itemType}`, a ticket line's `delivery_public_id`), priced by the server.
let database: DatabaseHandle;
let api: TestApp;
const courier = stablePublicId('delivery:kit-courier');
const expo = stablePublicId('delivery:expo');
const shopCourier = stablePublicId('delivery:courier');
const MOSCOW = 524901;
const address = { location_id: MOSCOW, first_name: 'Иван', last_name: 'Петров', phone: '+79991234567', address: 'ул. Тверская, 1' };

beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(database);
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

const buy = (payload: Record<string, unknown>) =>
  api.request({ method: 'POST', url: '/api/payment', payload: { email: uniqueEmail('kit'), ...payload } });
const orderRow = async (publicId: string) => (await api.deps.db.select().from(orders).where(eq(orders.publicId, publicId)))[0]!;
const formatPrice = async (publicId: string) =>
  Math.round(((await api.request({ method: 'GET', url: `/api/event_format/${publicId}` })).json().price as number) * 100);

describe('ticket delivery', () => {
  it('the methods call answers item type `ticket`, and per format: a format with delivery gets its methods, one without none', async () => {
    const all = (await api.request({ method: 'GET', url: '/api/delivery/ticket' })).json().values as Body[];
    expect(all.map((method) => method.public_id)).toEqual(expect.arrayContaining([courier, expo]));
    const ofFormat = (await api.request({ method: 'GET', url: `/api/delivery/ticket?format_public_id=${seeded.spring10k}` })).json();
    expect((ofFormat.values as Body[]).map((method) => method.public_id)).toEqual(all.map((method) => method.public_id));
    expect((await api.request({ method: 'GET', url: `/api/delivery/ticket?format_public_id=${seeded.night5k}` })).json().values).toEqual(
      [],
    );
  });

  it('the courier is priced by the server (base + per extra ticket), the address required and stored on the ticket, the receipt bills it', async () => {
    const price = await formatPrice(seeded.spring10k);
    const created = await buy({
      tickets: [{ format_public_id: seeded.spring10k, ticket_count: 2, delivery_public_id: courier, price: 1, totalCost: 1 }],
      delivery: { public_id: courier, ...address },
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = await orderRow(created.json().order_id);
    // Moscow: 490 ₽ + 100 ₽ for the second ticket, no surcharge.
    expect(order.deliveryCost).toBe(59_000);
    expect(order.amount).toBe(price * 2 + 59_000);
    const receipt = order.receipt!;
    expect(receipt.items.find((item) => item.description === 'Доставка')).toMatchObject({ quantity: 1, amount: 59_000 });
    expect(receipt.items.reduce((sum, item) => sum + item.amount * item.quantity, 0)).toBe(order.amount);

    await api.request({
      method: 'POST',
      url: `/sandbox/pay/${order.paymentId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const issued = await api.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
    expect(issued).toHaveLength(2);
    for (const ticket of issued)
      expect(ticket.info.delivery).toMatchObject({ public_id: courier, pickup: false, address: 'ул. Тверская, 1', location_id: MOSCOW });
    const read = (await api.request({ method: 'GET', url: `/api/order/${order.publicId}` })).json();
    expect(read.items.tickets[0].delivery_public_id).toBe(courier);
    expect(read.delivery_cost).toBe(590);
  });

  it('the basket’s price call answers what the payment charges; a forged method is the same Russian 400', async () => {
    const quote = await api.request({
      method: 'POST',
      url: '/api/delivery/ticket/price',
      payload: { city: { id: MOSCOW }, tickets: [{ format_public_id: seeded.spring10k, count: 2, delivery_public_id: courier }] },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toEqual({ delivery: { cost: 590, pickup: false } });
    const forged = await api.request({
      method: 'POST',
      url: '/api/delivery/ticket/price',
      payload: { city: { id: MOSCOW }, tickets: [{ format_public_id: seeded.spring10k, count: 1, delivery_public_id: shopCourier }] },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Этот способ доставки не подходит для билетов');
  });

  it('a courier without the address: «Заполните поле»; a pickup needs none and costs nothing', async () => {
    const missing = await buy({
      tickets: [{ format_public_id: seeded.spring10k, delivery_public_id: courier }],
      delivery: { public_id: courier, location_id: MOSCOW, first_name: 'Иван', last_name: 'Петров', phone: '+79991234567' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Заполните поле');
    expect((await buy({ tickets: [{ format_public_id: seeded.spring10k, delivery_public_id: courier }] })).json().message).toBe(
      'Заполните поле',
    );
    const pickup = await buy({ tickets: [{ format_public_id: seeded.spring10k, delivery_public_id: expo }] });
    expect(pickup.statusCode, pickup.body).toBe(200);
    const order = await orderRow(pickup.json().order_id);
    expect(order.deliveryCost).toBe(0);
    expect(order.amount).toBe(await formatPrice(seeded.spring10k));
  });

  it('a forged method, a goods method on a ticket, a format without delivery: a Russian 400, no order', async () => {
    const refused = async (line: Record<string, unknown>, message: string) => {
      const response = await buy({ tickets: [line], delivery: { public_id: courier, ...address } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await refused({ format_public_id: seeded.spring10k, delivery_public_id: 'ffffffffffffffffffffffff' }, 'Способ доставки не найден');
    await refused({ format_public_id: seeded.spring10k, delivery_public_id: shopCourier }, 'Этот способ доставки не подходит для билетов');
    await refused({ format_public_id: seeded.night5k, delivery_public_id: courier }, 'Доставка недоступна для этого формата');
  });

  it('goods and a ticket both delivered: the goods’ courier and the start pack’s are added', async () => {
    const price = await formatPrice(seeded.spring10k);
    const hoodieM = stablePublicId('proportion:hoodie-geroi:M');
    const goodsOnly = await buy({
      shop: [{ product: { public_id: seeded.hoodie }, proportion: { public_id: hoodieM }, count: 1 }],
      delivery: { public_id: shopCourier, ...address },
    });
    expect(goodsOnly.statusCode, goodsOnly.body).toBe(200);
    const goodsDelivery = (await orderRow(goodsOnly.json().order_id)).deliveryCost;
    const both = await buy({
      tickets: [{ format_public_id: seeded.spring10k, delivery_public_id: courier }],
      shop: [{ product: { public_id: seeded.hoodie }, proportion: { public_id: hoodieM }, count: 1 }],
      delivery: { public_id: shopCourier, ...address },
    });
    expect(both.statusCode, both.body).toBe(200);
    const order = await orderRow(both.json().order_id);
    expect(order.deliveryCost).toBe(goodsDelivery + 49_000);
    expect(order.amount - order.deliveryCost - price).toBe((await orderRow(goodsOnly.json().order_id)).amount - goodsDelivery);
  });
});
