import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { openTemplateDatabase } from './testing/fixtures';
import { cabinetSuite } from './testing/suites/cabinet';

// Shop orders, insurances, uploads and documents over embedded PGlite (postgres.test.ts runs the same on PostgreSQL 15).
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

cabinetSuite(() => database);
