import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/index';
import { loggerOptions } from '../../http/log-redaction';
import { hashPassword } from '../../lib/crypto';
import { CHROME_UA, createTestApp, type TestApp, uniqueEmail, uniquePhone } from '../fixtures';

const codeFrom = (link: string | undefined) => link?.split('/').pop() ?? '';

/**
 * Issue 15, accounts and codes: each test performs an attack on the site's API and asserts the refusal.
 * Runs on PGlite (security.test.ts); the rate-limit counters live in PostgreSQL tables either way.
 */
export function accountAttackSuite(database: () => DatabaseHandle) {
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp(database());
    return () => api.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string, app: TestApp = api) =>
    app.request({ method, url, ...(payload ? { payload } : {}), ...(token ? { token } : {}), headers: { 'user-agent': CHROME_UA } });

  async function registeredUser(password = 'Secret12') {
    const email = uniqueEmail('sec');
    await call('POST', '/api/user', { email, password });
    const letter = await api.lastMessage(email);
    const confirmed = await call('POST', '/api/user/verify/email', { code: codeFrom(letter.meta.link), password });
    return { email, password, token: confirmed.json().token as string };
  }

  /** An account made by SMS: no password, a confirmed phone. */
  async function phoneUser() {
    const phone = uniquePhone();
    await call('POST', '/api/user/code', { phone, registration: true });
    const code = (await api.lastMessage(phone)).meta.code!;
    const registered = await call('POST', '/api/user/phone', { phone, phone_code: code });
    return { phone, token: registered.json().token as string };
  }

  describe('a stolen session does not become the account', () => {
    it('changing the e-mail with only a token is refused; a wrong password too', async () => {
      const { token } = await registeredUser();
      const email = uniqueEmail('thief');
      expect((await call('POST', '/api/user/change/email', { email }, token)).json()).toEqual({ message: 'Введите текущий пароль' });
      expect((await call('POST', '/api/user/change/email', { email, current_password: 'Guess123' }, token)).json()).toEqual({
        message: 'Неверный текущий пароль',
      });
      await expect(api.lastMessage(email)).rejects.toThrow();
    });

    it('changing the phone with only a token is refused', async () => {
      const { token } = await registeredUser();
      const phone = uniquePhone();
      expect((await call('POST', '/api/user/phone/code', { phone }, token)).json()).toEqual({ message: 'Введите текущий пароль' });
      await expect(api.lastMessage(phone)).rejects.toThrow();
    });

    it('setting a first password on a password-less account needs a code sent to its phone', async () => {
      const { phone, token } = await phoneUser();
      expect((await call('PUT', '/api/user/password', { new_password: 'Thief123' }, token)).json()).toEqual({
        message: 'Введите код подтверждения',
      });
      expect((await call('PUT', '/api/user/password', { new_password: 'Thief123', proof_code: '0000' }, token)).json()).toEqual({
        message: 'Сначала запросите код',
      });
      api.clock.advance(61_000);
      const sent = await call('POST', '/api/user/proof/code', {}, token);
      expect(sent.json()).toEqual({ message: 'Код отправлен', channel: 'sms', to: `+7 *** ***-**-${phone.slice(-2)}` });
      const code = (await api.lastMessage(phone)).meta.code!;
      const wrong = code === '0000' ? '1111' : '0000';
      expect((await call('PUT', '/api/user/password', { new_password: 'Owner123', proof_code: wrong }, token)).json()).toEqual({
        message: 'Неверный код',
      });
      const set = await call('PUT', '/api/user/password', { new_password: 'Owner123', proof_code: code }, token);
      expect(set.json()).toEqual({ message: 'Пароль успешно изменен!' });
      // The phone is told; the code is single-use.
      expect((await api.lastMessage(phone)).meta.kind).toBe('account_notice');
      expect((await call('PUT', '/api/user/password', { new_password: 'Again123', proof_code: code }, token)).statusCode).toBe(400);
    });

    it('a proof code of one account does not work for another', async () => {
      const first = await registeredUser();
      const second = await registeredUser();
      await call('POST', '/api/user/proof/code', {}, first.token);
      const code = (await api.lastMessage(first.email)).meta.code!;
      expect((await call('POST', '/api/user/change/email', { email: uniqueEmail(), proof_code: code }, second.token)).json()).toEqual({
        message: 'Сначала запросите код',
      });
      expect((await call('POST', '/api/user/change/email', { email: uniqueEmail(), proof_code: code }, first.token)).statusCode).toBe(200);
    });
  });

  describe('answers reveal nobody', () => {
    it('password reset: a known and an unknown address get the same answer', async () => {
      const { email } = await registeredUser();
      const known = await call('POST', '/api/auth/resetpassword', { email });
      const unknown = await call('POST', '/api/auth/resetpassword', { email: uniqueEmail('nobody') });
      expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
    });

    it('SMS code request: a registered and a free number get the same answer, to sign in and to register', async () => {
      const { phone } = await phoneUser();
      const free = uniquePhone();
      api.clock.advance(61_000);
      for (const registration of [false, true]) {
        const known = await call('POST', '/api/user/code', { phone, registration });
        const unknown = await call('POST', '/api/user/code', { phone: free, registration });
        expect([unknown.statusCode, unknown.json()]).toEqual([known.statusCode, known.json()]);
        // …and the same cooldown right after.
        const knownAgain = await call('POST', '/api/user/code', { phone, registration });
        const unknownAgain = await call('POST', '/api/user/code', { phone: free, registration });
        expect(unknownAgain.statusCode).toBe(knownAgain.statusCode);
      }
    });

    it('confirmation resend: an unconfirmed, a confirmed and an unknown address get the same answer', async () => {
      const { email: confirmed } = await registeredUser();
      const unconfirmed = uniqueEmail('pending');
      await call('POST', '/api/user', { email: unconfirmed, password: 'Secret12' });
      const answers = await Promise.all(
        [confirmed, unconfirmed, uniqueEmail('nobody')].map(async (email) => {
          const response = await call('POST', '/api/user/confirm/email', { email });
          return [response.statusCode, response.json()];
        }),
      );
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    });

    it('e-mail change: an account probing for registered addresses learns nothing, with or without a proof', async () => {
      const attacker = await registeredUser();
      const { email: victim } = await registeredUser();
      const free = uniqueEmail('free');
      const probe = async (email: string, proof: object) => {
        const response = await call('POST', '/api/user/change/email', { email, ...proof }, attacker.token);
        return [response.statusCode, response.json()];
      };
      // A stolen session alone: the same refusal for both.
      for (const proof of [{}, { current_password: 'Guess123' }]) expect(await probe(victim, proof)).toEqual(await probe(free, proof));
      // The attacker's own account with its own password: the same answer for both, too.
      const right = { current_password: attacker.password };
      const taken = await probe(victim, right);
      expect(taken).toEqual(await probe(free, right));
      expect(taken).toEqual([200, { message: 'Письмо со ссылкой для подтверждения отправлено на новый адрес' }]);
      // Only the owner of the taken address learns of it — a notice, no link to take it.
      expect((await api.lastMessage(victim)).meta).toEqual({ kind: 'email_change_taken' });
      expect((await api.lastMessage(free)).meta.kind).toBe('email_change');
    });

    it('phone change: a registered and a free number get the same answer and cooldown, and no code reaches the attacker', async () => {
      const attacker = await registeredUser();
      const { phone: victim } = await phoneUser();
      const free = uniquePhone();
      const probe = async (phone: string, proof: object) => {
        const response = await call('POST', '/api/user/phone/code', { phone, ...proof }, attacker.token);
        return [response.statusCode, response.json()];
      };
      expect(await probe(victim, {})).toEqual(await probe(free, {}));
      const right = { current_password: attacker.password };
      api.clock.advance(61_000);
      expect(await probe(victim, right)).toEqual(await probe(free, right));
      // …and the same cooldown right after.
      expect(await probe(victim, right)).toEqual(await probe(free, right));
      expect((await api.lastMessage(victim)).meta).toEqual({ kind: 'phone_change_taken' });
      expect((await api.lastMessage(free)).meta.kind).toBe('phone_change');
      // The victim's number stays theirs: guessing the code nobody got takes nothing.
      for (const code of ['0000', '1234']) {
        const taken = await call('POST', '/api/user/new/phone', { phone: victim, phone_code: code }, attacker.token);
        expect(taken.statusCode).toBe(400);
      }
      const [owner] = await database().db.select({ id: users.id }).from(users).where(eq(users.phone, victim));
      expect(owner).toBeDefined();
      expect((await call('GET', '/api/user', undefined, attacker.token)).json().phone).not.toBe(victim);
    });

    it('registration with a registered address: the same answer as a new one, and the account is left as it was', async () => {
      const { email: victim, password } = await registeredUser();
      const again = await call('POST', '/api/user', { email: victim, password: 'Thief123' });
      const fresh = await call('POST', '/api/user', { email: uniqueEmail('fresh'), password: 'Thief123' });
      expect([again.statusCode, again.json()]).toEqual([fresh.statusCode, fresh.json()]);
      expect((await api.lastMessage(victim)).meta.kind).toBe('register_taken');
      expect((await call('PUT', '/api/auth', { email: victim, password: 'Thief123' })).statusCode).toBe(400);
      expect((await call('PUT', '/api/auth', { email: victim, password })).statusCode).toBe(200);
    });
  });

  describe('secrets in addresses', () => {
    it('a sign-in link’s session token (/token/{id}) and the letters’ codes never reach the server’s log', async () => {
      const lines: string[] = [];
      const stream = { write: (line: string) => void lines.push(line) };
      const app = await createTestApp(database(), {}, { logger: { ...(loggerOptions('info') as object), stream } });
      const { token } = await registeredUser();
      for (const url of [
        `/token/${token}`,
        `/loginlink?redirect=/me&token=${token}`,
        `/verify/resetpassword/${token}`,
        `/verify/new/email/${token}`,
        `/basket/thanks?order=${token}`,
        `/auth/gid?state=x&code=${token}`,
      ])
        await app.request({ method: 'GET', url });
      await app.close();
      const log = lines.join('');
      expect(log).toContain('/token/[redacted]');
      expect(log).toContain('/loginlink?redirect=/me&token=[redacted]');
      expect(log).not.toContain(token);
    });
  });

  describe('lifetimes', () => {
    it('a reset link is dead after 1 hour', async () => {
      const app = await createTestApp(database());
      const { email } = await (async () => {
        const email = uniqueEmail('late');
        await call('POST', '/api/user', { email, password: 'Secret12' }, undefined, app);
        return { email };
      })();
      await call('POST', '/api/auth/resetpassword', { email }, undefined, app);
      const code = codeFrom((await app.lastMessage(email)).meta.link);
      app.clock.advance(59 * 60_000);
      expect((await call('PUT', '/api/auth/resetpassword', { code }, undefined, app)).statusCode).toBe(200);
      app.clock.advance(2 * 60_000);
      expect((await call('PUT', '/api/auth/resetpassword', { code }, undefined, app)).json()).toEqual({
        message: 'Ссылка для восстановления пароля недействительна или устарела',
      });
      await app.close();
    });

    it('a session unused for 30 days has ended; one in use lives on until its absolute end', async () => {
      const app = await createTestApp(database());
      const email = uniqueEmail('idle');
      await call('POST', '/api/user', { email, password: 'Secret12' }, undefined, app);
      const link = (await app.lastMessage(email)).meta.link;
      const idle = (await call('POST', '/api/user/verify/email', { code: codeFrom(link), password: 'Secret12' }, undefined, app)).json()
        .token;
      const busy = (await call('PUT', '/api/auth', { email, password: 'Secret12' }, undefined, app)).json().token;
      for (let day = 0; day < 29; day++) {
        app.clock.advance(86_400_000);
        expect((await call('GET', '/api/user', undefined, busy, app)).statusCode).toBe(200);
      }
      app.clock.advance(86_400_000);
      expect((await call('GET', '/api/user', undefined, idle, app)).statusCode).toBe(401);
      expect((await call('GET', '/api/user', undefined, busy, app)).statusCode).toBe(200);
      // Used every day, it still ends 90 days after sign-in.
      for (let day = 30; day < 90; day += 10) {
        app.clock.advance(10 * 86_400_000);
        expect((await call('GET', '/api/user', undefined, busy, app)).statusCode).toBe(day + 10 < 90 ? 200 : 401);
      }
      await app.close();
    });
  });

  it('a password hashed with older scrypt parameters is rehashed at the next sign-in', async () => {
    const app = await createTestApp(database(), { scrypt: { N: 2048, r: 8, p: 1 } });
    const email = uniqueEmail('old-hash');
    await call('POST', '/api/user', { email, password: 'Secret12' }, undefined, app);
    await call(
      'POST',
      '/api/user/verify/email',
      { code: codeFrom((await app.lastMessage(email)).meta.link), password: 'Secret12' },
      undefined,
      app,
    );
    await app.deps.db
      .update(users)
      .set({ passwordHash: await hashPassword('Secret12', { N: 1024, r: 8, p: 1 }) })
      .where(eq(users.email, email));
    expect((await call('PUT', '/api/auth', { email, password: 'Secret12' }, undefined, app)).statusCode).toBe(200);
    const [row] = await app.deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(row!.hash).toMatch(/^scrypt\$2048\$8\$1\$/);
    expect((await call('PUT', '/api/auth', { email, password: 'Secret12' }, undefined, app)).statusCode).toBe(200);
    await app.close();
  });

  describe('codes: the 4 digits stay, the caps carry the weight', () => {
    it('re-requesting codes does not buy endless guesses: 10 wrong checks per phone an hour across codes', async () => {
      const app = await createTestApp(database());
      const phone = uniquePhone();
      let wrongs = 0;
      let last = '';
      for (let round = 0; round < 3; round++) {
        expect((await call('POST', '/api/user/code', { phone, registration: true }, undefined, app)).statusCode).toBe(200);
        last = (await app.lastMessage(phone)).meta.code!;
        const wrong = last === '0000' ? '1111' : '0000';
        for (let i = 0; i < 4; i++) {
          const response = await call('POST', '/api/user/phone', { phone, phone_code: wrong }, undefined, app);
          if (response.statusCode === 400) wrongs++;
          else expect(response.statusCode).toBe(429);
        }
        app.clock.advance(61_000);
      }
      expect(wrongs).toBe(10);
      // The 11th check is refused even with the right code, until the hour is over.
      expect((await call('POST', '/api/user/phone', { phone, phone_code: last }, undefined, app)).statusCode).toBe(429);
      await app.close();
    });

    it('at most 5 codes per phone an hour, whatever the purpose', async () => {
      const app = await createTestApp(database());
      const phone = uniquePhone();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await call('POST', '/api/user/code', { phone, registration: i % 2 === 0 }, undefined, app)).statusCode);
        app.clock.advance(61_000);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      app.clock.advance(3_600_000);
      expect((await call('POST', '/api/user/code', { phone, registration: true }, undefined, app)).statusCode).toBe(200);
      await app.close();
    });
  });
}
