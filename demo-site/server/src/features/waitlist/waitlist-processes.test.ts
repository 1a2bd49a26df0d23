import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../db/client';
import { prepareDatabase } from '../../db/prepare';
import { eventFormats, formatStock, orders, waitlistEntries } from '../../db/schema/index';
import { systemClock } from '../../lib/clock';
import { stablePublicId } from '../../lib/crypto';
import { type RunningPostgres, startPostgres } from '../../testing/postgres';
import { startServerProcess, stopServerProcesses } from '../../testing/server-process';

// Issue 35 across two real server processes (`main.ts`, as `pnpm start` runs it) on one PostgreSQL:
// four holds declined at once through both — each freed place goes to exactly one waiting person, in
// the order they joined, and none goes back on sale. (Four holds and five people: the production-shaped
// processes limit one address to ten payments and joins a minute.)
const format = stablePublicId('format:spring-run/petersburg/10k');

let postgres: RunningPostgres;
let database: DatabaseHandle;
const urls: string[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  database = await openPostgres(postgres.url);
  await prepareDatabase(database, systemClock, { demoAccounts: true });
  urls.push((await startServerProcess(postgres.url)).url, (await startServerProcess(postgres.url)).url);
}, 240_000);

afterAll(async () => {
  await stopServerProcesses();
  await database?.close();
  await postgres?.stop();
});

const post = async (url: string, payload: object) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

it('four places freed at once through two processes: one each to the first four people, the fifth waits', async () => {
  const [row] = await database.db.select().from(eventFormats).where(eq(eventFormats.publicId, format));
  const stockOf = async () =>
    (
      await database.db
        .select()
        .from(formatStock)
        .where(and(eq(formatStock.formatId, row!.id), eq(formatStock.kind, 'athlete')))
    )[0]!;
  await database.db
    .update(formatStock)
    .set({ capacity: sql`${formatStock.taken} + 4` })
    .where(and(eq(formatStock.formatId, row!.id), eq(formatStock.kind, 'athlete')));
  const holds: string[] = [];
  for (let i = 0; i < 4; i++) {
    const answer = await post(`${urls[i % 2]}/api/payment`, { email: `hold${i}@processes.test`, tickets: [{ format_public_id: format }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    holds.push(answer.body.order_id as string);
  }
  const taken = (await stockOf()).taken;
  const people = Array.from({ length: 5 }, (_, i) => `person${i}@processes.test`);
  for (const [i, person] of people.entries())
    expect((await post(`${urls[i % 2]}/api/waitlist`, { format_public_id: format, email: person })).body.position).toBe(i + 1);
  const payments = await database.db.select({ paymentId: orders.paymentId }).from(orders).where(inArray(orders.publicId, holds));
  // Every buyer declines at the sandbox at once, half through each process.
  await Promise.all(
    payments.map(({ paymentId }, i) =>
      fetch(`${urls[i % 2]}/sandbox/pay/${paymentId}/decline`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      }),
    ),
  );
  await expect
    .poll(async () => (await database.db.select().from(orders).where(inArray(orders.publicId, holds))).map((order) => order.status))
    .toEqual(holds.map(() => 'declined'));
  const open = await database.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.formatId, row!.id), inArray(waitlistEntries.status, ['waiting', 'offered'])))
    .orderBy(waitlistEntries.id);
  expect(open.map((entry) => [entry.email, entry.status])).toEqual(people.map((person, i) => [person, i < 4 ? 'offered' : 'waiting']));
  expect((await stockOf()).taken).toBe(taken);
}, 240_000);
