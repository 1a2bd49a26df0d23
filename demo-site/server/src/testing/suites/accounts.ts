import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { type Body, CHROME_UA, createTestApp, type TestApp, uniqueEmail, uniquePhone } from '../fixtures';
import { seeded } from './catalogue';

const codeFrom = (link: string | undefined) => link?.split('/').pop() ?? '';

/**
 * Accounts through HTTP (accounts-sso §4–§9): e-mail registration and sign-in, SMS, password reset,
 * profile and settings, sessions, clubs, support. Runs on PGlite and PostgreSQL.
 */
export function accountSuite(database: () => DatabaseHandle) {
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp(database());
    return () => api.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string) =>
    api.request({ method, url, ...(payload ? { payload } : {}), ...(token ? { token } : {}), headers: { 'user-agent': CHROME_UA } });

  /** Registers and confirms an account by e-mail; returns its token. */
  async function registeredUser(password = 'Secret12') {
    const email = uniqueEmail();
    expect((await call('POST', '/api/user', { email, password })).statusCode).toBe(200);
    const letter = await api.lastMessage(email);
    const confirmed = await call('POST', '/api/user/verify/email', { code: codeFrom(letter.meta.link), password });
    expect(confirmed.statusCode).toBe(200);
    return { email, password, token: confirmed.json().token as string };
  }

  describe('e-mail', () => {
    it('registration checks the password rules of accounts-sso §5 in order, with their messages', async () => {
      const email = uniqueEmail();
      for (const [password, message] of [
        ['', 'Заполните поле'],
        ['aB1', 'Пароль должен состоять минимум из 4 символов'],
        ['abcd1', 'В пароле должна быть заглавная буква'],
        ['Abcde', 'В пароле должна быть цифра'],
      ]) {
        const response = await call('POST', '/api/user', { email, password });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message });
      }
      expect((await call('POST', '/api/user', { email: 'not-an-email', password: 'Abcd1' })).json()).toEqual({
        message: 'Введите валидный email',
      });
    });

    it('register → letter → 418 before confirming → confirm signs in → login; duplicates refused', async () => {
      const email = uniqueEmail('Reg');
      const registered = await call('POST', '/api/user', { email: email.toUpperCase(), password: 'Abcd1', mailing: true });
      expect(registered.statusCode).toBe(200);
      expect(registered.json().message).toMatch(/подтвердите почту/i);
      const letter = await api.lastMessage(email.toLowerCase());
      expect(letter.text).toContain('http://site.test/verify/email/');
      expect(letter.meta.link).toMatch(/^http:\/\/site\.test\/verify\/email\/[\w-]{43}$/);

      const early = await call('PUT', '/api/auth', { email, password: 'Abcd1' });
      expect(early.statusCode).toBe(418);
      expect(early.json().message).toMatch(/не подтверждена/);

      // Registering again: the same answer as the first time (nobody learns the address is taken); the
      // owner gets a letter saying so, and the first letter's link still works.
      expect((await call('POST', '/api/user', { email, password: 'Other1' })).json()).toEqual(registered.json());
      expect((await api.lastMessage(email.toLowerCase())).meta.kind).toBe('register_taken');

      // A resend replaces the first link.
      expect((await call('POST', '/api/user/confirm/email', { email })).statusCode).toBe(200);
      const second = await api.lastMessage(email.toLowerCase());
      expect(second.meta.link).not.toBe(letter.meta.link);
      expect((await call('POST', '/api/user/verify/email', { code: codeFrom(letter.meta.link), password: 'Abcd1' })).statusCode).toBe(400);

      // The link alone does not confirm an account made with a password: the registration password
      // must come with it (whoever registered may not own the address), and only the right one.
      const bare = await call('POST', '/api/user/verify/email', { code: codeFrom(second.meta.link) });
      expect(bare.statusCode).toBe(400);
      expect(bare.json()).toEqual({ message: 'Введите пароль, который вы указали при регистрации', password_required: true });
      expect((await call('POST', '/api/user/verify/email', { code: codeFrom(second.meta.link), password: 'Other1' })).statusCode).toBe(400);
      const confirmed = await call('POST', '/api/user/verify/email', { code: codeFrom(second.meta.link), password: 'Abcd1' });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        token: expect.any(String),
        user: { email: email.toLowerCase(), email_confirmed: true, mailing: true, role: [] },
      });
      expect((await call('POST', '/api/user/verify/email', { code: codeFrom(second.meta.link), password: 'Abcd1' })).statusCode).toBe(400);
      // A confirmed address gets the same answer as any other, and no letter.
      expect((await call('POST', '/api/user/confirm/email', { email })).json()).toEqual({
        message: 'Письмо для подтверждения почты отправлено',
      });
      expect((await api.lastMessage(email.toLowerCase())).meta.link).toBe(second.meta.link);

      expect((await call('PUT', '/api/auth', { email, password: 'Wrong1' })).json()).toEqual({ message: 'Неверный email или пароль' });
      expect((await call('PUT', '/api/auth', { email: uniqueEmail(), password: 'Wrong1' })).json()).toEqual({
        message: 'Неверный email или пароль',
      });
      const login = await call('PUT', '/api/auth', { email, password: 'Abcd1' });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toEqual({
        token: expect.any(String),
        user: expect.objectContaining({ public_id: confirmed.json().user.public_id }),
      });
    });

    it('the demo account of the seed signs in', async () => {
      const login = await call('PUT', '/api/auth', { email: 'demo@geroi.example', password: 'Demo1234' });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ name: 'Иван', last_name: 'Петров', phone: '79990000001' });
    });

    it('a confirmation link used with another user’s token is a 403', async () => {
      const other = await registeredUser();
      const email = uniqueEmail();
      await call('POST', '/api/user', { email, password: 'Abcd1' });
      const letter = await api.lastMessage(email);
      expect((await call('POST', '/api/user/verify/email', { code: codeFrom(letter.meta.link) }, other.token)).statusCode).toBe(403);
    });

    it('POST /api/user/real/email', async () => {
      expect((await call('POST', '/api/user/real/email', { email: 'ivan@example.ru' })).statusCode).toBe(200);
      expect((await call('POST', '/api/user/real/email', { email: 'ivan@mailinator.com' })).json()).toEqual({
        message: 'Укажите действительный адрес',
      });
      expect((await call('POST', '/api/user/real/email', { email: 'ivan@' })).json()).toEqual({ message: 'Укажите действительный адрес' });
    });
  });

  describe('tokens and sessions', () => {
    it('the token works as Bearer and bare; none or a wrong one is 401', async () => {
      const { token } = await registeredUser();
      expect((await api.request({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
      expect((await api.request({ method: 'GET', url: '/api/user', headers: { authorization: token } })).statusCode).toBe(200);
      expect((await api.request({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
      const wrong = await api.request({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer nope' } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Требуется авторизация' });
    });

    it('history lists sign-ins newest first with place, date, OS, browser and method; logout revokes', async () => {
      const { email, password, token: first } = await registeredUser();
      api.clock.advance(1000);
      const firefox = await api.request({
        method: 'PUT',
        url: '/api/auth',
        payload: { email, password },
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0' },
      });
      const second = firefox.json().token as string;
      const history = (await call('POST', '/api/auth/history', undefined, second)).json().values;
      expect(history).toHaveLength(2);
      expect(history[0]).toMatchObject({
        os: 'Linux',
        browser: 'Firefox',
        method: 'email',
        current: true,
        active: true,
        temp: expect.any(String),
      });
      expect(history[1]).toMatchObject({ os: 'Windows', browser: 'Chrome', method: 'email', current: false });
      expect(Date.parse(history[0].temp)).toBeGreaterThan(Date.parse(history[1].temp));
      expect(history[0]).toHaveProperty('city');
      expect(history[0]).toHaveProperty('country');

      expect((await call('POST', '/api/auth/logout', undefined, first)).statusCode).toBe(200);
      expect((await call('GET', '/api/user', undefined, first)).statusCode).toBe(401);
      expect((await call('GET', '/api/user', undefined, second)).statusCode).toBe(200);
      expect((await call('POST', '/api/auth/history', undefined, second)).json().values[1].active).toBe(false);
    });
  });

  describe('SMS', () => {
    it('registers and signs in with 4-digit codes', async () => {
      const phone = uniquePhone();
      const sent = await call('POST', '/api/user/code', { phone: `+${phone}`, registration: true });
      expect(sent.json()).toEqual({ message: 'Код отправлен' });
      const sms = await api.lastMessage(phone);
      expect(sms.meta.code).toMatch(/^\d{4}$/);
      expect(sms.text).toContain(sms.meta.code);
      const registered = await call('POST', '/api/user/phone', { phone, phone_code: sms.meta.code });
      expect(registered.statusCode).toBe(200);
      expect(registered.json().user).toMatchObject({ phone, phone_confirmed: true, email: null });

      // Registering a taken number answers like any other; its owner gets an SMS saying so, without a code.
      api.clock.advance(61_000);
      expect((await call('POST', '/api/user/code', { phone, registration: true })).json()).toEqual({ message: 'Код отправлен' });
      const taken = await api.lastMessage(phone);
      expect(taken.text).toContain('уже зарегистрирован');
      expect(taken.meta.code).toBeUndefined();
      api.clock.advance(61_000);
      expect((await call('POST', '/api/user/code', { phone, registration: false })).statusCode).toBe(200);
      const login = await call('PUT', '/api/auth/phone', { phone, phone_code: (await api.lastMessage(phone)).meta.code });
      expect(login.statusCode).toBe(200);
      const history = (await call('POST', '/api/auth/history', undefined, login.json().token)).json().values;
      expect(history.map((entry: Body) => entry.method)).toEqual(['sms', 'sms']);
    });

    it('answers an unknown number as a known one (sending nothing), refuses malformed codes and resends inside the cooldown', async () => {
      const stranger = uniquePhone();
      const unknown = await call('POST', '/api/user/code', { phone: stranger });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: 'Код отправлен' });
      await expect(api.lastMessage(stranger)).rejects.toThrow();
      expect((await call('POST', '/api/user/code', { phone: stranger })).statusCode).toBe(429);
      expect((await call('PUT', '/api/auth/phone', { phone: uniquePhone(), phone_code: '12a4' })).json()).toEqual({
        message: 'Код должен состоять из 4 цифр',
      });
      expect((await call('POST', '/api/user/code', { phone: '123' })).json()).toEqual({ message: 'Введите корректный номер телефона' });
      const phone = uniquePhone();
      expect((await call('POST', '/api/user/code', { phone, registration: true })).statusCode).toBe(200);
      const again = await call('POST', '/api/user/code', { phone, registration: true });
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toMatch(/^Повторно запросить код можно через \d+ сек\.$/);
    });

    it('a code dies after 5 wrong tries and after 5 minutes', async () => {
      const phone = uniquePhone();
      await call('POST', '/api/user/code', { phone, registration: true });
      const code = (await api.lastMessage(phone)).meta.code!;
      const wrong = code === '0000' ? '1111' : '0000';
      for (let i = 1; i <= 4; i++)
        expect((await call('POST', '/api/user/phone', { phone, phone_code: wrong })).json()).toEqual({ message: 'Неверный код' });
      expect((await call('POST', '/api/user/phone', { phone, phone_code: wrong })).statusCode).toBe(429);
      expect((await call('POST', '/api/user/phone', { phone, phone_code: code })).statusCode).toBe(429);

      const late = uniquePhone();
      const clocked = await createTestApp(database());
      await clocked.request({ method: 'POST', url: '/api/user/code', payload: { phone: late, registration: true } });
      const lateCode = (await clocked.lastMessage(late)).meta.code!;
      clocked.clock.advance(5 * 60_000 + 1000);
      const expired = await clocked.request({ method: 'POST', url: '/api/user/phone', payload: { phone: late, phone_code: lateCode } });
      expect(expired.json()).toEqual({ message: 'Срок действия кода истёк. Запросите новый код' });
      // After the cooldown a new code works.
      await clocked.request({ method: 'POST', url: '/api/user/code', payload: { phone: late, registration: true } });
      const fresh = (await clocked.lastMessage(late)).meta.code!;
      expect(
        (await clocked.request({ method: 'POST', url: '/api/user/phone', payload: { phone: late, phone_code: fresh } })).statusCode,
      ).toBe(200);
      await clocked.close();
    });
  });

  describe('password reset', () => {
    it('request → letter → code check → new password; every session ends', async () => {
      const { email, token } = await registeredUser();
      expect((await call('POST', '/api/auth/resetpassword', { email: uniqueEmail() })).json()).toEqual({
        message: 'Письмо для восстановления пароля отправлено',
      });
      expect((await call('POST', '/api/auth/resetpassword', { email })).statusCode).toBe(200);
      const letter = await api.lastMessage(email);
      expect(letter.meta.link).toContain('/verify/resetpassword/');
      const code = codeFrom(letter.meta.link);
      expect((await call('PUT', '/api/auth/resetpassword', { code: 'nope' })).statusCode).toBe(400);
      const { secure } = (await call('PUT', '/api/auth/resetpassword', { code })).json();
      expect(secure).toEqual(expect.any(String));
      expect((await call('POST', '/api/auth/resetpassword/update', { secure, password: 'Weakpass' })).json()).toEqual({
        message: 'В пароле должна быть цифра',
      });
      const updated = await call('POST', '/api/auth/resetpassword/update', { secure, password: 'Newpass1' });
      expect(updated.json()).toEqual({ message: 'Пароль успешно изменен!' });
      expect((await call('POST', '/api/auth/resetpassword/update', { secure, password: 'Newpass2' })).statusCode).toBe(400);
      expect((await call('PUT', '/api/auth/resetpassword', { code })).statusCode).toBe(400);
      expect((await call('GET', '/api/user', undefined, token)).statusCode).toBe(401);
      expect((await call('PUT', '/api/auth', { email, password: 'Newpass1' })).statusCode).toBe(200);
    });
  });

  describe('profile and settings', () => {
    it('PUT /api/user saves changed fields; nothing changed and bad dates are 400', async () => {
      const { token } = await registeredUser();
      const saved = await call('PUT', '/api/user', { name: 'Пётр', last_name: 'Иванов', birth_date: '1991-02-03', gender: 'male' }, token);
      expect(saved.json()).toMatchObject({
        message: 'Данные успешно обновлены',
        user: { name: 'Пётр', last_name: 'Иванов', birth_date: '1991-02-03', gender: 'male' },
      });
      expect((await call('PUT', '/api/user', { name: 'Пётр' }, token)).json()).toEqual({ message: 'Данные не изменились' });
      expect((await call('PUT', '/api/user', {}, token)).json()).toEqual({ message: 'Данные не изменились' });
      expect((await call('PUT', '/api/user', { birth_date: '1991-02-30' }, token)).json()).toEqual({
        message: 'Введите дату в правильном формате',
      });
      expect((await call('PUT', '/api/user', { extra_contact: 'Анна' }, token)).statusCode).toBe(400);
      const contact = await call(
        'PUT',
        '/api/user',
        { extra_contact: 'Анна', type_relate: 'Партнер', contact_phone: '+375 29 123-45-67' },
        token,
      );
      expect(contact.json().user).toMatchObject({ extra_contact: 'Анна', type_relate: 'Партнер', contact_phone: '375291234567' });
      expect((await call('PUT', '/api/user', { mailing: true }, token)).json().user.mailing).toBe(true);
    });

    it('e-mail change through a link to the new address', async () => {
      const { email, token } = await registeredUser();
      expect((await call('POST', '/api/user/change/email', { email }, token)).statusCode).toBe(400);
      // Another account's address: the same answer as a free one; its owner gets a notice, not a link.
      expect(
        (await call('POST', '/api/user/change/email', { email: 'demo@geroi.example', current_password: 'Secret12' }, token)).json(),
      ).toEqual({
        message: 'Письмо со ссылкой для подтверждения отправлено на новый адрес',
      });
      expect((await api.lastMessage('demo@geroi.example')).meta).toEqual({ kind: 'email_change_taken' });
      const next = uniqueEmail('next');
      expect((await call('POST', '/api/user/change/email', { email: next, current_password: 'Secret12' }, token)).statusCode).toBe(200);
      const letter = await api.lastMessage(next);
      expect(letter.meta.link).toContain('/verify/new/email/');
      // Opened by the account that asked (its token): someone else, or nobody signed in, is refused.
      expect((await call('POST', '/api/user/verify/new/email', { code: codeFrom(letter.meta.link) })).statusCode).toBe(401);
      const stranger = await registeredUser();
      expect((await call('POST', '/api/user/verify/new/email', { code: codeFrom(letter.meta.link) }, stranger.token)).statusCode).toBe(403);
      const confirmed = await call('POST', '/api/user/verify/new/email', { code: codeFrom(letter.meta.link) }, token);
      expect(confirmed.json()).toMatchObject({ email: next, user: { email: next, email_confirmed: true } });
      expect((await call('PUT', '/api/auth', { email: next, password: 'Secret12' })).statusCode).toBe(200);
      // The old address is told.
      const notice = await api.lastMessage(email);
      expect(notice.text).toContain(next);
      expect(notice.meta.kind).toBe('account_notice');
    });

    it('phone change with an SMS code', async () => {
      const { token } = await registeredUser();
      const phone = uniquePhone();
      // Another account's number: the same answer as a free one; its owner is told, no code reaches anyone.
      const taken = uniquePhone();
      await call('POST', '/api/user/code', { phone: taken, registration: true });
      await call('POST', '/api/user/phone', { phone: taken, phone_code: (await api.lastMessage(taken)).meta.code });
      expect((await call('POST', '/api/user/phone/code', { phone: taken, current_password: 'Secret12' }, token)).json()).toEqual({
        message: 'Код отправлен',
      });
      expect((await api.lastMessage(taken)).meta).toEqual({ kind: 'phone_change_taken' });
      expect((await call('POST', '/api/user/phone/code', { phone, current_password: 'Secret12' }, token)).statusCode).toBe(200);
      const code = (await api.lastMessage(phone)).meta.code!;
      const changed = await call('POST', '/api/user/new/phone', { phone, phone_code: code }, token);
      expect(changed.json()).toMatchObject({ message: 'Ваш телефон подтвержден', user: { phone, phone_confirmed: true } });
    });

    it('password change needs the current password and ends the other sessions', async () => {
      const { email, token } = await registeredUser();
      const other = (await call('PUT', '/api/auth', { email, password: 'Secret12' })).json().token;
      expect((await call('PUT', '/api/user/password', { new_password: 'Other123' }, token)).json()).toEqual({
        message: 'Введите текущий пароль',
      });
      expect((await call('PUT', '/api/user/password', { old_password: 'Nope1234', new_password: 'Other123' }, token)).json()).toEqual({
        message: 'Неверный текущий пароль',
      });
      expect((await call('PUT', '/api/user/password', { old_password: 'Secret12', new_password: 'Other123' }, token)).json()).toEqual({
        message: 'Пароль успешно изменен!',
      });
      expect((await api.lastMessage(email)).meta.kind).toBe('account_notice');
      expect((await call('GET', '/api/user', undefined, token)).statusCode).toBe(200);
      expect((await call('GET', '/api/user', undefined, other)).statusCode).toBe(401);
      expect((await call('PUT', '/api/auth', { email, password: 'Other123' })).statusCode).toBe(200);
    });

    it('clubs: join, list, leave', async () => {
      const { token } = await registeredUser();
      expect((await call('GET', '/api/user/clubs', undefined, token)).json()).toEqual({ values: [] });
      const joined = await call('PUT', `/api/user/club/new/${seeded.club}`, undefined, token);
      expect(joined.json().club).toMatchObject({ public_id: seeded.club, title: 'Московские бегуны' });
      expect((await call('GET', '/api/user/clubs', undefined, token)).json().values.map((club: Body) => club.public_id)).toEqual([
        seeded.club,
      ]);
      expect((await call('PUT', `/api/user/club/pull/${seeded.club}`, undefined, token)).statusCode).toBe(200);
      expect((await call('GET', '/api/user/clubs', undefined, token)).json()).toEqual({ values: [] });
      expect((await call('PUT', `/api/user/club/new/${seeded.unknown}`, undefined, token)).statusCode).toBe(404);
      expect((await call('GET', '/api/user/clubs')).statusCode).toBe(401);
    });

    it('support requests and the news subscription', async () => {
      const sent = await call('POST', '/api/support', {
        name: 'Ольга',
        email: 'olga@example.ru',
        phone: '+7 (912) 345-67-89',
        text: 'Хотим клуб',
        support_type: 'clubs',
        mailing: true,
      });
      expect(sent.json()).toEqual({ message: 'Спасибо! Ваша заявка отправлена. Наши менеджеры свяжутся с вами в ближайшее время.' });
      expect((await api.lastMessage('support@geroi.example')).text).toContain('79123456789');
      expect(
        (await call('POST', '/api/support', { name: '', email: 'olga@example.ru', phone: '79123456789', support_type: 'clubs' })).json(),
      ).toEqual({ message: 'Заполните имя' });
      expect(
        (await call('POST', '/api/support', { name: 'Ольга', email: 'olga', phone: '79123456789', support_type: 'clubs' })).json(),
      ).toEqual({ message: 'Введите корректный email' });
      expect(
        (await call('POST', '/api/support', { name: 'Ольга', email: 'olga@example.ru', phone: '12', support_type: 'clubs' })).json(),
      ).toEqual({ message: 'Введите корректный телефон' });
      const email = uniqueEmail();
      expect((await call('PUT', '/api/user/subscribe/news', { email })).json()).toEqual({ message: 'Вы подписались на новости' });
      expect((await call('PUT', '/api/user/subscribe/news', { email })).json()).toEqual({ message: 'Вы уже подписаны на новости' });
    });
  });

  describe('start numbers', () => {
    it('POST /api/booked/number takes a free number once; of two people racing for one, one wins', async () => {
      const [first, second, third] = [await registeredUser(), await registeredUser(), await registeredUser()];
      const { free_numbers } = (await call('GET', `/api/booked/numbers/${seeded.spring21k}`)).json();
      const [number, contested] = free_numbers as number[];
      const booked = await call('POST', '/api/booked/number', { format_public_id: seeded.spring21k, number }, first.token);
      expect(booked.statusCode).toBe(200);
      expect(booked.json().booked_numbers).toContain(number);
      expect((await call('POST', '/api/booked/number', { format_public_id: seeded.spring21k, number }, second.token)).json()).toEqual({
        message: 'Этот номер уже занят',
      });
      expect((await call('POST', '/api/booked/number', { format_public_id: seeded.spring21k, number: 999 }, second.token)).json()).toEqual({
        message: 'Такого номера нет',
      });
      // Choosing again lets the earlier hold go: one number per person and format.
      const other = free_numbers[2] as number;
      const again = await call('POST', '/api/booked/number', { format_public_id: seeded.spring21k, number: other }, first.token);
      expect(again.json()).toMatchObject({ number: other, held_until: expect.any(String) });
      expect(again.json().booked_numbers).not.toContain(number);
      expect(again.json().booked_numbers).toContain(other);
      expect((await call('POST', '/api/booked/number', { format_public_id: seeded.spring10k, number: 1 }, second.token)).statusCode).toBe(
        400,
      );
      expect((await call('POST', '/api/booked/number', { format_public_id: seeded.spring21k, number: contested })).statusCode).toBe(401);
      const race = await Promise.all(
        [second, third].map((user) =>
          call('POST', '/api/booked/number', { format_public_id: seeded.spring21k, number: contested }, user.token),
        ),
      );
      expect(race.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    });
  });

  it('login, SMS and reset are rate-limited with a Russian 429', async () => {
    const strict = await createTestApp(database(), {
      rateLimits: {
        login: { max: 2, windowMs: 60_000 },
        sms: { max: 1, windowMs: 60_000 },
        reset: { max: 1, windowMs: 60_000 },
        oauth: { max: 1, windowMs: 60_000 },
        uploads: { max: 1, windowMs: 60_000 },
        payment: { max: 1, windowMs: 60_000 },
        promocode: { max: 1, windowMs: 60_000 },
      },
    });
    const login = () => strict.request({ method: 'PUT', url: '/api/auth', payload: { email: 'x@example.ru', password: 'Abcd1' } });
    expect((await login()).statusCode).toBe(400);
    expect((await login()).statusCode).toBe(400);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Слишком много попыток. Попробуйте позже' });
    await strict.request({ method: 'POST', url: '/api/user/code', payload: { phone: uniquePhone() } });
    expect((await strict.request({ method: 'POST', url: '/api/user/code', payload: { phone: uniquePhone() } })).statusCode).toBe(429);
    await strict.request({ method: 'POST', url: '/api/auth/resetpassword', payload: { email: uniqueEmail() } });
    expect((await strict.request({ method: 'POST', url: '/api/auth/resetpassword', payload: { email: uniqueEmail() } })).statusCode).toBe(
      429,
    );
    // Uploads too (counted before the token is looked at).
    expect((await strict.request({ method: 'POST', url: '/api/user/file' })).statusCode).toBe(401);
    expect((await strict.request({ method: 'POST', url: '/api/user/file' })).statusCode).toBe(429);
    await strict.close();
  });
}
