import { describe, expect, it } from 'vitest';
import { uniquePhone, useTestApp } from '../../testing/fixtures';
import { alreadyRegisteredSms, codeSms } from './letters';

// Issue 35: the SMS codes our server writes are in the language of the request that asks for them;
// Russian by default, word for word as before.
const CYRILLIC = /[А-Яа-яЁё]/;
const app = useTestApp();

const ask = (phone: string, registration: boolean, language: string) =>
  app.api.request({ method: 'POST', url: '/api/user/code', payload: { phone, registration }, headers: { 'accept-language': language } });

describe('the SMS of sign-in by phone', () => {
  it('English: the code, and the «already registered» SMS', async () => {
    const phone = uniquePhone();
    expect((await ask(phone, true, 'en')).statusCode).toBe(200);
    const sms = await app.api.lastMessage(phone);
    expect(sms.meta.code).toMatch(/^\d{4}$/);
    expect(sms.text).toBe(`Heroes League code: ${sms.meta.code}. Valid for 5 minutes. Do not tell it to anyone.`);
    const registered = await app.api.request({ method: 'POST', url: '/api/user/phone', payload: { phone, phone_code: sms.meta.code } });
    expect(registered.statusCode, registered.body).toBe(200);

    app.api.clock.advance(120_000);
    expect((await ask(phone, true, 'en-US')).statusCode).toBe(200);
    expect((await app.api.lastMessage(phone)).text).toBe(
      'This number is already registered on the Heroes League site. Sign in with an SMS code.',
    );
  });

  it('Russian or no language named: the Russian SMS, word for word', async () => {
    const phone = uniquePhone();
    await ask(phone, true, 'ru');
    const sms = await app.api.lastMessage(phone);
    expect(sms.text).toBe(`Код для сайта «Герои»: ${sms.meta.code}. Действует 5 минут. Никому его не сообщайте.`);
    expect(alreadyRegisteredSms('ru')).toBe('Этот номер уже зарегистрирован на сайте «Герои». Войдите по SMS-коду.');
    expect(`${codeSms('en', '1234', 5)} ${alreadyRegisteredSms('en')}`).not.toMatch(CYRILLIC);
  });
});
