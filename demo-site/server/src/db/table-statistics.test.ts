import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from './client';
import { rowsOf } from './json-rows';
import { analyzer, TableStatistics } from './table-statistics';

/** An analysis the test resolves or rejects by hand, counting its calls. */
function manualAnalysis() {
  const calls: { resolve: (rows: number) => void; reject: (error: Error) => void }[] = [];
  const analyze = () => new Promise<number>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, analyze };
}

describe('TableStatistics', () => {
  it('analyses once the rows written reach the minimum, then a share of the rows counted', async () => {
    const { calls, analyze } = manualAnalysis();
    const statistics = new TableStatistics(analyze, 100, 0.5);
    statistics.wrote(99);
    expect(calls).toHaveLength(0);
    statistics.wrote(1);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(1000);
    await statistics.settled();
    // 1,000 rows counted: the next analysis waits for 500 more rows written, not 100.
    statistics.wrote(499);
    expect(calls).toHaveLength(1);
    statistics.wrote(1);
    expect(calls).toHaveLength(2);
  });

  it('never runs two analyses at once; rows written meanwhile count towards the next', async () => {
    const { calls, analyze } = manualAnalysis();
    const statistics = new TableStatistics(analyze, 10, 0);
    statistics.wrote(10);
    statistics.wrote(50);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(10);
    await statistics.settled();
    // The 50 written while it ran are still counted: the next write starts the next analysis.
    statistics.wrote(1);
    expect(calls).toHaveLength(2);
  });

  it('forgets a failed analysis: the next write tries again', async () => {
    const { calls, analyze } = manualAnalysis();
    const statistics = new TableStatistics(analyze, 10, 0);
    statistics.wrote(10);
    calls[0]!.reject(new Error('connection lost'));
    await statistics.settled();
    statistics.wrote(1);
    expect(calls).toHaveLength(2);
  });
});

describe('analyzer', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite();
    await handle.db.execute(sql`create table grown (id integer primary key, status text not null)`);
    await handle.db.execute(sql`create index grown_status on grown (status)`);
  });
  afterAll(() => handle.close());

  it('refreshes what the planner knows of a table that grew, and answers its rows', async () => {
    const known = async () =>
      rowsOf<{ reltuples: number }>(await handle.db.execute(sql`select reltuples::float8 from pg_class where relname = 'grown'`))[0]!
        .reltuples;
    await handle.db.execute(sql`insert into grown select n, 'pending' from generate_series(1, 1500) n`);
    expect(await known()).toBeLessThan(1500);
    expect(await analyzer(handle.db, ['grown'])()).toBe(1500);
    expect(await known()).toBe(1500);
  });
});
