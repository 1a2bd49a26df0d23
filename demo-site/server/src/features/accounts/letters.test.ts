import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/crypto';
import { readOutbox } from '../../messaging/senders';
import { fakeProviders, providerCode, socialFlow } from '../../testing/adversary';
import { CHROME_UA, uniqueEmail, useTestApp } from '../../testing/fixtures';
import { createSession } from '../sessions/service';
import { createUser } from '../users/service';
import { linkedNotice, noticeLetter, signInLinkLetter, unlinkedNotice } from './letters';

// Issue 35: the sign-in link and the notices of a linked or unlinked network are written in the
// language of the request that sends them; Russian by default, word for word as before.
const CYRILLIC = /[А-Яа-яЁё]/;
const app = useTestApp({}, {}, ({ api }) => {
  api.deps.providers = fakeProviders();
});

let subjects = 0;
const call = (method: 'POST' | 'PUT', url: string, payload: object, language: string, token?: string) =>
  app.api.request({ method, url, payload, headers: { 'accept-language': language, 'user-agent': CHROME_UA }, ...(token ? { token } : {}) });

async function owner() {
  const email = uniqueEmail('owner');
  const password = 'Secret12';
  const user = await createUser(app.api.deps.db, app.api.clock.now(), {
    email,
    passwordHash: await hashPassword(password, app.api.deps.config.scrypt),
    emailConfirmedAt: app.api.clock.now(),
  });
  const { token } = await createSession(app.api.deps, user, 'email', { ip: undefined, userAgent: undefined });
  return { email, password, token };
}

const notices = async (email: string) =>
  (await readOutbox(app.api.deps.db, { to: email, channel: 'email', limit: 10 })).filter(
    (message) => message.meta.kind === 'account_notice',
  );

async function linkVk(who: { password: string; token: string }, language: string) {
  const proof = await call('POST', '/api/user/add/proof', { current_password: who.password }, language, who.token);
  expect(proof.statusCode, proof.body).toBe(200);
  const flow = await socialFlow(app.api, 'vk', 'add');
  const linked = await call(
    'POST',
    '/api/user/add/vk',
    { code: providerCode({ sub: `vk-letters-${process.pid}-${++subjects}` }), ...flow, proof: proof.json().proof },
    language,
    who.token,
  );
  expect(linked.statusCode, linked.body).toBe(200);
}

describe('the sign-in link letter', () => {
  it('English request: the English letter with the link', async () => {
    const { email } = await owner();
    expect((await call('POST', '/api/auth/link', { email }, 'en-GB,en;q=0.8')).statusCode).toBe(200);
    const letter = await app.api.lastMessage(email);
    expect(letter.subject).toBe('Sign in to the Heroes League site');
    expect(letter.meta.link).toMatch(/^http:\/\/site\.test\/loginlink#code=.+/);
    expect(letter.text).toBe(
      `Hello!\n\nTo sign in to your account, open the link (it works for 15 minutes and opens once):\n${letter.meta.link}\n\nIf you did not ask for a link, just delete this letter.`,
    );
  });

  it('Russian request: the Russian letter, word for word', async () => {
    const { email } = await owner();
    await call('POST', '/api/auth/link', { email }, 'ru');
    const letter = await app.api.lastMessage(email);
    expect(letter.subject).toBe('Вход на сайт «Герои»');
    expect(letter.text).toBe(
      `Здравствуйте!\n\nЧтобы войти в личный кабинет, откройте ссылку (она действует 15 минут и открывается один раз):\n${letter.meta.link}\n\nЕсли вы не просили ссылку, просто удалите это письмо.`,
    );
  });
});

describe('the notices of a linked and an unlinked network', () => {
  it('English requests: both notices in English', async () => {
    const who = await owner();
    await linkVk(who, 'en');
    const [linked] = await notices(who.email);
    expect(linked!.subject).toBe('VK is linked to your account');
    expect(linked!.text).toBe(
      "Hello!\n\nA VK account is now linked to your account on the Heroes League site: you can sign in with it. You can unlink it in your account settings.\n\nIf it wasn't you, recover access with “Forgot the password?” and write to support.",
    );
    const unlinked = await call('POST', '/api/user/unlink/vk', { current_password: who.password }, 'en', who.token);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const [notice] = await notices(who.email);
    expect(notice!.subject).toBe('VK is unlinked from your account');
    expect(notice!.text).not.toMatch(CYRILLIC);
  });

  it('Russian requests: the Russian notices, word for word', async () => {
    const who = await owner();
    await linkVk(who, 'ru');
    const [linked] = await notices(who.email);
    expect(linked!.subject).toBe('К аккаунту привязан Вконтакте');
    expect(linked!.text).toBe(
      'Здравствуйте!\n\nК вашему аккаунту на сайте «Герои» привязан аккаунт Вконтакте: через него теперь можно войти. Отвязать его можно в настройках личного кабинета.\n\nЕсли это были не вы, восстановите доступ через «Забыли пароль?» и напишите в поддержку.',
    );
    await call('POST', '/api/user/unlink/vk', { current_password: who.password }, 'ru', who.token);
    const [notice] = await notices(who.email);
    expect(notice!.subject).toBe('Вконтакте отвязан от аккаунта');
    expect(notice!.text).toBe(
      'Здравствуйте!\n\nОт вашего аккаунта на сайте «Герои» отвязан аккаунт Вконтакте: войти через него больше нельзя.\n\nЕсли это были не вы, восстановите доступ через «Забыли пароль?» и напишите в поддержку.',
    );
  });

  it('the English texts have no Russian', () => {
    const texts = [
      signInLinkLetter('en', 'http://x.test'),
      ...(['vk', 'google', 'gid'] as const).flatMap((provider) => [
        noticeLetter('en', linkedNotice('en', provider), true),
        noticeLetter('en', unlinkedNotice('en', provider), false),
      ]),
    ];
    for (const letter of texts) expect(`${letter.subject}\n${letter.text}`).not.toMatch(CYRILLIC);
  });
});
