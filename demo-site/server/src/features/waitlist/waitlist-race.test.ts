import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { orders } from '../../db/schema/index';
import { manualClock } from '../../lib/clock';
import { createTestApp, SEED_DATE, type TestApp } from '../../testing/fixtures';
import { type RunningPostgres, startPostgres } from '../../testing/postgres';
import { seeded } from '../../testing/suites/catalogue';
import { closeOrder, expireOrders } from '../payment/orders';
import { waitlistHarness } from './testing';

// Issue 35 on a real PostgreSQL, two servers (each its own pool, stock gate and clock) on one database:
// places freed at once through both are offered once each, first come first served; offers running
// out on both sweeps at once pass each place once.
let postgres: RunningPostgres;
let database: DatabaseHandle;
let one: TestApp;
let two: TestApp;
const format = seeded.night5k;

beforeAll(async () => {
  postgres = await startPostgres();
  database = await openPostgres(postgres.url);
  await prepareDatabase(database, manualClock(SEED_DATE), { demoAccounts: true });
  one = await createTestApp(database);
  two = await createTestApp(database);
}, 120_000);

afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.close();
  await postgres?.stop();
});

it('six places freed at once through two servers: the first six people get one each, the others wait', async () => {
  const w = waitlistHarness(one);
  await w.setLeft(format, 6);
  const holds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const answer = await w.call(
      'POST',
      '/api/payment',
      { email: `hold${i}@race.test`, tickets: [{ format_public_id: format }] },
      undefined,
      i % 2 ? two : one,
    );
    expect(answer.status).toBe(200);
    holds.push(answer.body.order_id);
  }
  const taken = (await w.stock(format)).taken;
  const people = Array.from({ length: 10 }, (_, i) => `person${i}@race.test`);
  for (const [i, person] of people.entries())
    expect((await w.join(format, person, undefined, i % 2 ? two : one)).body.position).toBe(i + 1);
  const ids = await Promise.all(holds.map(async (id) => (await database.db.select().from(orders).where(eq(orders.publicId, id)))[0]!.id));
  await Promise.all(ids.map((id, i) => closeOrder((i % 2 ? two : one).deps, id, 'declined')));
  const open = await w.entries(format);
  expect(open.map((entry) => [entry.email, entry.status])).toEqual(people.map((person, i) => [person, i < 6 ? 'offered' : 'waiting']));
  // The places are the offers': nothing went back on sale.
  expect((await w.stock(format)).taken).toBe(taken);
  for (const person of people.slice(0, 6)) expect(await w.offerCode(person)).not.toBeNull();

  // Both sweeps at once after the offers ran out: four places pass to the four waiting, two go back on sale.
  for (const app of [one, two]) app.clock.advance(one.deps.config.waitlistOfferMs + 60_000);
  await Promise.all([expireOrders(one.deps), expireOrders(two.deps), expireOrders(one.deps)]);
  const after = await w.entries(format);
  expect(after.map((entry) => [entry.email, entry.status])).toEqual(people.slice(6).map((person) => [person, 'offered']));
  expect((await w.stock(format)).taken).toBe(taken - 2);
}, 120_000);
