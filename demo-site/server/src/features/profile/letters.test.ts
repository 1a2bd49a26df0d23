import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto';
import { CHROME_UA, uniqueEmail, useTestApp } from '../../testing/fixtures';
import { createSession } from '../sessions/service';
import { createUser } from '../users/service';
import { changeNotices, emailChangeLetter, emailTakenLetter, phoneTakenSms, proofCodeLetter } from './letters';

// Issue 35: the profile's letters (the proof code, the new address's link, the notices of a change) are
// written in the language of the request that sends them; Russian by default, word for word as before.
const CYRILLIC = /[А-Яа-яЁё]/;
const app = useTestApp();

const call = (method: 'POST' | 'PUT', url: string, payload: object, language: string, token?: string) =>
  app.api.request({ method, url, payload, headers: { 'accept-language': language, 'user-agent': CHROME_UA }, ...(token ? { token } : {}) });

async function owner() {
  const email = uniqueEmail('profile');
  const password = 'Secret12';
  const user = await createUser(app.api.deps.db, app.api.clock.now(), {
    email,
    passwordHash: await hashPassword(password, app.api.deps.config.scrypt),
    emailConfirmedAt: app.api.clock.now(),
  });
  const { token } = await createSession(app.api.deps, user, 'email', { ip: undefined, userAgent: undefined });
  return { email, password, token };
}

describe('the profile’s letters follow the request’s language', () => {
  it('English: the proof code, the new address’s link, the notice to the old address', async () => {
    const who = await owner();
    expect((await call('POST', '/api/user/proof/code', {}, 'en', who.token)).statusCode).toBe(200);
    const proof = await app.api.lastMessage(who.email);
    expect(proof.subject).toBe('Confirmation code');
    expect(proof.text).toBe(
      `Code to confirm a change of your account on the Heroes League site: ${proof.meta.code}. Valid for 5 minutes. Do not tell it to anyone.`,
    );

    const moved = uniqueEmail('moved');
    expect((await call('POST', '/api/user/change/email', { email: moved, proof_code: proof.meta.code }, 'en', who.token)).statusCode).toBe(
      200,
    );
    const link = await app.api.lastMessage(moved);
    expect(link.subject).toBe('Confirm your new address');
    expect(link.meta.link).toMatch(/^http:\/\/site\.test\/verify\/new\/email\/.+/);
    expect(link.text).toBe(
      `Hello!\n\nTo link this address to your account on the Heroes League site, open the link:\n${link.meta.link}\n\nIf you did not change anything, just delete this letter.`,
    );

    const code = link.meta.link!.split('/').pop()!;
    expect((await call('POST', '/api/user/verify/new/email', { code }, 'en', who.token)).statusCode).toBe(200);
    const notice = await app.api.lastMessage(who.email);
    expect(notice.subject).toBe('Your account e-mail has changed');
    expect(notice.text).toBe(
      `The address of your account on the Heroes League site has been changed to ${moved}.\n\nIf it wasn't you, recover access with “Forgot the password?” and write to support.`,
    );
  });

  it('English: an address of another account gets the English «someone tried» letter; a password change, the English notice', async () => {
    const who = await owner();
    const other = await owner();
    const asked = await call('POST', '/api/user/change/email', { email: other.email, current_password: who.password }, 'en', who.token);
    expect(asked.statusCode).toBe(200);
    const taken = await app.api.lastMessage(other.email);
    expect(taken.subject).toBe('Someone tried to link your address to another account');
    expect(taken.text).toContain('The address already belongs to your account, so nothing has changed.');
    expect(taken.text).not.toMatch(CYRILLIC);

    const changed = await call('PUT', '/api/user/password', { old_password: who.password, new_password: 'Newpass12' }, 'en', who.token);
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await app.api.lastMessage(who.email);
    expect(notice.subject).toBe('Your account password has changed');
    expect(notice.text).toContain('The password of your account on the Heroes League site has been changed.');
    expect(notice.text).not.toMatch(CYRILLIC);
  });

  it('Russian: the letters word for word as before', async () => {
    const who = await owner();
    await call('POST', '/api/user/proof/code', {}, 'ru', who.token);
    const proof = await app.api.lastMessage(who.email);
    expect(proof.subject).toBe('Код подтверждения');
    expect(proof.text).toBe(
      `Код подтверждения изменения аккаунта на сайте «Герои»: ${proof.meta.code}. Действует 5 минут. Никому его не сообщайте.`,
    );
    const moved = uniqueEmail('moved');
    await call('POST', '/api/user/change/email', { email: moved, current_password: who.password }, 'ru', who.token);
    const link = await app.api.lastMessage(moved);
    expect(link.subject).toBe('Подтвердите новый адрес');
    expect(link.text).toBe(
      `Здравствуйте!\n\nЧтобы привязать этот адрес к аккаунту на сайте «Герои», откройте ссылку:\n${link.meta.link}\n\nЕсли вы ничего не меняли, просто удалите это письмо.`,
    );
    await call('PUT', '/api/user/password', { old_password: who.password, new_password: 'Newpass12' }, 'ru', who.token);
    const notice = await app.api.lastMessage(who.email);
    expect(notice.subject).toBe('Пароль аккаунта изменён');
    expect(notice.text).toBe(
      'Пароль вашего аккаунта на сайте «Герои» изменён.\n\nЕсли это были не вы, восстановите доступ через «Забыли пароль?» и напишите в поддержку.',
    );
  });

  it('the English texts have no Russian; the Russian ones are the old ones', () => {
    const english = [
      proofCodeLetter('en', '1234', 5),
      emailTakenLetter('en'),
      emailChangeLetter('en', 'http://x.test'),
      changeNotices.email('en', 'a@b.test'),
      changeNotices.phone('en', '+7 *** ***-**-12'),
      changeNotices.password('en'),
      { subject: '', text: phoneTakenSms('en') },
    ];
    for (const letter of english) expect(`${letter.subject}\n${letter.text}`).not.toMatch(CYRILLIC);
    expect(emailTakenLetter('ru').subject).toBe('Ваш адрес пытались привязать к другому аккаунту');
    expect(changeNotices.phone('ru', '+7 *** ***-**-12')).toEqual({
      subject: 'Телефон аккаунта изменён',
      text: 'Телефон вашего аккаунта на сайте «Герои» изменён на +7 *** ***-**-12.',
    });
    expect(phoneTakenSms('ru')).toBe(
      'Этот номер пытались привязать к другому аккаунту на сайте «Герои». Номер остаётся за вашим аккаунтом.',
    );
  });
});
