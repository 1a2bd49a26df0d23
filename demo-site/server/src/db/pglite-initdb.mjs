// Creates an empty PGlite data directory (initdb) and exits: run as its own process by openPglite
// (client.ts) on a first start, so that initdb's memory (two wasm instances, ~600 MiB at its peak) is
// the short-lived process's and goes back to the system when it ends, not kept by the server.
// With `--migrate MIGRATIONS_DIR` it also applies the migrations: the build (build.mjs) makes
// dist/pglite-template this way once, and a first start copies that folder instead of running initdb.
import { PGlite } from '@electric-sql/pglite';

const [dataDir, flag, migrationsFolder] = process.argv.slice(2);
if (!dataDir || (flag !== undefined && (flag !== '--migrate' || !migrationsFolder))) {
  console.error('usage: node pglite-initdb.mjs DATA_DIR [--migrate MIGRATIONS_DIR]');
  process.exit(2);
}
const db = await PGlite.create({ dataDir });
if (migrationsFolder) {
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await migrate(drizzle({ client: db }), { migrationsFolder });
}
await db.close();
