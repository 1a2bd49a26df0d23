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

/**
 * Counts one hit on `key` in PostgreSQL: one atomic upsert, so every server process on the database
 * shares the count (two processes do not double a limit). A fixed window of `windowMs` that restarts
 * with the first hit after `reset_at`.
 */
export async function countHit(deps: { db: Database; clock: Clock }, key: string, windowMs: number): Promise<Hit> {
  const now = deps.clock.now();
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await deps.db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  return { hits: row!.hits, ttlMs: Math.max(0, row!.resetAt.getTime() - now.getTime()) };
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
