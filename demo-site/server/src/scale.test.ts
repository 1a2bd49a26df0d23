import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from './db/client';
import { prepareDatabase } from './db/prepare';
import { eventFormats, formatStock, orders } from './db/schema/index';
import { systemClock } from './lib/clock';
import { type RunningPostgres, startPostgres } from './testing/postgres';
import { startServerProcess, stopServerProcesses } from './testing/server-process';
import { seeded } from './testing/suites/catalogue';

// ARCHITECTURE «Scale»: several stateless server processes on one PostgreSQL. Two real processes
// (main.ts as `pnpm start` runs it), 200 buyers racing for 10 places across both.
const PLACES = 10;
const BUYERS = 200;

let postgres: RunningPostgres;
let database: DatabaseHandle;
const urls: string[] = [];

const startProcess = async (url: string) =>
  (
    await startServerProcess(url, {
      // The buyers come through a proxy on this machine: each has its own address.
      env: { TRUST_PROXY: '127.0.0.1', PAYMENT_HOLD_MS: '600000', PAYMENT_SWEEP_MS: '300' },
    })
  ).url;

beforeAll(async () => {
  postgres = await startPostgres();
  database = await openPostgres(postgres.url);
  await prepareDatabase(database, systemClock, { demoAccounts: false });
  // The format keeps exactly 10 places.
  const [format] = await database.db.select({ id: eventFormats.id }).from(eventFormats).where(eq(eventFormats.publicId, seeded.night5k));
  await database.db
    .update(formatStock)
    .set({ capacity: sql`${formatStock.taken} + ${PLACES}` })
    .where(and(eq(formatStock.formatId, format!.id), eq(formatStock.kind, 'athlete')));
  // Started one after the other: the first has migrated and seeded; both open the same database.
  urls.push(await startProcess(postgres.url), await startProcess(postgres.url));
}, 240_000);

afterAll(async () => {
  await stopServerProcesses();
  await database?.close();
  await postgres?.stop();
});

const left = async () => {
  const [row] = await database.db
    .select({ left: sql<number>`${formatStock.capacity} - ${formatStock.taken}` })
    .from(formatStock)
    .innerJoin(eventFormats, eq(eventFormats.id, formatStock.formatId))
    .where(and(eq(eventFormats.publicId, seeded.night5k), eq(formatStock.kind, 'athlete')));
  return Number(row!.left);
};

it('200 buyers across two processes for 10 places: exactly 10 succeed; both sweepers expire each hold once', async () => {
  expect(await left()).toBe(PLACES);
  // A participant night5k accepts (the checkout's participant rules): the names, its city's region, a shirt size in stock.
  const format = (await (await fetch(`${urls[0]}/api/event_format/${seeded.night5k}`)).json()) as {
    event_city: { public_id: string };
    regions: { id: number }[];
    shirt_unavailable?: boolean;
  };
  const shirts = (await (await fetch(`${urls[0]}/api/shop/shirts/${format.event_city.public_id}`)).json()) as {
    values: { size?: { size: string; count: number }[] }[];
  };
  const size = shirts.values[0]?.size?.find((option: { count: number }) => option.count > 0)?.size;
  const participant = {
    first_name: 'Анна',
    last_name: 'Иванова',
    phone: '79990001122',
    gender: 'female',
    birth_date: '1990-02-03',
    region: format.regions[0]!.id,
    ...(size && !format.shirt_unavailable ? { item_size: size } : {}),
  };
  const buy = async (i: number) => {
    const response = await fetch(`${urls[i % 2]}/api/payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.${Math.floor(i / 250)}.${i % 250}` },
      body: JSON.stringify({
        email: `racer${i}@scale.test`,
        tickets: [{ format_public_id: seeded.night5k, ticket_count: 1, info: [participant] }],
      }),
    });
    return { status: response.status, body: (await response.json()) as { order_id?: string; message?: string } };
  };
  const results = await Promise.all(Array.from({ length: BUYERS }, (_, i) => buy(i)));
  const won = results.filter((result) => result.status === 200);
  expect(won).toHaveLength(PLACES);
  // Everyone else was told the places are gone — no 500, no 429.
  expect(new Set(results.filter((result) => result.status !== 200).map((result) => result.status))).toEqual(new Set([400]));
  expect(await left()).toBe(0);
  const held = won.map((result) => result.body.order_id!);

  // The holds run out: both processes' sweepers race to release them; each is released once.
  await database.db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(orders.status, 'pending'));
  const deadline = Date.now() + 30_000;
  let expired = 0;
  while (Date.now() < deadline) {
    const rows = await database.db.select({ publicId: orders.publicId, status: orders.status }).from(orders);
    expired = rows.filter((row) => held.includes(row.publicId) && row.status === 'expired').length;
    if (expired === PLACES) break;
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
  expect(expired).toBe(PLACES);
  // Released once each: the 10 places are back, not 20 (and no CHECK constraint tripped).
  await new Promise((resolveWait) => setTimeout(resolveWait, 1000));
  expect(await left()).toBe(PLACES);
}, 120_000);

it('rate limits hold across the processes: 10 logins a minute per address in all, not 10 in each', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const response = await fetch(`${urls[i % 2]}/api/auth`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.200.0.1' },
      body: JSON.stringify({ email: 'nobody@scale.test', password: 'Guess123' }),
    });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);
});
