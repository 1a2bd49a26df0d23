import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from './db/client';
import { prepareDatabase } from './db/prepare';
import { eventFormats, formatStock, orders } from './db/schema/index';
import { manualClock } from './lib/clock';
import { stablePublicId } from './lib/crypto';
import { type Body, createTestApp, SEED_DATE, type TestApp } from './testing/fixtures';
import { type RunningPostgres, startPostgres } from './testing/postgres';

// Issue 31 on a real PostgreSQL: an organiser edits a format's stock and price while buyers race for it.
// No oversell whatever the order of the edits and the purchases, a stock edit below what is taken is
// refused, and every order keeps the price it was made at.
const place = stablePublicId('event-city:spring-run/moscow');
const BUYERS = 60;

let postgres: RunningPostgres;
let database: DatabaseHandle;
let api: TestApp;
let org: string;

beforeAll(async () => {
  postgres = await startPostgres();
  database = await openPostgres(postgres.url);
  await prepareDatabase(database, manualClock(SEED_DATE), { demoAccounts: true });
  api = await createTestApp(database);
  const login = await api.request({ method: 'PUT', url: '/api/auth', payload: { email: 'org@geroi.example', password: 'Org12345' } });
  org = login.json().token;
}, 120_000);

afterAll(async () => {
  await api?.close();
  await database?.close();
  await postgres?.stop();
});

it('stock and price edited mid-rush: never oversold, edits below what is taken refused, orders keep their prices', async () => {
  const created = await api.request({
    method: 'POST',
    url: '/api/organizer/event_format',
    token: org,
    payload: { event_city_public_id: place, name: 'Гонка за местами', price: 1000, tickets_count: 20, shirt_unavailable: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  const formatId = created.json().public_id as string;
  const format = (await api.request({ method: 'GET', url: `/api/event_format/${formatId}` })).json() as Body;
  const participant = {
    first_name: 'Анна',
    last_name: 'Иванова',
    phone: '79990001122',
    gender: 'female',
    birth_date: '1990-02-03',
    region: format.regions[0].id,
  };

  const buy = (i: number) =>
    api.request({
      method: 'POST',
      url: '/api/payment',
      payload: { email: `racer${i}@organizer-race.test`, tickets: [{ format_public_id: formatId, ticket_count: 1, info: [participant] }] },
    });
  const edit = (payload: object) => api.request({ method: 'PATCH', url: `/api/organizer/event_format/${formatId}`, token: org, payload });
  const edits = [{ tickets_count: 10 }, { price: 1500 }, { tickets_count: 40 }, { tickets_count: 5 }, { tickets_count: 25 }];

  // Buyers and edits interleaved: an edit after every twelfth buyer, all in flight at once.
  const work: Promise<{ kind: 'buy' | 'edit'; status: number; body: Body }>[] = [];
  for (let i = 0; i < BUYERS; i++) {
    work.push(buy(i).then((response) => ({ kind: 'buy', status: response.statusCode, body: response.json() })));
    if (i % 12 === 6) {
      const payload = edits[Math.floor(i / 12)]!;
      work.push(edit(payload).then((response) => ({ kind: 'edit', status: response.statusCode, body: response.json() })));
    }
  }
  const results = await Promise.all(work);
  const bought = results.filter((result) => result.kind === 'buy' && result.status === 200);
  expect(new Set(results.filter((result) => result.kind === 'buy').map((result) => result.status))).toEqual(
    new Set(bought.length === BUYERS ? [200] : [200, 400]),
  );
  for (const result of results.filter((entry) => entry.kind === 'edit')) {
    expect([200, 409], JSON.stringify(result.body)).toContain(result.status);
    if (result.status === 409)
      expect(result.body.message).toMatch(/^Нельзя сделать билетов меньше, чем уже продано и забронировано \(\d+\)$/);
  }

  // The database: taken within capacity, and exactly the orders that were answered 200.
  const [row] = await database.db.select({ id: eventFormats.id }).from(eventFormats).where(eq(eventFormats.publicId, formatId));
  const [stock] = await database.db
    .select()
    .from(formatStock)
    .where(and(eq(formatStock.formatId, row!.id), eq(formatStock.kind, 'athlete')));
  expect(stock!.taken).toBeLessThanOrEqual(stock!.capacity);
  expect(stock!.taken).toBe(bought.length);
  const made = await database.db
    .select({ amount: orders.amount })
    .from(orders)
    .where(
      inArray(
        orders.publicId,
        bought.map((result) => result.body.order_id as string),
      ),
    );
  expect(made).toHaveLength(bought.length);
  for (const order of made) expect([100_000, 150_000]).toContain(order.amount);

  // A later price change touches no order already made.
  const before = made.map((order) => order.amount).sort();
  expect((await edit({ price: 9000 })).statusCode).toBe(200);
  const after = (
    await database.db
      .select({ amount: orders.amount })
      .from(orders)
      .where(
        inArray(
          orders.publicId,
          bought.map((result) => result.body.order_id as string),
        ),
      )
  )
    .map((order) => order.amount)
    .sort();
  expect(after).toEqual(before);
}, 120_000);
