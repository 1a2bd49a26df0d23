import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { eventCities, eventFormats, eventKeys } from '../db/schema/index';
import { publicEventKeys, signTicketCode, verifyTicketCode } from '../features/checkin/keys';
import { manualClock } from '../lib/clock';
import { stablePublicId } from '../lib/crypto';
import { openTemplateDatabase } from '../testing/fixtures';
import { rotateKeysCommand } from './keys-rotate';

// The key-rotation command (issue 24) on the template database: by public id or number, codes signed
// before still verify, new ones carry the new kid; bad arguments and an unknown event city fail clearly.
let database: DatabaseHandle;
const clock = manualClock(new Date('2026-05-01T07:00:00Z'));
let place: { id: number; publicId: string };

beforeAll(async () => {
  database = await openTemplateDatabase();
  const [row] = await database.db
    .select({ id: eventCities.id, publicId: eventCities.publicId })
    .from(eventFormats)
    .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
    .where(eq(eventFormats.publicId, stablePublicId('format:spring-run/petersburg/10k')));
  place = row!;
});
afterAll(async () => {
  await database?.close();
});

const code = () => signTicketCode(database.db, clock, place.id, { t: 'ticket', e: place.publicId, f: 'format', v: 1 });
const kidOf = (signed: string) => JSON.parse(Buffer.from(signed.split('.')[0]!, 'base64url').toString()).kid as string;
const activeKids = async () =>
  (await database.db.select().from(eventKeys).where(eq(eventKeys.eventCityId, place.id)))
    .filter((key) => !key.retiredAt)
    .map((key) => key.kid);

describe('keys:rotate', () => {
  it('retires the active key by public id, then by number: old codes verify, new ones carry the new kid', async () => {
    const before = await code();
    const first = await rotateKeysCommand(['--', '--event-city', place.publicId], database.db, clock);
    expect(first.code).toBe(0);
    const afterFirst = await code();
    expect(kidOf(afterFirst)).not.toBe(kidOf(before));
    expect(first.lines[0]).toBe(
      `Событие ${place.publicId} (№ ${place.id}): новый ключ ${kidOf(afterFirst)}; прежний ${kidOf(before)} выведен из подписи и проверяет уже показанные коды`,
    );
    const second = await rotateKeysCommand(['--event-city', String(place.id)], database.db, clock);
    expect(second.code).toBe(0);
    const afterSecond = await code();
    expect(new Set([kidOf(before), kidOf(afterFirst), kidOf(afterSecond)]).size).toBe(3);
    expect(await activeKids()).toEqual([kidOf(afterSecond)]);
    for (const signed of [before, afterFirst, afterSecond])
      expect(await verifyTicketCode(database.db, signed)).toMatchObject({ eventCityId: place.id, code: { t: 'ticket' } });
  });

  it('refuses a missing or unknown event city and an unknown option, changing no key', async () => {
    const kids = await activeKids();
    expect(await rotateKeysCommand([], database.db, clock)).toMatchObject({
      code: 2,
      lines: [expect.stringMatching(/^Укажите событие/), '', expect.any(String)],
    });
    expect(await rotateKeysCommand(['--event', '1'], database.db, clock)).toMatchObject({
      code: 2,
      lines: [expect.stringMatching(/^Неизвестный параметр/), '', expect.any(String)],
    });
    expect(await rotateKeysCommand(['--event-city', 'ffffffffffffffffffffffff'], database.db, clock)).toEqual({
      code: 1,
      lines: ['Событие ffffffffffffffffffffffff не найдено'],
    });
    expect(await rotateKeysCommand(['--event-city', '999999'], database.db, clock)).toMatchObject({ code: 1 });
    expect(await activeKids()).toEqual(kids);
  });

  it('revokes a key by its kid (issue 33): its codes are refused, scanners no longer get it, a new key signs', async () => {
    const leaked = await code();
    expect(await verifyTicketCode(database.db, leaked)).not.toBeNull();
    expect(await rotateKeysCommand(['--revoke', kidOf(leaked)], database.db, clock)).toEqual({
      code: 0,
      lines: [`Ключ ${kidOf(leaked)} отозван: его коды больше не принимаются (на всех серверах — в течение минуты)`],
    });
    expect(await verifyTicketCode(database.db, leaked)).toBeNull();
    expect((await publicEventKeys(database.db, clock, place.id)).map((key) => key.kid)).not.toContain(kidOf(leaked));
    const fresh = await code();
    expect(kidOf(fresh)).not.toBe(kidOf(leaked));
    expect(await verifyTicketCode(database.db, fresh)).toMatchObject({ eventCityId: place.id });
    expect(await rotateKeysCommand(['--revoke', 'no-such-kid'], database.db, clock)).toEqual({
      code: 1,
      lines: ['Ключ no-such-kid не найден'],
    });
  });
});
