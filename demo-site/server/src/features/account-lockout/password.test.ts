import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { hashPassword } from '../../lib/crypto';
import { readOutbox } from '../../messaging/senders';
import { CHROME_UA, createTestApp, openTemplateDatabase, type TestApp, uniqueEmail } from '../../testing/fixtures';
import { createUser } from '../users/service';

// Issue 20, finding 4: a password had no per-account limit — only 10 a minute per address, which a
// botnet (or forged X-Forwarded-For) spreads across as many addresses as it likes.
let database: DatabaseHandle;
let api: TestApp;
beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(database);
});
afterAll(async () => {
  await api.close();
  await database.close();
});

const LOCKED = 'Слишком много неудачных попыток входа. Вход паролем приостановлен на 15 мин. Попробуйте позже или восстановите пароль';
let addresses = 0;
/** Each guess from another address: the per-address limit is not what stops them. */
const signIn = (email: string, password: string) =>
  api.request({
    method: 'PUT',
    url: '/api/auth',
    payload: { email, password },
    remoteAddress: `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}`,
    headers: { 'user-agent': CHROME_UA },
  });

async function account(password = 'Secret12') {
  const email = uniqueEmail('lock');
  const user = await createUser(api.deps.db, api.clock.now(), {
    email,
    passwordHash: await hashPassword(password, api.deps.config.scrypt),
    emailConfirmedAt: api.clock.now(),
  });
  return { email, password, user };
}

const lockLetters = async (email: string) =>
  (await readOutbox(api.deps.db, { to: email, channel: 'email', limit: 50 })).filter((message) => message.meta.kind === 'password_locked');

describe('wrong passwords lock the account’s password sign-in', () => {
  it('10 wrong passwords from 10 addresses: 15 minutes locked (the right one too), the owner told once', async () => {
    const { email, password } = await account();
    const wrong = [];
    for (let i = 0; i < 10; i++) wrong.push((await signIn(email, `Wrong${i}pass`)).statusCode);
    expect(wrong).toEqual(Array(10).fill(400));
    const locked = await signIn(email, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: LOCKED });
    expect((await signIn(email, 'Wrong99pass')).statusCode).toBe(429);
    const letters = await lockLetters(email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.text).toContain('10 раз подряд ввели неверный пароль');
    api.clock.advance(15 * 60_000 + 1000);
    expect((await signIn(email, password)).statusCode).toBe(200);
  });

  it('an address nobody registered answers exactly as a registered one: 400 ×10, then the same 429', async () => {
    const { email } = await account();
    const unknown = uniqueEmail('nobody');
    const answers = async (address: string) => {
      const seen = [];
      for (let i = 0; i < 12; i++) {
        const answer = await signIn(address, `Guess${i}pw`);
        seen.push([answer.statusCode, answer.json()]);
      }
      return seen;
    };
    const known = await answers(email);
    expect(await answers(unknown)).toEqual(known);
    expect(known.at(-1)).toEqual([429, { message: LOCKED }]);
    expect(await readOutbox(api.deps.db, { to: unknown, limit: 5 })).toEqual([]);
  });

  it('resetting the password by the letter lifts the lock', async () => {
    const { email } = await account();
    for (let i = 0; i < 10; i++) await signIn(email, `Wrong${i}pass`);
    expect((await signIn(email, 'Secret12')).statusCode).toBe(429);
    await api.request({ method: 'POST', url: '/api/auth/resetpassword', payload: { email } });
    const link = (await readOutbox(api.deps.db, { to: email, limit: 1 }))[0]!.meta.link!;
    const { secure } = (
      await api.request({ method: 'PUT', url: '/api/auth/resetpassword', payload: { code: link.split('/').pop() } })
    ).json();
    await api.request({ method: 'POST', url: '/api/auth/resetpassword/update', payload: { secure, password: 'Newpass1' } });
    expect((await signIn(email, 'Newpass1')).statusCode).toBe(200);
  });

  it('the current password the settings ask for counts on the same lock', async () => {
    const { email, password } = await account();
    const { token } = (await signIn(email, password)).json();
    for (let i = 0; i < 10; i++) {
      const answer = await api.request({
        method: 'PUT',
        url: '/api/user/password',
        token,
        payload: { old_password: `Wrong${i}pass`, new_password: 'Thief123' },
      });
      expect(answer.statusCode).toBe(400);
    }
    const refused = await api.request({
      method: 'PUT',
      url: '/api/user/password',
      token,
      payload: { old_password: password, new_password: 'Thief123' },
    });
    expect(refused.statusCode).toBe(429);
    expect((await signIn(email, password)).statusCode).toBe(429);
  });
});
