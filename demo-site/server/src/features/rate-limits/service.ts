import { lt, sql } from 'drizzle-orm';
import type { RateLimit } from '../../config';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { tooManyRequests } from '../../lib/errors';

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window restarts. */
  ttlMs: number;
}

const BATCH = 1000;

/** One caller waiting for its count. */
interface PendingHit {
  key: string;
  windowMs: number;
  resolve(hit: Hit): void;
  reject(error: unknown): void;
}

/**
 * Hits are written in batches: every hit that arrives while a write is under way goes into the next
 * one, a single multi-row upsert. A crowd of requests (200 buyers at once) then costs a handful of
 * statements instead of one each, and the pool stays free for the work the requests came for.
 */
class HitWriter {
  private queue: PendingHit[] = [];
  private running = false;

  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  count(key: string, windowMs: number): Promise<Hit> {
    return new Promise<Hit>((resolve, reject) => {
      this.queue.push({ key, windowMs, resolve, reject });
      if (!this.running) {
        this.running = true;
        // After this turn of the event loop: the requests read in the same turn share the first write.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      // At most BATCH hits a statement (three parameters a row, well under PostgreSQL's 65,535).
      const batch = this.queue.splice(0, BATCH);
      try {
        await this.write(batch);
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    this.running = false;
  }

  private async write(batch: PendingHit[]): Promise<void> {
    const now = this.deps.clock.now();
    // One row per key (an upsert may touch a row once); its callers are counted in arrival order.
    const byKey = new Map<string, PendingHit[]>();
    for (const pending of batch) byKey.set(pending.key, [...(byKey.get(pending.key) ?? []), pending]);
    const rows = [...byKey].map(([key, callers]) => ({
      key,
      hits: callers.length,
      resetAt: new Date(now.getTime() + callers[0]!.windowMs),
    }));
    const restarts = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`;
    const written = await this.deps.db
      .insert(rateLimits)
      .values(rows)
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${restarts} then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
          resetAt: sql`case when ${restarts} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ key: rateLimits.key, hits: rateLimits.hits, resetAt: rateLimits.resetAt });
    for (const row of written) {
      const callers = byKey.get(row.key) ?? [];
      const ttlMs = Math.max(0, row.resetAt.getTime() - now.getTime());
      for (const [i, pending] of callers.entries()) pending.resolve({ hits: row.hits - callers.length + 1 + i, ttlMs });
      byKey.delete(row.key);
    }
    for (const callers of byKey.values()) for (const pending of callers) pending.reject(new Error('rate limit row not written'));
  }
}

const writers = new WeakMap<Database, WeakMap<Clock, HitWriter>>();

/**
 * Counts one hit on `key` in PostgreSQL: an atomic upsert (batched with the other hits of the moment,
 * see HitWriter), so every server process on the database shares the count (two processes do not
 * double a limit). A fixed window of `windowMs` that restarts with the first hit after `reset_at`; a
 * key keeps one window (the store's keys name their rule).
 */
export function countHit(deps: { db: Database; clock: Clock }, key: string, windowMs: number): Promise<Hit> {
  let byClock = writers.get(deps.db);
  if (!byClock) {
    byClock = new WeakMap();
    writers.set(deps.db, byClock);
  }
  let writer = byClock.get(deps.clock);
  if (!writer) {
    writer = new HitWriter({ db: deps.db, clock: deps.clock });
    byClock.set(deps.clock, writer);
  }
  return writer.count(key, windowMs);
}

/** The hits on `key` in its current window, without counting one. */
export async function readHits(deps: { db: Database; clock: Clock }, key: string): Promise<number> {
  const rows = await deps.db
    .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  const row = rows[0];
  return row && row.resetAt > deps.clock.now() ? row.hits : 0;
}

/** Counts a hit and refuses it with 429 (`message`, the generic one by default) once over `limit.max`. */
export async function limit(deps: { db: Database; clock: Clock }, key: string, rule: RateLimit, message?: string): Promise<void> {
  const { hits } = await countHit(deps, key, rule.windowMs);
  if (hits > rule.max) throw tooManyRequests(message);
}

/** Drops counters whose window is over (the sweeper calls this; a stale row is harmless meanwhile). */
export async function pruneRateLimits(deps: { db: Database; clock: Clock }): Promise<void> {
  await deps.db.delete(rateLimits).where(lt(rateLimits.resetAt, deps.clock.now()));
}
