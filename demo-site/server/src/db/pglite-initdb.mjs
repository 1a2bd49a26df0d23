// Creates an empty PGlite data directory (initdb) and exits: run as its own process by openPglite
// (client.ts) on a first start, so that initdb's memory (two wasm instances, ~600 MiB at its peak) is
// the short-lived process's and goes back to the system when it ends, not kept by the server.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: node pglite-initdb.mjs DATA_DIR');
  process.exit(2);
}
const db = await PGlite.create({ dataDir });
await db.close();
