import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';

/**
 * The site's database for an administrator's command: DATABASE_URL (PostgreSQL), or the embedded PGlite
 * in <GID_DATA_DIR>/server-db — never a new empty one (the site makes it on its first start).
 */
export async function openDatabase(): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL) return openPostgres(process.env.DATABASE_URL);
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  const dataDir = join(resolve(process.env.GID_DATA_DIR ?? join(repoRoot, '.data')), 'server-db');
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new Error(`База ${dataDir} не найдена: запустите сайт хотя бы раз или задайте DATABASE_URL`);
  return openPglite({ dataDir });
}
