import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openPostgres } from './db/client';
import { prepareDatabase } from './db/prepare';
import { manualClock } from './lib/clock';
import { createQueuedEmailSender, type OutgoingLetter, startLetterQueue } from './messaging/letter-queue';
import { openTemplateDatabase, SEED_DATE } from './testing/fixtures';
import { type RunningPostgres, startPostgres } from './testing/postgres';
import { accountSuite } from './testing/suites/accounts';
import { afterPurchaseSuite } from './testing/suites/cabinet';
import { catalogueSuite } from './testing/suites/catalogue';
import { paymentSuite } from './testing/suites/payment';
import { accountAttackSuite } from './testing/suites/security-accounts';
import { paymentAttackSuite } from './testing/suites/security-payment';

// The DB-facing suites again, on a real PostgreSQL 15 server started here on a free port: the same
// migrations, seed and queries as on PGlite.
let server: RunningPostgres;
let database: DatabaseHandle;

beforeAll(async () => {
  server = await startPostgres();
  database = await openPostgres(server.url);
  await prepareDatabase(database, manualClock(SEED_DATE), { demoAccounts: true });
});

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

/** A digest of the seed's generated data (results, seats, numbers, teams, dates) — equal means the same seed. */
async function seedFingerprint(db: Database): Promise<string> {
  const result = await db.execute(sql`
    select md5(concat_ws('#',
      (select string_agg(concat_ws(',', public_id, first_name, last_name, net_time, place_overall), '|' order by public_id) from result_rows),
      (select string_agg(concat_ws(',', public_id, booked), '|' order by public_id) from space_places),
      (select string_agg(concat_ws(',', format_id, number), '|' order by format_id, number) from booked_numbers),
      (select string_agg(concat_ws(',', public_id, members_count), '|' order by public_id) from teams),
      (select string_agg(concat_ws(',', public_id, extract(epoch from start_time)::bigint), '|' order by public_id) from event_cities)
    )) as digest`);
  // Both drivers answer { rows }; the shared query layer types the raw result as unknown.
  return (result as unknown as { rows: { digest: string }[] }).rows[0]!.digest;
}

describe('PostgreSQL 15', () => {
  it('migrations and seed are idempotent: preparing again changes nothing', async () => {
    expect(await prepareDatabase(database, manualClock(SEED_DATE), { demoAccounts: true })).toEqual({ seeded: false });
  });

  it('the seed is deterministic: PostgreSQL and the PGlite template hold the same data', async () => {
    const template = await openTemplateDatabase();
    try {
      expect(await seedFingerprint(database.db)).toBe(await seedFingerprint(template.db));
    } finally {
      await template.close();
    }
  });
  describe('catalogue', () => catalogueSuite(() => database));
  describe('accounts', () => accountSuite(() => database));
  describe('payment', () => paymentSuite(() => database));
  describe('after the purchase', () => afterPurchaseSuite(() => database));
  // The attacks too: the rate-limit counters are one upsert whose semantics PostgreSQL decides.
  describe('security: accounts and codes', () => accountAttackSuite(() => database));
  describe('security: payments', () => paymentAttackSuite(() => database));

  it('the letter queue: two processes draining one queue send each letter once', async () => {
    const clock = manualClock(SEED_DATE);
    const second = await openPostgres(server.url);
    const sent: string[] = [];
    const transport = {
      send: async (letter: OutgoingLetter) => {
        await new Promise((resolve) => setImmediate(resolve));
        sent.push(letter.to);
      },
    };
    const options = {
      from: 'Герои <noreply@geroi.example>',
      publicUrl: 'https://geroi.example',
      demo: false,
      batch: 3,
      intervalMs: 60_000,
    };
    const queues = [
      startLetterQueue({ db: database.db, clock }, transport, options),
      startLetterQueue({ db: second.db, clock }, transport, options),
    ];
    try {
      const sender = createQueuedEmailSender(database.db, clock);
      const to = Array.from({ length: 40 }, (_, i) => `pg-queue.${i}@example.ru`);
      for (const address of to) await sender.send({ to: address, subject: 'Письмо', text: 'Текст', key: 'pg-queue' });
      const counts = await Promise.all(queues.map((queue) => queue.drain()));
      expect(counts[0]! + counts[1]!).toBe(40);
      expect(sent.sort()).toEqual([...to].sort());
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
      await second.close();
    }
  });
});
