import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CompactSign, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { checkins, eventCities, eventFormats, eventStaff, tickets } from '../../db/schema/index';
import { stablePublicId as id } from '../../lib/crypto';
import { type Body, createTestApp, openTemplateDatabase, type TestApp } from '../../testing/fixtures';
import { insertTicket, signedInUser, type TestUser } from '../../testing/purchases';
import { rotateEventKey } from './keys';

// Check-in at the start line (issue 24) over embedded PGlite; checkin-race.test.ts races two processes on PostgreSQL.
const here = id('format:spring-run/petersburg/10k');
const elsewhere = id('format:kids-league/voronezh/500m');

let database: DatabaseHandle;
let api: TestApp;
let staff: TestUser;
let buyer: TestUser;
let eventCityId: string;
let otherEventCityId: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: TestUser | string, payload?: object) =>
  api.request({ method, url, ...(who ? { token: typeof who === 'string' ? who : who.token } : {}), ...(payload ? { payload } : {}) });

async function eventCityOf(formatPublicId: string) {
  const [row] = await api.deps.db
    .select({ id: eventCities.id, publicId: eventCities.publicId })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .where(eq(eventFormats.publicId, formatPublicId));
  return row!;
}

/** A bought, registered ticket of `buyer` and its signed code as the cabinet answers it. */
async function boughtTicket(formatPublicId = here, holder = buyer) {
  const ticket = await insertTicket(api.deps.db, api.clock.now(), {
    formatPublicId,
    userId: holder.id,
    info: { first_name: 'Иван', last_name: 'Петров', registered: true },
  });
  return { ticket, qr: await codeOf(ticket.publicId, holder) };
}

async function codeOf(publicId: string, holder: TestUser): Promise<string> {
  const response = await call('GET', `/api/user/ticket/${publicId}`, holder);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().qr_code;
}

const scan = async (qr: string, who: TestUser | string = staff, scanId: string = randomUUID(), device = 'стойка 2'): Promise<Body> => {
  const response = await call('POST', '/api/staff/checkin', who, {
    qr,
    scan_id: scanId,
    device,
    scanned_at: api.clock.now().toISOString(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(database);
  staff = await signedInUser(api.deps, 'staff');
  buyer = await signedInUser(api.deps, 'runner');
  const place = await eventCityOf(here);
  eventCityId = place.publicId;
  otherEventCityId = (await eventCityOf(elsewhere)).publicId;
  await api.deps.db.insert(eventStaff).values({ userId: staff.id, eventCityId: place.id, grantedAt: api.clock.now() });
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

describe('who may scan', () => {
  it('the seed makes staff@geroi.example staff of every event (demo mode)', async () => {
    const login = await call('PUT', '/api/auth', undefined, { email: 'staff@geroi.example', password: 'Staff1234' });
    expect(login.statusCode, login.body).toBe(200);
    const events = await call('GET', '/api/staff/events', login.json().token);
    expect(events.statusCode).toBe(200);
    const all = await api.deps.db.select({ startTime: eventCities.startTime }).from(eventCities);
    const from = api.clock.now().getTime() - 36 * 3_600_000;
    const upcoming = all.filter((eventCity) => eventCity.startTime.getTime() >= from);
    expect(upcoming.length).toBeLessThan(all.length);
    expect(events.json().values).toHaveLength(upcoming.length);
  });

  it("refuses a guest (401) and someone who is nobody's staff (403) on every staff call", async () => {
    const { qr } = await boughtTicket();
    const body = { qr, scan_id: randomUUID(), device: '1', scanned_at: api.clock.now().toISOString() };
    for (const [method, url, payload] of [
      ['GET', '/api/staff/events', undefined],
      ['POST', '/api/staff/checkin', body],
      ['GET', `/api/staff/events/${eventCityId}/tickets`, undefined],
      ['GET', `/api/staff/events/${eventCityId}/counts`, undefined],
    ] as const) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      const refused = await call(method, url, buyer, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('Доступно только персоналу мероприятия');
    }
    expect(await api.deps.db.select().from(checkins).where(eq(checkins.scanId, body.scan_id))).toHaveLength(0);
  });

  it('refuses staff of another event: its list and counts are 403, its ticket is «Другое событие» and stays unchecked', async () => {
    expect((await call('GET', `/api/staff/events/${otherEventCityId}/tickets`, staff)).statusCode).toBe(403);
    expect((await call('GET', `/api/staff/events/${otherEventCityId}/counts`, staff)).statusCode).toBe(403);
    const { ticket, qr } = await boughtTicket(elsewhere);
    expect(await scan(qr)).toEqual({ status: 'refused', reason: 'Другое событие', ticket: null });
    expect(await scan(`manual:${ticket.publicId}`)).toEqual({ status: 'refused', reason: 'Другое событие', ticket: null });
    expect(await api.deps.db.select().from(checkins).where(eq(checkins.ticketId, ticket.id))).toHaveLength(0);
  });

  it('a bad body is a 400 with a Russian message', async () => {
    const response = await call('POST', '/api/staff/checkin', staff, { qr: 'x', scan_id: 'not-a-uuid', device: '', scanned_at: 'вчера' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Некорректн/);
    expect(response.body).not.toMatch(/at .*\.ts/);
  });
});

describe('scanning', () => {
  it('the first scan is green with the name, format and number; the next is a duplicate naming the first', async () => {
    const { ticket, qr } = await boughtTicket();
    expect(qr).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const first = await scan(qr);
    expect(first).toEqual({ status: 'ok', ticket: { number: ticket.number, participant: 'Петров Иван', format: expect.any(String) } });
    const again = await scan(qr, staff, randomUUID(), 'стойка 5');
    expect(again.status).toBe('duplicate');
    // The seed date's clock is 07:00 UTC: 10:00 in Saint Petersburg.
    expect(again.reason).toBe('Уже отмечен в 10:00, стойка 2');
    expect(again.first_scan).toMatchObject({ device: 'стойка 2' });
    // The cabinet shows it used; it can no longer be passed on.
    const card = (await call('GET', `/api/user/ticket/${ticket.publicId}`, buyer)).json();
    expect(card.info.offline_registered).toBe(true);
    const transfer = await call('PUT', '/api/user/ticket/transfer', buyer, { public_id: ticket.publicId, email: 'friend@test.example' });
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json().message).toBe('Билет уже использован');
  });

  it('is idempotent by scan_id: the same scan sent again gets the same answer and checks in once', async () => {
    const { ticket, qr } = await boughtTicket();
    const scanId = randomUUID();
    const answers = await Promise.all([scan(qr, staff, scanId), scan(qr, staff, scanId), scan(qr, staff, scanId)]);
    for (const answer of answers) expect(answer.status).toBe('ok');
    expect(await api.deps.db.select().from(checkins).where(eq(checkins.ticketId, ticket.id))).toHaveLength(1);
  });

  it('refuses forged codes: another key, an altered payload, garbage', async () => {
    const { ticket, qr } = await boughtTicket();
    const [header, payload, signature] = qr.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...claims, v: claims.v + 1 })).toString('base64url');
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const kid = JSON.parse(Buffer.from(header!, 'base64url').toString()).kid;
    const foreign = await new CompactSign(Buffer.from(JSON.stringify(claims))).setProtectedHeader({ alg: 'EdDSA', kid }).sign(privateKey);
    for (const forged of [
      `${header}.${altered}.${signature}`,
      foreign,
      'hello',
      `${header}..${signature}`,
      'manual:ffffffffffffffffffffffff',
    ]) {
      expect(await scan(forged), forged).toEqual({ status: 'refused', reason: 'Поддельный код', ticket: null });
    }
    expect(await api.deps.db.select().from(checkins).where(eq(checkins.ticketId, ticket.id))).toHaveLength(0);
  });

  it("a transferred ticket gets a new version: the old code is «Билет передан», the new holder's code scans", async () => {
    const friend = await signedInUser(api.deps, 'friend');
    const { ticket, qr: oldCode } = await boughtTicket();
    expect((await call('PUT', '/api/user/ticket/transfer', buyer, { public_id: ticket.publicId, email: friend.email })).statusCode).toBe(
      200,
    );
    // While the transfer waits, the code still belongs to the giver.
    expect(await codeOf(ticket.publicId, buyer)).toBe(oldCode);
    const accepted = await call('PUT', '/api/user/ticket/confirm/transfer', friend, { public_id: ticket.publicId, transfer_confirm: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const given = (await call('GET', '/api/user/tickets/transfered', buyer))
      .json()
      .values.find((t: Body) => t.public_id === ticket.publicId);
    expect(given.qr_code).toBeNull();
    const newCode = (await call('GET', '/api/user/tickets/my', friend))
      .json()
      .values.find((t: Body) => t.public_id === ticket.publicId).qr_code;
    expect(newCode).not.toBe(oldCode);
    expect(await scan(oldCode)).toMatchObject({ status: 'refused', reason: 'Билет передан' });
    expect(await scan(newCode)).toMatchObject({ status: 'ok' });
  });

  it('keys rotate without breaking codes already shown', async () => {
    const { qr: before } = await boughtTicket();
    const place = await eventCityOf(here);
    await rotateEventKey(api.deps.db, api.clock, place.id);
    const { qr: after } = await boughtTicket();
    const kidOf = (code: string) => JSON.parse(Buffer.from(code.split('.')[0]!, 'base64url').toString()).kid;
    expect(kidOf(after)).not.toBe(kidOf(before));
    expect(await scan(before)).toMatchObject({ status: 'ok' });
    expect(await scan(after)).toMatchObject({ status: 'ok' });
    const list = (await call('GET', `/api/staff/events/${eventCityId}/tickets`, staff)).json();
    expect(list.keys.map((key: Body) => key.kid)).toEqual(expect.arrayContaining([kidOf(before), kidOf(after)]));
    for (const key of list.keys) expect(key.jwk.d).toBeUndefined();
  });

  it('the manual search checks a ticket in by its id', async () => {
    const { ticket } = await boughtTicket();
    expect(await scan(`manual:${ticket.publicId}`)).toMatchObject({ status: 'ok', ticket: { number: ticket.number } });
  });
});

describe('the list a scanner takes offline', () => {
  it('gives the tickets, keys and a cursor; the delta after check-ins and a return holds only what changed', async () => {
    const { ticket, qr } = await boughtTicket();
    const response = await api.request({
      method: 'GET',
      url: `/api/staff/events/${eventCityId}/tickets`,
      token: staff.token,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    const full = JSON.parse((await import('node:zlib')).gunzipSync(response.rawPayload).toString());
    expect(full.full).toBe(true);
    expect(full.tickets).toContainEqual({ id: ticket.publicId, v: 1, n: ticket.number, p: 'Петров Иван', f: expect.any(Number) });
    expect(full.keys[0]).toMatchObject({ active: true, jwk: { kty: 'OKP', crv: 'Ed25519' } });

    await scan(qr);
    const { ticket: other } = await boughtTicket();
    // Refunded as the payment's refund does it: the status changes, the database trigger raises the version.
    await api.deps.db.update(tickets).set({ status: 'returned' }).where(eq(tickets.id, other.id));
    const delta = (await call('GET', `/api/staff/events/${eventCityId}/tickets?since=${full.cursor}`, staff)).json();
    expect(delta.full).toBe(false);
    expect(delta.tickets.find((entry: Body) => entry.id === ticket.publicId)).toMatchObject({ c: expect.any(String), d: 'стойка 2' });
    expect(delta.revoked).toContainEqual({ id: other.publicId, v: 2 });
    expect(delta.tickets.find((entry: Body) => entry.id === other.publicId)).toBeUndefined();
    expect(Number(delta.cursor)).toBeGreaterThan(Number(full.cursor));
    // Nothing changed after the newest cursor (beyond the overlap kept for transactions committing late).
    const later = (await call('GET', `/api/staff/events/${eventCityId}/tickets?since=${Number(delta.cursor) + 100}`, staff)).json();
    expect(later).toMatchObject({ tickets: [], revoked: [] });
    expect((await call('GET', `/api/staff/events/${eventCityId}/tickets?since=-1`, staff)).statusCode).toBe(400);
  });

  it("a later duplicate reaches the first scanner: the delta carries the ticket with the repeat's count, time and device", async () => {
    const { ticket, qr } = await boughtTicket();
    await scan(qr, staff, randomUUID(), 'Стойка 1');
    const before = (await call('GET', `/api/staff/events/${eventCityId}/tickets`, staff)).json();
    expect(before.tickets.find((entry: Body) => entry.id === ticket.publicId)).not.toHaveProperty('r');
    const repeatId = randomUUID();
    expect(await scan(qr, staff, repeatId, 'Стойка 2')).toMatchObject({ status: 'duplicate' });
    // The same duplicate sent again (its answer lost) is not counted twice.
    expect(await scan(qr, staff, repeatId, 'Стойка 2')).toMatchObject({ status: 'duplicate' });
    const delta = (await call('GET', `/api/staff/events/${eventCityId}/tickets?since=${before.cursor}`, staff)).json();
    expect(delta.tickets.find((entry: Body) => entry.id === ticket.publicId)).toMatchObject({
      c: expect.any(String),
      d: 'Стойка 1',
      r: [{ c: api.clock.now().toISOString(), d: 'Стойка 2' }],
      rn: 1,
    });
    // Not a new version: the holder's code still names the ticket as it is.
    expect(await codeOf(ticket.publicId, buyer)).toBe(qr);
  });

  it('counts checked in and sold', async () => {
    const before = (await call('GET', `/api/staff/events/${eventCityId}/counts`, staff)).json();
    const { qr } = await boughtTicket();
    await scan(qr);
    const after = (await call('GET', `/api/staff/events/${eventCityId}/counts`, staff)).json();
    expect(after).toEqual({ event_city_id: eventCityId, sold: before.sold + 1, checked_in: before.checked_in + 1 });
  });
});
