import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Clock } from '../lib/clock';
import type { DatabaseHandle, Schema } from './client';
import { appMeta } from './schema/index';
import { seedDatabase } from './seed/index';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Runs the versioned migrations (the same files on PGlite and PostgreSQL). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  else await migratePostgres(handle.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
}

/**
 * Brings a database to a usable state: migrations, then the seed once (recorded in app_meta).
 * On PostgreSQL an advisory lock keeps several starting servers from seeding twice.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  clock: Clock,
  options: { demoAccounts: boolean },
): Promise<{ seeded: boolean }> {
  const run = async () => {
    await migrateDatabase(handle);
    const [done] = await handle.db.select().from(appMeta).where(eq(appMeta.key, 'seeded_at'));
    if (done) return { seeded: false };
    await handle.db.transaction(async (tx) => {
      await seedDatabase(tx, clock.now(), options);
      await tx.insert(appMeta).values({ key: 'seeded_at', value: clock.now().toISOString() });
    });
    return { seeded: true };
  };
  if (handle.kind === 'pglite') return run();
  return withAdvisoryLock(handle, run);
}

async function withAdvisoryLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  const pool = (handle as DatabaseHandle & { pool?: import('pg').Pool }).pool;
  if (!pool) return work();
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    // Waiting here while another process migrates and seeds is not a hung statement.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(7242001)');
    return await work();
  } catch (error) {
    failed = error as Error;
    throw error;
  } finally {
    // The session's lock ends with it; a connection that failed is dropped, not pooled.
    if (failed) client.release(failed);
    else {
      await client.query('select pg_advisory_unlock(7242001)').catch(() => undefined);
      await client.query('reset statement_timeout').catch(() => undefined);
      client.release();
    }
  }
}
