import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from './db/client';
import { prepareDatabase } from './db/prepare';
import { orderItems, orderRefunds, orders } from './db/schema/index';
import { waitlistHarness } from './features/waitlist/testing';
import { manualClock } from './lib/clock';
import { createTestApp, SEED_DATE, type TestApp, uniqueEmail } from './testing/fixtures';
import { type RunningPostgres, startPostgres } from './testing/postgres';
import { seeded } from './testing/suites/catalogue';

// Issue 31 on a real PostgreSQL, two servers on one database: many organisers' asks to refund the same line
// at once make one refund row and one request to the provider; the others are told 409.
let postgres: RunningPostgres;
let database: DatabaseHandle;
let one: TestApp;
let two: TestApp;
const keys: string[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  database = await openPostgres(postgres.url);
  await prepareDatabase(database, manualClock(SEED_DATE), { demoAccounts: true });
  one = await createTestApp(database);
  two = await createTestApp(database);
  for (const app of [one, two]) {
    const refund = app.deps.payments.refund.bind(app.deps.payments);
    app.deps.payments.refund = async (request) => {
      keys.push(request.key ?? request.paymentId);
      return refund(request);
    };
  }
}, 120_000);

afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.close();
  await postgres?.stop();
});

it('eight asks for one line through two servers at once: one refund row, one provider refund, seven 409', async () => {
  const w = waitlistHarness(one);
  const orderId = await w.buyPaid(seeded.night5k, uniqueEmail('race'), undefined, 2);
  const org = (await w.call('PUT', '/api/auth', { email: 'org@geroi.example', password: 'Org12345' })).body.token as string;
  const [order] = await database.db.select().from(orders).where(eq(orders.publicId, orderId));
  const [line] = await database.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      w.call('POST', `/api/organizer/orders/${orderId}/refund`, { line_public_id: line!.publicId }, org, i % 2 ? two : one),
    ),
  );
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  const rows = await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order!.id));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.amount).toBe(order!.amount);
  expect(keys).toEqual([rows[0]!.publicId]);
}, 120_000);
