import { sql } from 'drizzle-orm';
import { onePer } from '../lib/one-per';
import type { Database } from './client';
import { rowsOf } from './json-rows';

/**
 * The planner's statistics of a table that grows fast, refreshed by the process that writes it.
 *
 * PostgreSQL's autovacuum analyses a table at most once a minute (PGlite, single-user, never). An
 * on-sale rush writes thousands of orders in seconds; until they are analysed, the planner believes
 * what the table held before — a few paid orders, no pending one — and every index on `status` looks
 * as narrow as the buyer's own e-mail. Measured on a fresh database (bench/providers.mjs): the hold
 * caps' sums walked all 5,582 pending orders through `orders_pending_idx` for every buyer, 5 ms each,
 * where the e-mail's index finds its one or two.
 *
 * `wrote(n)` counts rows written; once they reach `share` of the rows the last analysis counted (at
 * least `minimum`), one `ANALYZE` runs in the background — never two at once. A failed one (the database
 * gone for a moment) is forgotten: the next write tries again. The writer never waits for it.
 */
export class TableStatistics {
  private written = 0;
  private counted = 0;
  private running: Promise<void> | null = null;

  constructor(
    /** Analyses the table; resolves with the rows it counted. */
    private readonly analyze: () => Promise<number>,
    private readonly minimum = 500,
    private readonly share = 0.2,
  ) {}

  wrote(rows: number): void {
    this.written += rows;
    if (this.running || this.written < Math.max(this.minimum, this.counted * this.share)) return;
    const since = this.written;
    this.running = this.analyze()
      .then(
        (counted) => {
          this.counted = counted;
          this.written -= since;
        },
        () => {},
      )
      .finally(() => {
        this.running = null;
      });
  }

  /** Resolves when no analysis is running (tests, a clean stop). */
  async settled(): Promise<void> {
    await this.running;
  }
}

/** Analyses `tables`; resolves with the rows PostgreSQL now counts in the first. */
export function analyzer(db: Database, tables: string[]): () => Promise<number> {
  const names = sql.join(
    tables.map((table) => sql.identifier(table)),
    sql`, `,
  );
  return async () => {
    await db.execute(sql`analyze ${names}`);
    const rows = rowsOf<{ rows: number | string }>(
      await db.execute(sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = to_regclass(${tables[0]})`),
    );
    return Number(rows[0]?.rows ?? 0);
  };
}

/** The statistics of a database handle's orders and their lines (one per server). */
export const orderStatistics: (db: Database) => TableStatistics = onePer(
  (db: Database) => new TableStatistics(analyzer(db, ['orders', 'order_items'])),
);
