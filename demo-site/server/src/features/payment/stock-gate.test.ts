import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { eventFormats, formatStock } from '../../db/schema/index';
import { openTemplateDatabase } from '../../testing/fixtures';
import { seeded } from '../../testing/suites/catalogue';
import { StockGate } from './stock-gate';

// The admission gate of two server processes (two gates) on one database.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

const key = `${seeded.night5k}:athlete`;

async function setPlacesLeft(left: number) {
  const [format] = await database.db.select({ id: eventFormats.id }).from(eventFormats).where(eq(eventFormats.publicId, seeded.night5k));
  await database.db
    .update(formatStock)
    .set({ capacity: sql`${formatStock.taken} + ${left}` })
    .where(and(eq(formatStock.formatId, format!.id), eq(formatStock.kind, 'athlete')));
  return format!.id;
}

it('the last place, admitted by two processes at once: once one has sold it, the other turns its buyer away before the transaction', async () => {
  const formatId = await setPlacesLeft(1);
  const [first, second] = [new StockGate(database.db, 60_000), new StockGate(database.db, 60_000)];
  // Each process read the figure before either sold: both admit a buyer for the one place.
  const wants = new Map([[key, 1]]);
  const a = await first.reserve(wants);
  const b = await second.reserve(wants);
  expect(a).not.toBeNull();
  expect(b).not.toBeNull();
  expect(await second.stillAvailable(wants)).toBe(true);
  // The first process sells it (its transaction commits).
  await database.db
    .update(formatStock)
    .set({ taken: sql`${formatStock.taken} + 1` })
    .where(and(eq(formatStock.formatId, formatId), eq(formatStock.kind, 'athlete')));
  a!.commit();
  expect(await second.stillAvailable(wants)).toBe(false);
  b!();
  // …and the second process's next buyer is turned away at the gate, without a new read.
  expect(await second.reserve(wants)).toBeNull();
});

it('a format with plenty of places left costs no read', async () => {
  await setPlacesLeft(500);
  const gate = new StockGate(database.db, 60_000);
  const wants = new Map([[key, 2]]);
  expect(await gate.reserve(wants)).not.toBeNull();
  // Sold out behind the gate's back: a plentiful figure is not read again here (the transaction decides).
  await setPlacesLeft(0);
  expect(await gate.stillAvailable(wants)).toBe(true);
});

it('a sold-out format seen by the database is refused without a read while the memory is fresh, and sold again after its second', async () => {
  await setPlacesLeft(0);
  let now = 0;
  const gate = new StockGate(database.db, 1000, () => now, 1000);
  // Every statement the database handle prepares (the gate's read is a prepared statement, not a builder's select).
  const session = (database.db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const reads = vi.spyOn(session, 'prepareQuery');
  try {
    // The conditional update of a purchase took nothing: the process remembers the kind sold out.
    gate.sawShort(key, 1);
    now = 999;
    expect(await gate.reserve(new Map([[key, 1]]))).toBeNull();
    expect(gate.knownShort(new Map([[key, 1]]))).toBe(true);
    expect(reads).not.toHaveBeenCalled();
    // An expiry elsewhere gives places back; once the memory (and the figure) is a second old, the database decides again.
    await setPlacesLeft(3);
    reads.mockClear();
    expect(gate.knownShort(new Map([[key, 1]]))).toBe(true);
    now = 1000;
    expect(gate.knownShort(new Map([[key, 1]]))).toBe(false);
    const reservation = await gate.reserve(new Map([[key, 1]]));
    expect(reservation).not.toBeNull();
    expect(reads).toHaveBeenCalledTimes(1);
    reservation!.commit();
  } finally {
    reads.mockRestore();
  }
});

it('«fewer than n left» refuses only buyers wanting n or more, and places given back here drop the memory at once', async () => {
  await setPlacesLeft(2);
  const now = 0;
  const gate = new StockGate(database.db, 60_000, () => now, 1000);
  // A basket of 3 found 2 left: a buyer of 3 is refused from memory, a buyer of 2 still goes to the figure.
  gate.sawShort(key, 3);
  expect(gate.knownShort(new Map([[key, 3]]))).toBe(true);
  expect(gate.knownShort(new Map([[key, 2]]))).toBe(false);
  expect(gate.knownShort(new Map([[`${seeded.night5k}:volunteer`, 5]]))).toBe(false);
  const two = await gate.reserve(new Map([[key, 2]]));
  expect(two).not.toBeNull();
  two!();
  gate.sawShort(key, 1);
  expect(await gate.reserve(new Map([[key, 1]]))).toBeNull();
  // A decline or an expiry in this process gives places back: the memory goes with the figures.
  gate.invalidate();
  expect(gate.knownShort(new Map([[key, 1]]))).toBe(false);
  expect(await gate.reserve(new Map([[key, 1]]))).not.toBeNull();
});

it('purchases take turns at the database, first come first served, and a turn ended twice frees one place only', async () => {
  const gate = new StockGate(database.db, 60_000);
  const order: string[] = [];
  const first = await gate.turn(1);
  const second = gate.turn(1).then((end) => {
    order.push('second');
    return end;
  });
  const third = gate.turn(1).then((end) => {
    order.push('third');
    return end;
  });
  await Promise.resolve();
  expect(order).toEqual([]);
  first();
  first();
  const endSecond = await second;
  expect(order).toEqual(['second']);
  endSecond();
  (await third)();
  expect(order).toEqual(['second', 'third']);
});
