import { describe, expect, it } from 'vitest';
import { uniqueEmail, useTestApp } from '../../testing/fixtures';
import { alreadyRegisteredLetter, confirmationLetter } from './letters';

// Issue 35: the registration letters are written in the language of the request that sends them
// (Accept-Language: the web app sends its UI's language); Russian by default, word for word as before.
const CYRILLIC = /[А-Яа-яЁё]/;
const app = useTestApp();

const post = (url: string, payload: object, language?: string) =>
  app.api.request({ method: 'POST', url, payload, headers: language ? { 'accept-language': language } : {} });

describe('the registration letters follow the request’s language', () => {
  it('English: the confirmation letter, its resend and the «already registered» letter', async () => {
    const email = uniqueEmail('letters-en');
    expect((await post('/api/user', { email, password: 'Secret12' }, 'en-US,en;q=0.9')).statusCode).toBe(200);
    const confirmation = await app.api.lastMessage(email);
    expect(confirmation.subject).toBe('Confirm your e-mail');
    expect(confirmation.meta.link).toMatch(/^http:\/\/site\.test\/verify\/email\/.+/);
    expect(confirmation.text).toBe(
      `Hello!\n\nYou have registered on the Heroes League site. To confirm your e-mail, open the link:\n${confirmation.meta.link}\n\nIf you did not register, just delete this letter.`,
    );

    expect((await post('/api/user/confirm/email', { email }, 'en')).statusCode).toBe(200);
    const resent = await app.api.lastMessage(email);
    expect(resent.subject).toBe('Confirm your e-mail');
    expect(resent.meta.link).not.toBe(confirmation.meta.link);
    expect(resent.text).toContain(resent.meta.link);
    expect(resent.text).not.toMatch(CYRILLIC);

    expect((await post('/api/user', { email, password: 'Other123' }, 'en')).statusCode).toBe(200);
    const taken = await app.api.lastMessage(email);
    expect(taken.subject).toBe('You are already registered');
    expect(taken.text).toContain('it already has an account. Sign in: http://site.test/login');
    expect(taken.text).not.toMatch(CYRILLIC);
  });

  it('Russian or no header: the letters are the Russian ones, word for word', async () => {
    for (const language of [undefined, 'ru-RU', 'de']) {
      const email = uniqueEmail('letters-ru');
      await post('/api/user', { email, password: 'Secret12' }, language);
      const confirmation = await app.api.lastMessage(email);
      expect(confirmation.subject).toBe('Подтвердите почту');
      expect(confirmation.text).toBe(
        `Здравствуйте!\n\nВы зарегистрировались на сайте «Герои». Чтобы подтвердить почту, откройте ссылку:\n${confirmation.meta.link}\n\nЕсли вы не регистрировались, просто удалите это письмо.`,
      );
      await post('/api/user', { email, password: 'Other123' }, language);
      const taken = await app.api.lastMessage(email);
      expect(taken).toMatchObject(alreadyRegisteredLetter('ru', 'http://site.test/login'));
      expect(taken.text).toBe(
        'Здравствуйте!\n\nКто-то (возможно, вы) попробовал зарегистрироваться на сайте «Герои» с этим адресом, но аккаунт с ним уже есть. Войдите: http://site.test/login\nЕсли не помните пароль, нажмите «Забыли пароль?» на странице входа.\n\nЕсли это были не вы, просто удалите это письмо: ваш аккаунт не изменился.',
      );
    }
  });

  it('the English texts carry the link and no Russian', () => {
    for (const letter of [confirmationLetter('en', 'http://x.test/a'), alreadyRegisteredLetter('en', 'http://x.test/a')]) {
      expect(letter.subject).not.toMatch(CYRILLIC);
      expect(letter.text).not.toMatch(CYRILLIC);
      expect(letter.text).toContain('http://x.test/a');
    }
  });
});
