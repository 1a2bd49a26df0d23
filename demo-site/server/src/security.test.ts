import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { openTemplateDatabase } from './testing/fixtures';
import { accountAttackSuite } from './testing/suites/security-accounts';
import { paymentAttackSuite } from './testing/suites/security-payment';

// Issue 15's attacks on the accounts, codes and payments, over embedded PGlite.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

accountAttackSuite(() => database);
paymentAttackSuite(() => database);
