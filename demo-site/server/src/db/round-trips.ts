import type pg from 'pg';

/**
 * Statements sent to PostgreSQL by this process, counted when asked (`GID_COUNT_ROUND_TRIPS=1`, for
 * `bench/payment-floor.mjs`): every `query` of every pool client is one round trip (node-postgres
 * sends no pipelined batches). Requests then answer with `x-db-round-trips`, the count that moved
 * while they ran — exact when requests come one at a time, as the bench sends them — and
 * `x-db-round-trips-total` (own, shared), the process's running totals, for figures under load.
 */
export const roundTrips = {
  /** Statements sent on behalf of requests (every statement but the batched ones below). */
  count: 0,
  /**
   * Batched writes shared by many requests, sent on a timer (the purchase limit's counters counted
   * behind, `countHitDeferred`): not any one request's round trip. The bench divides them by the
   * purchases of a run.
   */
  shared: 0,
};

/** The batched rate-limit writes (`rate_limits` upserts) — the only statements counted as shared. */
const SHARED = /^insert into "rate_limits"/;

/** Counts every statement of the pool's clients (`pool.query` goes through a client too). */
export function countRoundTrips(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text && SHARED.test(text)) roundTrips.shared++;
      else roundTrips.count++;
      return query(...args);
    };
  });
}
