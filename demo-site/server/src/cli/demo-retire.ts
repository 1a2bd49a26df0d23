// `pnpm --filter @gid/server run demo:retire`: closes the demo accounts of a database first seeded in demo
// mode (issue 33): sessions, networks, e-mail, phone, password and roles removed; their orders stay.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client';
import { retireDemoAccounts } from '../features/users/demo-accounts';
import { systemClock } from '../lib/clock';

async function openDatabase(): Promise<DatabaseHandle> {
  if (process.env.DATABASE_URL) return openPostgres(process.env.DATABASE_URL);
  const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  const dataDir = join(resolve(process.env.GID_DATA_DIR ?? join(repoRoot, '.data')), 'server-db');
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`База ${dataDir} не найдена: задайте DATABASE_URL или GID_DATA_DIR`);
  return openPglite({ dataDir });
}

let handle: DatabaseHandle;
try {
  handle = await openDatabase();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
try {
  const retired = await retireDemoAccounts(handle.db, systemClock.now());
  console.log(retired.length ? `Демо-аккаунты закрыты: ${retired.join(', ')}` : 'Открытых демо-аккаунтов нет');
} finally {
  await handle.close();
}
