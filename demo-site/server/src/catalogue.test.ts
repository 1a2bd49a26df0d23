import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { openTemplateDatabase } from './testing/fixtures';
import { catalogueSuite } from './testing/suites/catalogue';

// Every read call of both specs over embedded PGlite (postgres.test.ts runs the same on PostgreSQL 15).
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

catalogueSuite(() => database);
