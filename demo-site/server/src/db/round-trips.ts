import type pg from 'pg';

/**
 * Statements sent to PostgreSQL by this process, counted when asked (`GID_COUNT_ROUND_TRIPS=1`, for
 * `bench/payment-floor.mjs`): every `query` of every pool client is one round trip (node-postgres
 * sends no pipelined batches). Requests then answer with `x-db-round-trips`, the count that moved
 * while they ran — exact when requests come one at a time, as the bench sends them.
 */
export const roundTrips = { count: 0 };

/** Counts every statement of the pool's clients (`pool.query` goes through a client too). */
export function countRoundTrips(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      roundTrips.count++;
      return query(...args);
    };
  });
}
