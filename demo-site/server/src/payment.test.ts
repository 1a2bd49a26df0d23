import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { openTemplateDatabase } from './testing/fixtures';
import { paymentSuite } from './testing/suites/payment';

// The money path over embedded PGlite (postgres.test.ts runs the same on PostgreSQL 15).
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

paymentSuite(() => database);
