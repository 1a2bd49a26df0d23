import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { openTemplateDatabase } from '../../testing/fixtures';
import { countHit, countHitDeferred, readHits } from './service';

// The shared counters on the seeded PGlite database: hits that arrive together are written together.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

const statements = (handle: DatabaseHandle, only?: RegExp) => {
  // Every statement the counters send, counted at the driver.
  const client = (handle as unknown as { client: { query: (...args: unknown[]) => Promise<unknown> } }).client;
  const original = client.query.bind(client);
  let count = 0;
  client.query = (...args: unknown[]) => {
    if (!only || only.test(String(args[0]))) count++;
    return original(...args);
  };
  return { count: () => count, restore: () => (client.query = original) };
};

it('a crowd of hits at once: every caller gets its own count, in one or two statements', async () => {
  const deps = { db: database.db, clock: manualClock('2026-05-01T10:00:00Z') };
  const spy = statements(database);
  try {
    const hits = await Promise.all([
      ...Array.from({ length: 50 }, () => countHit(deps, 'crowd:same', 60_000)),
      ...Array.from({ length: 50 }, (_, i) => countHit(deps, `crowd:other${i}`, 60_000)),
    ]);
    // The 50 on one key are 1..50, each once: none lost, none counted twice.
    expect(hits.slice(0, 50).map((hit) => hit.hits)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(hits.slice(50).every((hit) => hit.hits === 1 && hit.ttlMs === 60_000)).toBe(true);
    expect(spy.count()).toBeLessThanOrEqual(2);
  } finally {
    spy.restore();
  }
  expect(await readHits(deps, 'crowd:same')).toBe(50);
});

it('the window restarts after reset_at, and hits that keep arriving while a write is under way are counted next', async () => {
  const clock = manualClock('2026-05-01T11:00:00Z');
  const deps = { db: database.db, clock };
  expect((await countHit(deps, 'window:a', 1_000)).hits).toBe(1);
  const first = countHit(deps, 'window:a', 1_000);
  // The first write is under way once this turn of the event loop is over: this hit waits for the next.
  await new Promise((resolve) => setImmediate(resolve));
  const second = countHit(deps, 'window:a', 1_000);
  expect((await first).hits).toBe(2);
  expect((await second).hits).toBe(3);
  clock.advance(1_001);
  const restarted = await countHit(deps, 'window:a', 1_000);
  expect(restarted).toEqual({ hits: 1, ttlMs: 1_000 });
});

it('counted behind (the purchase limit): answered without a statement, exact in one process, written in one batch', async () => {
  const deps = { db: database.db, clock: manualClock('2026-05-01T11:00:00Z') };
  // The counters' writes (the test's own reads below are not counted).
  const spy = statements(database, /^insert/i);
  try {
    // A crowd of buyers, each its own address: every hit answered at once, none waits for the database.
    const hits = await Promise.all(Array.from({ length: 100 }, (_, i) => countHitDeferred(deps, `behind:buyer${i}`, 60_000)));
    expect(hits.every((hit) => hit.hits === 1 && hit.ttlMs === 60_000)).toBe(true);
    expect(spy.count()).toBe(0);
    // Then written together, in one statement.
    await vi.waitFor(async () => expect(await readHits(deps, 'behind:buyer99')).toBe(1));
    expect(spy.count()).toBe(1);
  } finally {
    spy.restore();
  }
  // One address, one after the other: 1, 2, 3 … exactly, as the immediate count gives.
  const counted: number[] = [];
  for (let i = 0; i < 4; i++) counted.push((await countHitDeferred(deps, 'behind:one', 60_000)).hits);
  expect(counted).toEqual([1, 2, 3, 4]);
});

it('counted behind, two processes: one sees the other’s hits from its second hit on', async () => {
  // Two counters on one database, as two server processes have (one per clock here).
  const first = { db: database.db, clock: manualClock('2026-05-01T12:00:00Z') };
  const second = { db: database.db, clock: manualClock('2026-05-01T12:00:00Z') };
  for (let i = 0; i < 5; i++) await countHitDeferred(first, 'behind:shared', 60_000);
  await vi.waitFor(async () => expect(await readHits(first, 'behind:shared')).toBe(5));
  // The second process has not heard of the key: one hit goes through blind, the next waits for the write.
  expect((await countHitDeferred(second, 'behind:shared', 60_000)).hits).toBe(1);
  expect((await countHitDeferred(second, 'behind:shared', 60_000)).hits).toBe(7);
  // And the first sees the second's hits after its own next write.
  await countHitDeferred(first, 'behind:shared', 60_000);
  await vi.waitFor(async () => expect(await readHits(first, 'behind:shared')).toBe(8));
  expect((await countHitDeferred(first, 'behind:shared', 60_000)).hits).toBe(9);
});

it('counted behind: a write sends only the keys with hits to write, and a key whose window is over is forgotten at the next write', async () => {
  const deps = { db: database.db, clock: manualClock('2026-05-01T13:00:00Z') };
  const client = (database as unknown as { client: { query: (...args: unknown[]) => Promise<unknown> } }).client;
  const original = client.query.bind(client);
  // The keys of this test in each batch the counters write (the statement's JSON of rows; the other
  // tests' counters may still be writing theirs).
  const batches: string[][] = [];
  client.query = (...args: unknown[]) => {
    if (/^insert/i.test(String(args[0])) && Array.isArray(args[1])) {
      const keys = (JSON.parse(String(args[1][0])) as { key: string }[]).map((row) => row.key).filter((key) => key.startsWith('forget:'));
      if (keys.length) batches.push(keys);
    }
    return original(...args);
  };
  try {
    await countHitDeferred(deps, 'forget:gone', 60_000);
    await vi.waitFor(async () => expect(await readHits(deps, 'forget:gone')).toBe(1));
    // A later write carries only the key hit since, not every key this process knows.
    await countHitDeferred(deps, 'forget:later', 60_000);
    await vi.waitFor(async () => expect(await readHits(deps, 'forget:later')).toBe(1));
    expect(batches).toEqual([['forget:gone'], ['forget:later']]);
    // The window is over; the next write forgets the idle key: its next hit goes through blind, the one after waits for the write.
    deps.clock.advance(61_000);
    await countHitDeferred(deps, 'forget:trigger', 60_000);
    await vi.waitFor(async () => expect(await readHits(deps, 'forget:trigger')).toBe(1));
    batches.length = 0;
    expect((await countHitDeferred(deps, 'forget:gone', 60_000)).hits).toBe(1);
    expect(batches).toEqual([]);
    expect((await countHitDeferred(deps, 'forget:gone', 60_000)).hits).toBe(2);
    expect(batches).toEqual([['forget:gone']]);
  } finally {
    client.query = original;
  }
});
