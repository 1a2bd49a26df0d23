import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, type DatabaseHandle, openPglite, openPostgres } from '../db/client';

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

/**
 * Runs an administrator's command when its file is the one node was started with: opens the database,
 * prints the command's lines (errors to stderr) and exits with its code.
 */
export async function runCommand(moduleUrl: string, command: (db: Database) => Promise<{ code: number; lines: string[] }>): Promise<void> {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  try {
    const result = await command(handle.db);
    for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
    process.exitCode = result.code;
  } finally {
    await handle.close();
  }
}
