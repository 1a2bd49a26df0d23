// `pnpm --filter @gid/server run demo:retire`: closes the demo accounts of a database first seeded in demo
// mode (issue 33): sessions, networks, e-mail, phone, password and roles removed; their orders stay.
import { retireDemoAccounts } from '../features/users/demo-accounts';
import { systemClock } from '../lib/clock';
import { runCommand } from './database';

await runCommand(import.meta.url, async (db) => {
  const retired = await retireDemoAccounts(db, systemClock.now());
  return { code: 0, lines: [retired.length ? `Демо-аккаунты закрыты: ${retired.join(', ')}` : 'Открытых демо-аккаунтов нет'] };
});
