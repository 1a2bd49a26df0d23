import { lt, sql } from 'drizzle-orm';
import type { RateLimit } from '../../config';
import type { Database } from '../../db/client';
import { executeShaped, rowsOf, slot } from '../../db/json-rows';
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
    // One row per key (an upsert may touch a row once); its callers are counted in arrival order.
    const byKey = new Map<string, PendingHit[]>();
    for (const pending of batch) byKey.set(pending.key, [...(byKey.get(pending.key) ?? []), pending]);
    const now = this.deps.clock.now();
    const written = await upsertHits(
      this.deps,
      now,
      [...byKey].map(([key, callers]) => ({ key, hits: callers.length, windowMs: callers[0]!.windowMs })),
    );
    for (const [key, callers] of byKey) {
      const row = written.get(key);
      if (!row) {
        for (const pending of callers) pending.reject(new Error('rate limit row not written'));
        continue;
      }
      const ttlMs = Math.max(0, row.resetAt.getTime() - now.getTime());
      for (const [i, pending] of callers.entries()) pending.resolve({ hits: row.hits - callers.length + 1 + i, ttlMs });
    }
  }
}

/**
 * Adds `hits` to each key's count in one multi-row upsert; a key whose window is over restarts with
 * them. Answers each key's count (every process's hits) and when its window ends.
 */
async function upsertHits(
  deps: { db: Database },
  now: Date,
  rows: { key: string; hits: number; windowMs: number }[],
): Promise<Map<string, { hits: number; resetAt: Date }>> {
  const answers = new Map<string, { hits: number; resetAt: Date }>();
  // At most BATCH keys a statement. The rows travel as one JSON parameter, so the statement's text is
  // the same for every batch (built once, executeShaped) — a crowd of new addresses made a new text each time.
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH).map((row) => ({
      key: row.key,
      hits: row.hits,
      reset_at: new Date(now.getTime() + row.windowMs).toISOString(),
    }));
    const written = await executeShaped(deps.db, 'rate-limit hits', upsertHitsStatement, { rows: JSON.stringify(batch), now });
    for (const row of rowsOf<{ key: string; hits: number; reset_at: Date | string }>(written))
      answers.set(row.key, { hits: Number(row.hits), resetAt: new Date(row.reset_at) });
  }
  return answers;
}

/** The hits of a batch added to their keys' counts, a key whose window is over starting again. */
function upsertHitsStatement() {
  const restarts = sql`${rateLimits.resetAt} <= ${slot('now', rateLimits.resetAt)}`;
  return sql`insert into ${rateLimits} (${sql.identifier(rateLimits.key.name)}, ${sql.identifier(rateLimits.hits.name)}, ${sql.identifier(rateLimits.resetAt.name)})
    select key, hits, reset_at from json_to_recordset(${slot('rows')}::json) as batch(key text, hits integer, reset_at timestamptz)
    on conflict (${sql.identifier(rateLimits.key.name)}) do update set
      ${sql.identifier(rateLimits.hits.name)} = case when ${restarts} then excluded.hits else ${rateLimits.hits} + excluded.hits end,
      ${sql.identifier(rateLimits.resetAt.name)} = case when ${restarts} then excluded.reset_at else ${rateLimits.resetAt} end
    returning ${rateLimits.key}, ${rateLimits.hits}, ${rateLimits.resetAt}`;
}

/** What one process knows of a key it counts behind (see DeferredHits). */
interface DeferredKey {
  /** Every process's hits as the database last answered (0 before it answered). */
  base: number;
  /** Whether the database has answered for this key yet. */
  known: boolean;
  /** This process's hits not yet sent, and those in the write under way. */
  pending: number;
  inFlight: number;
  windowMs: number;
  /** When the window ends (ms): the database's figure once known, else this process's guess. */
  resetAt: number;
}

/** How long hits wait to be written together (a purchase never waits for it). */
export const DEFERRED_FLUSH_MS = 50;

/**
 * Counting behind, for the purchase's limit (issue 23: shared by every process, no round trip of its own
 * per purchase). A hit is decided at once from what this process knows — every process's count as the
 * database last answered plus this process's hits since — and written with the other hits of the next
 * 50 ms (DEFERRED_FLUSH_MS) in one upsert, whose answer brings the other processes' hits in. Within one
 * process the count is exact. Across processes a hit elsewhere is seen at the next write (≤ 50 ms and a
 * round trip later): a burst spread over N processes can pass the limit by what the others let through
 * in that time, never more. A key this process has not heard the database on lets one hit through blind;
 * a second hit of it waits for that write (so a key limited elsewhere is refused from its second hit here).
 */
class DeferredHits {
  private readonly keys = new Map<string, DeferredKey>();
  /** The keys with hits not yet sent: a flush reads these, not every key of the window (thousands in a rush). */
  private readonly dirty = new Set<string>();
  /** The time of the last written batch: a key idle since and whose window was over then is forgotten. */
  private forgetBefore = Number.NEGATIVE_INFINITY;
  /** When the forgotten keys were last dropped from memory (a pass over every key, at most once a second). */
  private droppedAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private flight: Promise<void> | undefined;

  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  async count(key: string, windowMs: number): Promise<Hit> {
    for (;;) {
      const now = this.deps.clock.now().getTime();
      let state = this.keys.get(key);
      // Forgotten at the last write (its window over, nothing of it to write): it starts unknown again.
      if (state && forgotten(state, this.forgetBefore)) {
        this.keys.delete(key);
        state = undefined;
      }
      if (state && now >= state.resetAt) {
        // The window is over here too: the database restarts it with the next write.
        state.base = 0;
        state.resetAt = now + windowMs;
      }
      if (!state) {
        state = { base: 0, known: false, pending: 0, inFlight: 0, windowMs, resetAt: now + windowMs };
        this.keys.set(key, state);
      }
      if (state.known || state.pending + state.inFlight === 0) {
        state.pending++;
        this.dirty.add(key);
        this.schedule();
        return { hits: state.base + state.inFlight + state.pending, ttlMs: Math.max(0, state.resetAt - now) };
      }
      await this.flush();
    }
  }

  private schedule(delayMs = DEFERRED_FLUSH_MS): void {
    if (this.timer || this.flight) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, delayMs);
    this.timer.unref();
  }

  /** Writes every pending hit now (after the write under way, if one is); hits that fail to be written stay pending. */
  private async flush(): Promise<void> {
    if (this.flight) {
      await this.flight.catch(() => undefined);
      return this.flush();
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.dirty.size === 0) return;
    const sending: [string, DeferredKey][] = [];
    for (const key of this.dirty) {
      const state = this.keys.get(key)!;
      state.inFlight = state.pending;
      state.pending = 0;
      sending.push([key, state]);
    }
    this.dirty.clear();
    const now = this.deps.clock.now();
    this.flight = upsertHits(
      this.deps,
      now,
      sending.map(([key, state]) => ({ key, hits: state.inFlight, windowMs: state.windowMs })),
    ).then(
      (written) => {
        for (const [key, state] of sending) {
          const row = written.get(key);
          if (row) {
            state.base = row.hits;
            state.known = true;
            state.resetAt = row.resetAt.getTime();
          } else {
            state.pending += state.inFlight;
            this.dirty.add(key);
          }
          state.inFlight = 0;
        }
        // Keys whose window is over and that have nothing to write are forgotten (`forgotten`, read as
        // each is next counted); memory is cleared of them by a pass over all keys, once a second at most.
        const at = now.getTime();
        this.forgetBefore = at;
        if (at - this.droppedAt >= 1000) {
          this.droppedAt = at;
          for (const [key, state] of this.keys) if (forgotten(state, at)) this.keys.delete(key);
        }
      },
      (error: unknown) => {
        for (const [key, state] of sending) {
          state.pending += state.inFlight;
          state.inFlight = 0;
          if (state.pending > 0) this.dirty.add(key);
        }
        throw error;
      },
    );
    let failed = false;
    try {
      await this.flight;
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      this.flight = undefined;
      // After a failed write (the database away) the hits wait a second, not a beat, to be tried again.
      if (this.dirty.size > 0) this.schedule(failed ? 1000 : DEFERRED_FLUSH_MS);
    }
  }
}

/** A key forgotten by the write at `writtenAt`: its window was over then, and it had nothing to write. */
const forgotten = (state: DeferredKey, writtenAt: number): boolean => state.resetAt <= writtenAt && state.pending + state.inFlight === 0;

const deferred = new WeakMap<Database, WeakMap<Clock, DeferredHits>>();

/** Counts one hit on `key` behind (see DeferredHits): decided at once, written in the next batch. */
export function countHitDeferred(deps: { db: Database; clock: Clock }, key: string, windowMs: number): Promise<Hit> {
  let byClock = deferred.get(deps.db);
  if (!byClock) {
    byClock = new WeakMap();
    deferred.set(deps.db, byClock);
  }
  let counter = byClock.get(deps.clock);
  if (!counter) {
    counter = new DeferredHits(deps);
    byClock.set(deps.clock, counter);
  }
  return counter.count(key, windowMs);
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

/** Takes one hit of `key`'s current window back (a password check that turned out right). */
export async function uncountHit(deps: { db: Database; clock: Clock }, key: string): Promise<void> {
  await deps.db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > ${deps.clock.now()}`);
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
