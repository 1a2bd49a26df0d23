import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;

/** The one query layer: the same drizzle API over embedded PGlite or a PostgreSQL server. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface PgliteOptions {
  /** A folder for the database files; in memory without one. */
  dataDir?: string;
  /** A tarball from `dumpDataDir` to start from (tests clone a migrated, seeded template this way). */
  loadDataDir?: Blob;
}

export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseHandle & { client: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return { db, kind: 'pglite', client, close: () => client.close() };
}

export async function openPostgres(connectionString: string): Promise<DatabaseHandle & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}
