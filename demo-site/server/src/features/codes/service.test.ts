import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { manualClock } from '../../lib/clock';
import { HttpError } from '../../lib/errors';
import { createOutboxSenders, readOutbox } from '../../messaging/senders';
import { openTemplateDatabase, uniquePhone } from '../../testing/fixtures';
import { tellCodeOwner } from '../account-lockout/service';
import { createUser } from '../users/service';
import { checkSmsCode, consumeCode, findLinkCode, issueLinkCode, issueSmsCode } from './service';

// The one-time codes service on the seeded PGlite database, without HTTP.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database.close());

const setup = () => {
  const clock = manualClock('2026-05-01T10:00:00Z');
  return { db: database.db, clock, config: defaultConfig(), ...createOutboxSenders(database.db, clock) };
};

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

// Issue 20, finding 5: 10 wrong guesses an hour with no daily cap or lockout gave ~15 % a week against a
// chosen phone. Now: at most 10 codes a day, and 20 wrong guesses in a day lock the target for a day.
describe('a patient guesser', () => {
  const HOUR = 3_600_000;
  const issue = (deps: ReturnType<typeof setup>, phone: string) =>
    issueSmsCode(deps, { purpose: 'sms_login', target: phone, userId: null });
  const guess = (deps: ReturnType<typeof setup>, phone: string, code: string) =>
    rejection(checkSmsCode(deps, { purpose: 'sms_login', target: phone, code }));
  const notWith = (code: string) => (code === '0000' ? '1111' : '0000');

  it('gets at most 10 codes a day to one phone, 5 in any hour', async () => {
    const deps = setup();
    const phone = uniquePhone();
    const statuses: number[] = [];
    for (let hour = 0; hour < 3; hour++) {
      for (let i = 0; i < 5; i++) {
        statuses.push(
          await issue(deps, phone).then(
            () => 200,
            (error: HttpError) => error.statusCode,
          ),
        );
        deps.clock.advance(61_000);
      }
      deps.clock.advance(HOUR);
    }
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    expect(await rejection(issue(deps, phone))).toEqual({
      status: 429,
      message: 'Слишком много кодов на этот номер за сутки. Попробуйте завтра',
    });
    deps.clock.advance(24 * HOUR);
    expect(await issue(deps, phone)).toMatch(/^\d{4}$/);
  });

  it('is locked out for a day after 20 wrong guesses, even with the right code; the phone’s owner is told once', async () => {
    const deps = setup();
    const phone = uniquePhone();
    const wrong: number[] = [];
    // 19 wrong guesses over two hours, within the hourly caps (10 guesses, 5 codes): 4 codes, 5+5 | 5+4.
    for (const [round, tries] of [5, 5, 5, 4].entries()) {
      const code = await issue(deps, phone);
      for (let i = 0; i < tries; i++) wrong.push((await guess(deps, phone, notWith(code))).status);
      deps.clock.advance(round === 1 ? HOUR : 61_000);
    }
    expect(wrong.filter((status) => status === 400)).toHaveLength(16);
    deps.clock.advance(HOUR);
    // A fresh hour and a fresh code: the 20th wrong guess of the day locks the phone.
    const code = await issue(deps, phone);
    const locked = { status: 429, message: 'Слишком много неверных кодов. Попробуйте через 24 ч.' };
    expect(await guess(deps, phone, notWith(code))).toEqual(locked);
    expect(await guess(deps, phone, code)).toEqual(locked);
    deps.clock.advance(61_000);
    expect(await rejection(issue(deps, phone))).toEqual(locked);
    const notices = (await readOutbox(deps.db, { to: phone, limit: 50 })).filter((message) => message.meta.kind === 'codes_locked');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('много раз ввели неверный код');
    deps.clock.advance(24 * HOUR);
    expect((await checkSmsCode(deps, { purpose: 'sms_login', target: phone, code: await issue(deps, phone) })).target).toBe(phone);
  });
});

describe('a locked account’s proof codes', () => {
  it('tell the account’s confirmed e-mail, not the code target', async () => {
    const deps = setup();
    const email = `proof.${uniquePhone()}@test.example`;
    const user = await createUser(deps.db, deps.clock.now(), { email, emailConfirmedAt: deps.clock.now() });
    await tellCodeOwner(deps, `user:${user.id}`);
    const [notice] = await readOutbox(deps.db, { to: email, limit: 1 });
    expect(notice?.meta.kind).toBe('codes_locked');
    expect(notice?.text).toContain('Коды приостановлены на 24 ч.');
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
