import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto';
import { readOutbox } from '../../messaging/senders';
import { CHROME_UA, uniqueEmail, useTestApp } from '../../testing/fixtures';
import { insertOrder } from '../../testing/purchases';
import { createUser } from '../users/service';
import { codesLockedLetter } from './letters';

// Issue 20, finding 4: a password had no per-account limit — only 10 a minute per address, which a
// botnet (or forged X-Forwarded-For) spreads across as many addresses as it likes.
const app = useTestApp();

const LOCKED = 'Слишком много неудачных попыток входа. Вход паролем приостановлен на 15 мин. Попробуйте позже или восстановите пароль';
let addresses = 0;
/** Each guess from another address: the per-address limit is not what stops them. */
const signIn = (email: string, password: string, language?: string) =>
  app.api.request({
    method: 'PUT',
    url: '/api/auth',
    payload: { email, password },
    remoteAddress: `198.18.${Math.floor(++addresses / 250)}.${addresses % 250}`,
    headers: { 'user-agent': CHROME_UA, ...(language ? { 'accept-language': language } : {}) },
  });

async function account(password = 'Secret12') {
  const email = uniqueEmail('lock');
  const user = await createUser(app.api.deps.db, app.api.clock.now(), {
    email,
    passwordHash: await hashPassword(password, app.api.deps.config.scrypt),
    emailConfirmedAt: app.api.clock.now(),
  });
  return { email, password, user };
}

const lockLetters = async (email: string) =>
  (await readOutbox(app.api.deps.db, { to: email, channel: 'email', limit: 50 })).filter(
    (message) => message.meta.kind === 'password_locked',
  );

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
    app.api.clock.advance(15 * 60_000 + 1000);
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
    expect(await readOutbox(app.api.deps.db, { to: unknown, limit: 5 })).toEqual([]);
  });

  it('resetting the password by the letter lifts the lock', async () => {
    const { email } = await account();
    for (let i = 0; i < 10; i++) await signIn(email, `Wrong${i}pass`);
    expect((await signIn(email, 'Secret12')).statusCode).toBe(429);
    await app.api.request({ method: 'POST', url: '/api/auth/resetpassword', payload: { email } });
    const link = (await readOutbox(app.api.deps.db, { to: email, limit: 1 }))[0]!.meta.link!;
    const { secure } = (
      await app.api.request({ method: 'PUT', url: '/api/auth/resetpassword', payload: { code: link.split('/').pop() } })
    ).json();
    await app.api.request({ method: 'POST', url: '/api/auth/resetpassword/update', payload: { secure, password: 'Newpass1' } });
    expect((await signIn(email, 'Newpass1')).statusCode).toBe(200);
  });

  it('the current password the settings ask for counts on the same lock', async () => {
    const { email, password } = await account();
    const { token } = (await signIn(email, password)).json();
    for (let i = 0; i < 10; i++) {
      const answer = await app.api.request({
        method: 'PUT',
        url: '/api/user/password',
        token,
        payload: { old_password: `Wrong${i}pass`, new_password: 'Thief123' },
      });
      expect(answer.statusCode).toBe(400);
    }
    const refused = await app.api.request({
      method: 'PUT',
      url: '/api/user/password',
      token,
      payload: { old_password: password, new_password: 'Thief123' },
    });
    expect(refused.statusCode).toBe(429);
    expect((await signIn(email, password)).statusCode).toBe(429);
  });
});

// Issue 35: the lockout letter goes to the account's owner, whoever typed the passwords: it is written in
// the language the owner last ordered in, else in the language of the requests that locked it.
describe('the lockout letter’s language', () => {
  const CYRILLIC = /[А-Яа-яЁё]/;
  const lockWith = async (email: string, language: string) => {
    for (let i = 0; i < 10; i++) await signIn(email, `Wrong${i}pass`, language);
    const letters = await lockLetters(email);
    expect(letters).toHaveLength(1);
    return letters[0]!;
  };

  it('an owner the site knows no language of, locked by English requests: in English', async () => {
    const { email } = await account();
    const letter = await lockWith(email, 'en');
    expect(letter.subject).toBe('Attempts to sign in to your account');
    expect(letter.text).toBe(
      "A wrong password for your account was entered 10 times in a row on the Heroes League site. Password sign-in is paused for 15 min. If it wasn't you, change the password with “Forgot the password?”; you can also sign in with an SMS code.",
    );
  });

  it('an owner who last ordered in English, locked by Russian requests: in English; Russian otherwise, word for word', async () => {
    const english = await account();
    await insertOrder(app.api.deps.db, { userId: english.user.id, email: english.email, createdAt: app.api.clock.now(), language: 'en' });
    expect((await lockWith(english.email, 'ru')).subject).toBe('Attempts to sign in to your account');

    const russian = await account();
    const letter = await lockWith(russian.email, 'ru');
    expect(letter.subject).toBe('Попытки войти в ваш аккаунт');
    expect(letter.text).toBe(
      'На сайте «Герои» 10 раз подряд ввели неверный пароль от вашего аккаунта. Вход паролем приостановлен на 15 мин. Если это были не вы, смените пароль через «Забыли пароль?»; войти можно и по SMS-коду.',
    );
  });

  it('the codes’ lockout letter in both languages', () => {
    expect(codesLockedLetter('ru', 15 * 60_000)).toEqual({
      subject: 'Попытки подобрать код',
      text: 'На сайте «Герои» много раз ввели неверный код подтверждения. Коды приостановлены на 15 мин. Если это были не вы, никому не сообщайте коды из SMS и писем.',
    });
    const english = codesLockedLetter('en', 24 * 3_600_000);
    expect(english.text).toContain('Codes are paused for 24 h.');
    expect(`${english.subject} ${english.text}`).not.toMatch(CYRILLIC);
  });
});
