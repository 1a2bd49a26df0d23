import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { eventFormats, formatStock, orderItems, orders } from '../../db/schema/index';
import { newPublicId } from '../../lib/crypto';
import { uniqueEmail, useTestApp } from '../../testing/fixtures';
import { seeded } from '../../testing/suites/catalogue';
import { PlainOrderWrites, writeOrders } from './order-writes';
import { stockGate } from './stock-gate';

// Plain orders of one format written together (order-writes.ts): one statement for several orders, and
// the writer that gathers the orders arriving while a statement is in flight.
let formatId: number;
const app = useTestApp({}, {}, async ({ api }) => {
  const [format] = await api.deps.db.select().from(eventFormats).where(eq(eventFormats.publicId, seeded.night5k));
  formatId = format!.id;
});

const stockRow = () => sql`format_id = ${formatId} and kind = 'athlete'`;
const left = async () => {
  const [row] = await app.api.deps.db.select().from(formatStock).where(sql`${stockRow()}`);
  return row!.capacity - row!.taken;
};
/** The format's places left set to `places`; the stock gate's figures and memory of sold out dropped (as a refund does). */
const setLeft = async (places: number) => {
  await app.api.deps.db.execute(sql`update format_stock set capacity = taken + ${places} where ${stockRow()}`);
  stockGate(app.api.deps.db).invalidate();
};

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
  publicIds.length ? app.api.deps.db.select().from(orders).where(inArray(orders.publicId, publicIds)) : [];

describe('several plain orders in one statement', () => {
  it('writes every order with its lines and takes the stock for their sum', async () => {
    await setLeft(10);
    const batch = [plainOrder(1), plainOrder(2), plainOrder(3)];
    const result = await writeOrders(app.api.deps.db, batch);
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
      const lines = await app.api.deps.db.select().from(orderItems).where(eq(orderItems.orderId, row.id));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ formatId, count: i + 1, total: 130000 * (i + 1), payload: { info: [{ first_name: 'Анна' }] } });
      expect(lines[0]!.publicId).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('writes nothing when their sum does not fit the places left', async () => {
    await setLeft(2);
    const batch = [plainOrder(1), plainOrder(2)];
    await expect(writeOrders(app.api.deps.db, batch)).rejects.toThrow();
    expect(await written(batch.map((order) => order.values.publicId))).toEqual([]);
    expect(await left()).toBe(2);
  });
});

describe('the plain orders’ writer', () => {
  it('gives each order arriving at once the answer it would have had alone: the places, then the refusal', async () => {
    await setLeft(4);
    const writes = new PlainOrderWrites(app.api.deps.db);
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
    const writes = new PlainOrderWrites(app.api.deps.db);
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
        app.api.request({
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
      expect(await app.api.deps.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))).toHaveLength(1);
    }
    await setLeft(100);
  });
});

describe('the plain orders’ writer, any crowd', () => {
  it('answers every order as if they were written one at a time in the order they came', async () => {
    // Crowds of 1–12 orders of 1–3 tickets each, arriving in one or two waves, for 0–15 places: whatever
    // batches the writer makes, the places sold and the refusals are those of the orders written alone, in turn.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 15 }),
        fc.array(fc.record({ count: fc.integer({ min: 1, max: 3 }), later: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        async (places, crowd) => {
          await setLeft(places);
          const writes = new PlainOrderWrites(app.api.deps.db);
          const orders = crowd.map(({ count }) => plainOrder(count));
          const send = (i: number) =>
            writes.write(orders[i]!.values, orders[i]!.rows, orders[i]!.claim).then(
              () => 'sold',
              (error: { message?: string }) => error.message,
            );
          // The first wave at once; the second while the first is being written.
          const first = crowd.flatMap((order, i) => (order.later ? [] : [i]));
          const second = crowd.flatMap((order, i) => (order.later ? [i] : []));
          const answers = new Map<number, string | undefined>();
          const wave = first.map(async (i) => answers.set(i, await send(i)));
          await Promise.resolve();
          await Promise.all([...wave, ...second.map(async (i) => answers.set(i, await send(i)))]);
          let left0 = places;
          for (const i of [...first, ...second]) {
            const fits = crowd[i]!.count <= left0;
            if (fits) left0 -= crowd[i]!.count;
            expect(answers.get(i)).toBe(fits ? 'sold' : 'Указанное количество билетов недоступно');
          }
          expect(await left()).toBe(left0);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('a crowd at the last places', () => {
  it('a buyer waiting for a turn reserves when it comes: a place a failed purchase gave back is sold, not refused on arrival', async () => {
    // As many places as purchases run at once (16 turns), and every one of those purchases held at the
    // provider: the 17th buyer waits for a turn. Then the first purchase's provider fails.
    await setLeft(16);
    const create = app.api.deps.payments.create.bind(app.api.deps.payments);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    const failing = uniqueEmail('failing');
    const spy = vi.spyOn(app.api.deps.payments, 'create').mockImplementation(async (payment) => {
      asked++;
      await held;
      if (payment.receipt?.email === failing) throw new Error('the provider is away');
      return create(payment);
    });
    const buy = (email: string) =>
      app.api.request({
        method: 'POST',
        url: '/api/payment',
        payload: { email, tickets: [{ format_public_id: seeded.night5k, ticket_count: 1 }] },
      });
    try {
      const first = [buy(failing), ...Array.from({ length: 15 }, () => buy(uniqueEmail('queue')))];
      await vi.waitFor(() => expect(asked).toBe(16));
      const late = buy(uniqueEmail('late'));
      // The late buyer waits for a turn (not refused at once, though the 16 places are held).
      const gate = stockGate(app.api.deps.db) as unknown as { waiting: unknown[] };
      await vi.waitFor(() => expect(gate.waiting).toHaveLength(1));
      release();
      const answers = await Promise.all(first);
      expect(answers[0]!.statusCode).toBe(503);
      expect(answers.slice(1).map((answer) => answer.statusCode)).toEqual(Array(15).fill(200));
      expect((await late).statusCode).toBe(200);
      expect(await left()).toBe(0);
    } finally {
      spy.mockRestore();
      release();
      await setLeft(100);
    }
  });
});
