import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { eventFormats, formatStock, orderItems, orders } from '../../db/schema/index';
import { newPublicId } from '../../lib/crypto';
import { createTestApp, openTemplateDatabase, type TestApp, uniqueEmail } from '../../testing/fixtures';
import { seeded } from '../../testing/suites/catalogue';
import { PlainOrderWrites, writeOrders } from './order-writes';

// Plain orders of one format written together (order-writes.ts): one statement for several orders, and
// the writer that gathers the orders arriving while a statement is in flight.
let database: DatabaseHandle;
let api: TestApp;
let formatId: number;
beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(database);
  const [format] = await api.deps.db.select().from(eventFormats).where(eq(eventFormats.publicId, seeded.night5k));
  formatId = format!.id;
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

const stockRow = () => sql`format_id = ${formatId} and kind = 'athlete'`;
const left = async () => {
  const [row] = await api.deps.db.select().from(formatStock).where(sql`${stockRow()}`);
  return row!.capacity - row!.taken;
};
const setLeft = (places: number) => api.deps.db.execute(sql`update format_stock set capacity = taken + ${places} where ${stockRow()}`);

/** A plain order of `count` tickets of the format, as the checkout writes it. */
function plainOrder(count: number) {
  const publicId = newPublicId().slice(0, 24);
  const now = new Date();
  return {
    values: {
      publicId,
      userId: null,
      email: uniqueEmail('batch'),
      status: 'pending',
      shopStatus: null,
      amount: 130000 * count,
      deliveryCost: 0,
      delivery: null,
      paymentId: `pay_${publicId}`,
      paymentUrl: `https://pay.test/${publicId}`,
      providerPaymentId: null,
      receipt: { items: [{ description: 'Ночной забег 5 км', quantity: count }] } as never,
      needsToken: false,
      ip: '10.0.0.1',
      language: 'ru' as const,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 900_000),
      certificateId: null,
      certificateAmount: 0,
    },
    rows: [
      {
        orderId: 0,
        kind: 'ticket',
        formatId,
        stockKind: 'athlete',
        count,
        unitPrice: 130000,
        total: 130000 * count,
        payload: { info: [{ first_name: 'Анна' }] },
      },
    ],
    claim: { formatId, kind: 'athlete', count },
  };
}

const written = async (publicIds: string[]) =>
  publicIds.length ? api.deps.db.select().from(orders).where(inArray(orders.publicId, publicIds)) : [];

describe('several plain orders in one statement', () => {
  it('writes every order with its lines and takes the stock for their sum', async () => {
    await setLeft(10);
    const batch = [plainOrder(1), plainOrder(2), plainOrder(3)];
    const result = await writeOrders(api.deps.db, batch);
    expect(result.map((order) => order.publicId)).toEqual(batch.map((order) => order.values.publicId));
    expect(result.map((order) => order.amount)).toEqual([130000, 260000, 390000]);
    expect(result.every((order) => order.expiresAt instanceof Date && order.paymentUrl?.startsWith('https://pay.test/'))).toBe(true);
    expect(await left()).toBe(4);
    const rows = await written(batch.map((order) => order.values.publicId));
    const byId = new Map(rows.map((row) => [row.publicId, row]));
    for (const [i, order] of batch.entries()) {
      const row = byId.get(order.values.publicId)!;
      // Every field as the checkout gave it: timestamps, the receipt's JSON, the defaults left to the database.
      expect(row).toMatchObject({
        email: order.values.email,
        status: 'pending',
        amount: order.values.amount,
        paymentId: order.values.paymentId,
        ip: '10.0.0.1',
        receipt: order.values.receipt,
        refundedAmount: 0,
        createdAt: order.values.createdAt,
        expiresAt: order.values.expiresAt,
      });
      const lines = await api.deps.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ formatId, count: i + 1, total: 130000 * (i + 1), payload: { info: [{ first_name: 'Анна' }] } });
      expect(lines[0]!.publicId).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('writes nothing when their sum does not fit the places left', async () => {
    await setLeft(2);
    const batch = [plainOrder(1), plainOrder(2)];
    await expect(writeOrders(api.deps.db, batch)).rejects.toThrow();
    expect(await written(batch.map((order) => order.values.publicId))).toEqual([]);
    expect(await left()).toBe(2);
  });
});

describe('the plain orders’ writer', () => {
  it('gives each order arriving at once the answer it would have had alone: the places, then the refusal', async () => {
    await setLeft(4);
    const writes = new PlainOrderWrites(api.deps.db);
    const batch = [plainOrder(1), plainOrder(2), plainOrder(1), plainOrder(2), plainOrder(1)];
    const answers = await Promise.allSettled(batch.map((order) => writes.write(order.values, order.rows, order.claim)));
    // The first alone; the four that waited do not fit together (6 > 3), so each in turn: 2 and 1 sold, then none left.
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    for (const answer of answers.slice(3))
      expect((answer as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 400,
        message: 'Указанное количество билетов недоступно',
      });
    expect(await left()).toBe(0);
    const rows = await written(batch.map((order) => order.values.publicId));
    expect(rows.map((row) => row.publicId).sort()).toEqual(
      batch
        .slice(0, 3)
        .map((order) => order.values.publicId)
        .sort(),
    );
  });

  it('writes the orders that waited together, after the one in flight', async () => {
    await setLeft(10);
    const writes = new PlainOrderWrites(api.deps.db);
    const batch = Array.from({ length: 6 }, () => plainOrder(1));
    const answers = await Promise.all(batch.map((order) => writes.write(order.values, order.rows, order.claim)));
    expect(answers.map((order) => order.publicId)).toEqual(batch.map((order) => order.values.publicId));
    expect(await left()).toBe(4);
    expect(await written(batch.map((order) => order.values.publicId))).toHaveLength(6);
  });

  it('sells exactly the places left to a crowd of buyers through POST /api/payment', async () => {
    await setLeft(3);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.request({
          method: 'POST',
          url: '/api/payment',
          payload: { email: uniqueEmail('crowd'), tickets: [{ format_public_id: seeded.night5k, ticket_count: 1 }] },
        }),
      ),
    );
    const sold = answers.filter((answer) => answer.statusCode === 200);
    expect(sold).toHaveLength(3);
    for (const answer of answers.filter((a) => a.statusCode !== 200))
      expect([answer.statusCode, answer.json()]).toEqual([400, { message: 'Указанное количество билетов недоступно' }]);
    expect(await left()).toBe(0);
    for (const answer of sold) {
      const [order] = await written([answer.json().order_id]);
      expect(await api.deps.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))).toHaveLength(1);
    }
    await setLeft(100);
  });
});
