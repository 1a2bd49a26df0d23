import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { openTemplateDatabase } from './testing/fixtures';
import { ticketSuite } from './testing/suites/tickets';

// The cabinet's tickets over embedded PGlite (postgres.test.ts runs the same on PostgreSQL 15).
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

ticketSuite(() => database);
