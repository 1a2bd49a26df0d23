import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { openTemplateDatabase } from '../../testing/fixtures';
import { countHit, readHits } from './service';

// The shared counters on the seeded PGlite database: hits that arrive together are written together.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

const statements = (handle: DatabaseHandle) => {
  // Every statement the counters send, counted at the driver.
  const client = (handle as unknown as { client: { query: (...args: unknown[]) => Promise<unknown> } }).client;
  const original = client.query.bind(client);
  let count = 0;
  client.query = (...args: unknown[]) => {
    count++;
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
