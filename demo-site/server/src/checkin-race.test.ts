import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from './db/client';
import { prepareDatabase } from './db/prepare';
import { checkins, eventCities, eventFormats, users } from './db/schema/index';
import { signTicketCode } from './features/checkin/keys';
import { systemClock } from './lib/clock';
import { stablePublicId } from './lib/crypto';
import { type RunningPostgres, startPostgres } from './testing/postgres';
import { insertTicket } from './testing/purchases';
import { startServerProcess, stopServerProcesses } from './testing/server-process';

// Issue 24: two scanners at two server processes on one PostgreSQL scan one ticket at once — exactly
// one check-in, every other answer a duplicate naming it.
const format = stablePublicId('format:spring-run/petersburg/10k');

let postgres: RunningPostgres;
let database: DatabaseHandle;
const urls: string[] = [];

const startProcess = async (url: string) => (await startServerProcess(url)).url;

beforeAll(async () => {
  postgres = await startPostgres();
  database = await openPostgres(postgres.url);
  // The demo accounts (the staff account among them) are seeded here; the processes then reopen the database.
  await prepareDatabase(database, systemClock, { demoAccounts: true });
  urls.push(await startProcess(postgres.url), await startProcess(postgres.url));
}, 240_000);

afterAll(async () => {
  await stopServerProcesses();
  await database?.close();
  await postgres?.stop();
});

it('20 scans of one ticket across two processes: exactly one checks it in, the others are duplicates', async () => {
  const [buyer] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@geroi.example'));
  const ticket = await insertTicket(database.db, new Date(), {
    formatPublicId: format,
    userId: buyer!.id,
    info: { last_name: 'Петров', first_name: 'Иван' },
  });
  const [place] = await database.db
    .select({ id: eventCities.id, publicId: eventCities.publicId })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .where(eq(eventFormats.publicId, format));
  const qr = await signTicketCode(database.db, systemClock, place!.id, { t: ticket.publicId, e: place!.publicId, f: format, v: 1 });

  const login = await fetch(`${urls[0]}/api/auth`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'staff@geroi.example', password: 'Staff1234' }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };

  const answers = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const response = await fetch(`${urls[i % 2]}/api/staff/checkin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ qr, scan_id: randomUUID(), device: `стойка ${(i % 2) + 1}`, scanned_at: new Date().toISOString() }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { status: string; first_scan?: { device: string } };
    }),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses.filter((status) => status === 'ok')).toHaveLength(1);
  expect(statuses.filter((status) => status === 'duplicate')).toHaveLength(19);
  const rows = await database.db.select().from(checkins).where(eq(checkins.ticketId, ticket.id));
  expect(rows).toHaveLength(1);
  for (const answer of answers.filter((a) => a.status === 'duplicate')) expect(answer.first_scan?.device).toBe(rows[0]!.device);
}, 120_000);
