import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto';
import { uniqueEmail, useTestApp } from '../../testing/fixtures';
import { createUser } from '../users/service';
import { recoveredLetter, resetLetter } from './letters';

// Issue 35: the reset letter and the letter after the reset are written in the language of the request
// that sends them; Russian by default, word for word as before.
const CYRILLIC = /[А-Яа-яЁё]/;
const app = useTestApp();

const call = (method: 'POST' | 'PUT', url: string, payload: object, language: string) =>
  app.api.request({ method, url, payload, headers: { 'accept-language': language } });

/** A confirmed account's password reset, each step asked in `language`: the two letters it got. */
async function reset(language: string) {
  const email = uniqueEmail('reset');
  await createUser(app.api.deps.db, app.api.clock.now(), {
    email,
    passwordHash: await hashPassword('Secret12', app.api.deps.config.scrypt),
    emailConfirmedAt: app.api.clock.now(),
  });
  expect((await call('POST', '/api/auth/resetpassword', { email }, language)).statusCode).toBe(200);
  const link = await app.api.lastMessage(email);
  const checked = await call('PUT', '/api/auth/resetpassword', { code: link.meta.link!.split('/').pop() }, language);
  expect(checked.statusCode, checked.body).toBe(200);
  const updated = await call('POST', '/api/auth/resetpassword/update', { secure: checked.json().secure, password: 'Newpass12' }, language);
  expect(updated.statusCode, updated.body).toBe(200);
  return { link, changed: await app.api.lastMessage(email) };
}

describe('the password reset’s letters follow the request’s language', () => {
  it('English: the link letter and the letter after the reset', async () => {
    const { link, changed } = await reset('en');
    expect(link.subject).toBe('Password recovery');
    expect(link.meta.link).toMatch(/^http:\/\/site\.test\/verify\/resetpassword\/.+/);
    expect(link.text).toBe(
      `Hello!\n\nTo set a new password, open the link:\n${link.meta.link}\n\nIf you did not ask to recover your password, just delete this letter.`,
    );
    expect(changed.subject).toBe('Password changed');
    expect(changed.text).toBe(
      'Hello!\n\nThe password of your account on the Heroes League site has been changed, and every sign-in session has ended.\nThe account has no other way to sign in than the e-mail and password.',
    );
  });

  it('Russian: the letters word for word as before', async () => {
    const { link, changed } = await reset('ru');
    expect(link.subject).toBe('Восстановление пароля');
    expect(link.text).toBe(
      `Здравствуйте!\n\nЧтобы задать новый пароль, откройте ссылку:\n${link.meta.link}\n\nЕсли вы не запрашивали восстановление, просто удалите это письмо.`,
    );
    expect(changed.subject).toBe('Пароль изменён');
    expect(changed.text).toBe(
      'Здравствуйте!\n\nПароль вашего аккаунта на сайте «Герои» изменён, все сеансы входа завершены.\nДругих способов войти, кроме почты и пароля, у аккаунта нет.',
    );
  });

  it('what the reset removed and what is left, in both languages', () => {
    const change = {
      networks: ['vk' as const],
      phone: '+7 *** ***-**-01',
      left: { phone: '+7 *** ***-**-02', networks: ['gid' as const] },
    };
    expect(recoveredLetter('ru', change).text).toBe(
      'Здравствуйте!\n\nПароль вашего аккаунта на сайте «Герои» изменён, все сеансы входа завершены.\nОтвязаны соцсети, привязанные по старому паролю: Вконтакте.\nОтвязан телефон +7 *** ***-**-01, добавленный после подтверждения почты: привяжите его снова в настройках, если он ваш.\nВойти в аккаунт по-прежнему можно через: телефон +7 *** ***-**-02, Газпром ID. Если это не ваше, отвяжите в настройках личного кабинета.',
    );
    const english = recoveredLetter('en', change).text;
    expect(english).toContain('Social networks linked with the old password have been unlinked: VK.');
    expect(english).toContain('You can still sign in to the account with: the phone +7 *** ***-**-02, Gazprom ID.');
    expect(english).not.toMatch(CYRILLIC);
    expect(resetLetter('en', 'http://x.test').text).not.toMatch(CYRILLIC);
  });
});
