import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { HttpError } from '../../lib/errors';
import { openTemplateDatabase, uniquePhone } from '../../testing/fixtures';
import { checkSmsCode, consumeCode, findLinkCode, issueLinkCode, issueSmsCode } from './service';

// The one-time codes service on the seeded PGlite database, without HTTP.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

const setup = () => ({ db: database.db, clock: manualClock('2026-05-01T10:00:00Z'), config: defaultConfig() });

async function rejection(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return { status: error.statusCode, message: error.message };
}

describe('SMS codes', () => {
  it('are 4 digits, single use, and only for their phone and purpose', async () => {
    const deps = setup();
    const phone = uniquePhone();
    const code = await issueSmsCode(deps, { purpose: 'sms_login', target: phone, userId: null });
    expect(code).toMatch(/^\d{4}$/);
    expect(await rejection(checkSmsCode(deps, { purpose: 'sms_register', target: phone, code }))).toEqual({
      status: 400,
      message: 'Сначала запросите код',
    });
    expect(await rejection(checkSmsCode(deps, { purpose: 'sms_login', target: uniquePhone(), code }))).toMatchObject({ status: 400 });
    expect((await checkSmsCode(deps, { purpose: 'sms_login', target: phone, code })).target).toBe(phone);
    expect(await rejection(checkSmsCode(deps, { purpose: 'sms_login', target: phone, code }))).toEqual({
      status: 400,
      message: 'Сначала запросите код',
    });
  });

  it('a resend waits out the cooldown, and the new code replaces the old one', async () => {
    const deps = setup();
    const phone = uniquePhone();
    const first = await issueSmsCode(deps, { purpose: 'sms_login', target: phone, userId: null });
    deps.clock.advance(30_000);
    expect(await rejection(issueSmsCode(deps, { purpose: 'sms_login', target: phone, userId: null }))).toEqual({
      status: 429,
      message: 'Повторно запросить код можно через 30 сек.',
    });
    deps.clock.advance(30_000);
    const second = await issueSmsCode(deps, { purpose: 'sms_login', target: phone, userId: null });
    if (first !== second)
      expect(await rejection(checkSmsCode(deps, { purpose: 'sms_login', target: phone, code: first }))).toMatchObject({ status: 400 });
    expect(await checkSmsCode(deps, { purpose: 'sms_login', target: phone, code: second })).toBeTruthy();
  });

  it('expire after 5 minutes and die on the 5th wrong try', async () => {
    const deps = setup();
    const phone = uniquePhone();
    const code = await issueSmsCode(deps, { purpose: 'sms_login', target: phone, userId: null });
    deps.clock.advance(5 * 60_000);
    expect(await rejection(checkSmsCode(deps, { purpose: 'sms_login', target: phone, code }))).toEqual({
      status: 400,
      message: 'Срок действия кода истёк. Запросите новый код',
    });

    deps.clock.advance(60_000);
    const next = await issueSmsCode(deps, { purpose: 'sms_login', target: phone, userId: null });
    const wrong = next === '9999' ? '0000' : '9999';
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await rejection(checkSmsCode(deps, { purpose: 'sms_login', target: phone, code: wrong }))).status);
    expect(answers).toEqual([400, 400, 400, 400, 429, 429]);
    expect(await rejection(checkSmsCode(deps, { purpose: 'sms_login', target: phone, code: next }))).toEqual({
      status: 429,
      message: 'Превышено количество попыток. Запросите новый код',
    });
  });

  it('guesses sent in parallel get no more than 5 comparisons between them', async () => {
    const deps = setup();
    const phone = uniquePhone();
    const code = await issueSmsCode(deps, { purpose: 'sms_login', target: phone, userId: null });
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0'));
    const results = await Promise.allSettled(
      [...guesses, code].map((guess) => checkSmsCode(deps, { purpose: 'sms_login', target: phone, code: guess })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(0);
    const statuses = results.map((result) =>
      result.status === 'rejected' && result.reason instanceof HttpError ? result.reason.statusCode : 0,
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(4);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('e-mail link codes', () => {
  it('are found until they expire or are used, once', async () => {
    const deps = setup();
    const code = await issueLinkCode(deps, { purpose: 'email_confirm', target: 'a@example.ru', userId: null });
    expect(code).toMatch(/^[\w-]{43}$/);
    const row = await findLinkCode(deps, 'email_confirm', code);
    expect(row?.target).toBe('a@example.ru');
    expect(await findLinkCode(deps, 'password_reset', code)).toBeNull();
    expect(await consumeCode(deps, row!.id)).toBe(true);
    expect(await consumeCode(deps, row!.id)).toBe(false);
    expect(await findLinkCode(deps, 'email_confirm', code)).toBeNull();

    const late = await issueLinkCode(deps, { purpose: 'email_confirm', target: 'b@example.ru', userId: null, ttlMs: 60_000 });
    deps.clock.advance(60_001);
    expect(await findLinkCode(deps, 'email_confirm', late)).toBeNull();
  });
});
