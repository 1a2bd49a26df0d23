import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { certificates, users } from '../../db/schema/index';
import { hashPassword } from '../../lib/crypto';
import { readOutbox } from '../../messaging/senders';
import { type Claims, fakeProviders, providerCode, socialFlow } from '../../testing/adversary';
import { CHROME_UA, createTestApp, uniqueEmail, useTestApp } from '../../testing/fixtures';
import { createSession } from '../sessions/service';
import { demoAccountIds, demoAccountsWarning, liveDemoAccounts, retireDemoAccounts } from '../users/demo-accounts';
import { createUser } from '../users/service';

// Issue 33: the other direction — no one signed into an attacker's account, no one left inside after
// recovery. Each finding as the attack it describes, on PGlite through the HTTP app.
const app = useTestApp({}, {}, ({ api }) => {
  api.deps.providers = fakeProviders();
});
let certificate: string;
beforeAll(async () => {
  certificate = (await app.database.db.select({ id: certificates.publicId }).from(certificates).limit(1))[0]!.id;
});

let addresses = 0;
const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string, remoteAddress?: string) => {
  const response = await app.api.request({
    method,
    url,
    ...(payload ? { payload } : {}),
    ...(token ? { token } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { 'user-agent': CHROME_UA },
  });
  return { status: response.statusCode, body: response.body ? response.json() : {} };
};
const codeFrom = (link: string | undefined) => link?.split(/[/#=]/).pop() ?? '';
const guestCheckout = (email: string, register: boolean, token?: string) =>
  call('POST', '/api/payment', { email, certificates: [{ public_id: certificate, count: 1 }], register }, token);
const letterCode = async (email: string, kind: string) =>
  codeFrom((await readOutbox(app.api.deps.db, { to: email, limit: 20 })).find((m) => m.meta.kind === kind)?.meta.link);

async function resetByOwner(email: string, password: string) {
  expect((await call('POST', '/api/auth/resetpassword', { email })).status).toBe(200);
  const checked = await call('PUT', '/api/auth/resetpassword', { code: await letterCode(email, 'password_reset') });
  expect((await call('POST', '/api/auth/resetpassword/update', { secure: checked.body.secure, password })).status).toBe(200);
}

async function confirmedAccount(password = 'Owner123') {
  const email = uniqueEmail('owner');
  await call('POST', '/api/user', { email, password });
  const confirmed = await call('POST', '/api/user/verify/email', { code: await letterCode(email, 'email_confirm'), password });
  expect(confirmed.status).toBe(200);
  return { email, password, token: confirmed.body.token as string, publicId: confirmed.body.user.public_id as string };
}

describe('finding 1: a confirmation link signs in only the person it was sent to, who is asked first', () => {
  it('the page can show whose account the link confirms before anything is used up', async () => {
    const mallory = uniqueEmail('mallory');
    expect((await guestCheckout(mallory, true)).status).toBe(200);
    const code = await letterCode(mallory, 'email_confirm');
    expect(await call('POST', '/api/user/verify/email/check', { code })).toEqual({
      status: 200,
      body: { email: mallory, password_required: false },
    });
    // Checking twice uses nothing up; the address's owner then confirms.
    expect((await call('POST', '/api/user/verify/email/check', { code })).status).toBe(200);
    expect((await call('POST', '/api/user/verify/email', { code })).status).toBe(200);
    expect((await call('POST', '/api/user/verify/email/check', { code })).status).toBe(400);
  });

  it('a signed-in visitor opening someone else’s link is told so and stays who they are', async () => {
    const victim = await confirmedAccount();
    const mallory = uniqueEmail('mallory');
    await guestCheckout(mallory, true);
    const code = await letterCode(mallory, 'email_confirm');
    expect(await call('POST', '/api/user/verify/email/check', { code }, victim.token)).toEqual({
      status: 403,
      body: { message: 'Ссылка подтверждения принадлежит другому пользователю' },
    });
    expect((await call('POST', '/api/user/verify/email', { code }, victim.token)).status).toBe(403);
    expect((await call('GET', '/api/user', undefined, victim.token)).body.user.public_id).toBe(victim.publicId);
  });

  it('a leftover link of an account proven since signs no one in (it would skip the password)', async () => {
    const mallory = uniqueEmail('mallory');
    await guestCheckout(mallory, true);
    const code = await letterCode(mallory, 'email_confirm');
    // The attacker proves the address another way and keeps the letter's link for a victim.
    await resetByOwner(mallory, 'Mallory1');
    expect(await call('POST', '/api/user/verify/email', { code })).toEqual({
      status: 400,
      body: { message: 'Почта уже подтверждена. Войдите в аккаунт' },
    });
    expect((await call('POST', '/api/user/verify/email/check', { code })).status).toBe(400);
  });
});

const LOCKED = 'Слишком много неудачных попыток входа. Вход паролем приостановлен на 15 мин. Попробуйте позже или восстановите пароль';
const nextAddress = () => {
  addresses += 1;
  return `198.19.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

async function passwordAccount(password = 'Secret12') {
  const email = uniqueEmail('lock');
  const user = await createUser(app.api.deps.db, app.api.clock.now(), {
    email,
    passwordHash: await hashPassword(password, app.api.deps.config.scrypt),
    emailConfirmedAt: app.api.clock.now(),
  });
  return { email, password, user };
}

describe('finding 3: every password check is counted before it is made', () => {
  it('40 wrong guesses at once from 40 addresses: at most 10 are judged, the rest locked out; the right one inside the burst gets no session', async () => {
    const { email, password } = await passwordAccount();
    const guesses = Array.from({ length: 40 }, (_, i) => `Wrong${i}pass`);
    guesses.splice(30, 0, password);
    const answers = await Promise.all(
      guesses.map((guess) => call('PUT', '/api/auth', { email, password: guess }, undefined, nextAddress())),
    );
    const judged = answers.filter((answer) => answer.status !== 429);
    expect(judged.length).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => answer.status === 429).every((answer) => answer.body.message === LOCKED)).toBe(true);
    expect(answers[30]!.status).toBe(429);
    const letters = (await readOutbox(app.api.deps.db, { to: email, limit: 50 })).filter((m) => m.meta.kind === 'password_locked');
    expect(letters).toHaveLength(1);
    // After the lock, one check at a time; the owner's right password opens.
    app.api.clock.advance(15 * 60_000 + 1000);
    expect((await call('PUT', '/api/auth', { email, password }, undefined, nextAddress())).status).toBe(200);
  });

  it('the registration password on the confirmation page counts per account', async () => {
    const email = uniqueEmail('victim');
    await call('POST', '/api/user', { email, password: 'Attack12' });
    const code = await letterCode(email, 'email_confirm');
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await call('POST', '/api/user/verify/email', { code, password: `Guess${i}pw` }, undefined, nextAddress())).status);
    }
    expect(answers).toEqual([...Array(10).fill(400), 429]);
    expect((await call('POST', '/api/user/verify/email', { code, password: 'Attack12' }, undefined, nextAddress())).status).toBe(429);
  });

  it('a right password gives its attempt back: a good sign-in is not one step closer to a lock', async () => {
    const { email, password } = await passwordAccount();
    for (let i = 0; i < 9; i++)
      expect((await call('PUT', '/api/auth', { email, password: `Wrong${i}pass` }, undefined, nextAddress())).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await call('PUT', '/api/auth', { email, password }, undefined, nextAddress())).status).toBe(200);
    expect((await call('PUT', '/api/auth', { email, password: 'Wrong9pass' }, undefined, nextAddress())).status).toBe(400);
    expect((await call('PUT', '/api/auth', { email, password }, undefined, nextAddress())).status).toBe(429);
  });
});

describe('finding 3: the per-address limits key an IPv6 client by its /64', () => {
  it('guesses from 11 addresses of one /64 share the login limit of 10 a minute; another /64 has its own', async () => {
    const strict = await createTestApp(app.database, {
      rateLimits: { ...app.api.deps.config.rateLimits, login: { max: 10, windowMs: 60_000 } },
    });
    try {
      const email = uniqueEmail('v6');
      const statuses = [];
      for (let i = 1; i <= 11; i++) {
        const response = await strict.request({
          method: 'PUT',
          url: '/api/auth',
          payload: { email, password: `Guess${i}pw` },
          remoteAddress: `2001:db8:33:64::${i.toString(16)}:1`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
      const elsewhere = await strict.request({
        method: 'PUT',
        url: '/api/auth',
        payload: { email: uniqueEmail('v6'), password: 'Guess1pw' },
        remoteAddress: '2001:db8:33:65::1',
      });
      expect(elsewhere.statusCode).toBe(400);
    } finally {
      await strict.close();
    }
  });
});

let subjects = 0;
describe('finding 4: a provider’s e-mail is proof only where it states it verified it and is configured as verifying', () => {
  const signIn = async (network: 'vk' | 'google', claims: object) =>
    call('POST', `/api/user/${network}`, {
      code: providerCode({ sub: `${network}-${process.pid}-${++subjects}`, ...claims }),
      ...(await socialFlow(app.api, network, 'auth')),
    });

  it('VK (not verifying) vouching for the victim’s proven address opens a new account, not the victim’s', async () => {
    const victim = await confirmedAccount();
    const vk = await signIn('vk', { email: victim.email, email_verified: true });
    expect(vk.status).toBe(200);
    expect(vk.body.user.public_id).not.toBe(victim.publicId);
    expect(vk.body.user.email).toBeNull();
    expect((await call('GET', '/api/user/links', undefined, victim.token)).body.values).toEqual([]);
    // Google, configured as verifying and stating it, is proof; without the statement it is not.
    expect((await signIn('google', { email: victim.email })).body.user.public_id).not.toBe(victim.publicId);
    expect((await signIn('google', { email: victim.email, email_verified: true })).body.user.public_id).toBe(victim.publicId);
  });

  it('a social return without the verifier, or with a state the server did not issue for it, signs no one in', async () => {
    const code = providerCode({ sub: `vk-${process.pid}-${++subjects}` });
    const flow = await socialFlow(app.api, 'vk', 'auth');
    expect((await call('POST', '/api/user/vk', { code, redirect_uri: flow.redirect_uri })).status).toBe(400);
    expect((await call('POST', '/api/user/vk', { code, redirect_uri: flow.redirect_uri, code_verifier: flow.code_verifier })).status).toBe(
      400,
    );
    expect((await call('POST', '/api/user/vk', { ...flow, code, state: 'x'.repeat(43) })).body).toEqual({
      message: 'Ответ сервиса авторизации не совпал с запросом. Попробуйте войти ещё раз',
    });
    expect((await call('POST', '/api/user/vk', { ...flow, code, code_verifier: 'w'.repeat(43) })).status).toBe(400);
    // A sign-in flow's state does not serve the link page's return, nor another network's.
    expect((await call('POST', '/api/user/google', { ...flow, code, redirect_uri: 'http://site.test/user/auth/google' })).status).toBe(400);
    expect((await call('POST', '/api/user/vk', { ...flow, code })).status).toBe(200);
    // Used up.
    expect((await call('POST', '/api/user/vk', { ...flow, code })).status).toBe(400);
  });
});

describe('finding 5: after recovery only the person who recovered is inside', () => {
  const vkClaims = () => ({ sub: `vk-${process.pid}-${++subjects}` });
  const vkSignIn = async (claims: Claims) =>
    call('POST', '/api/user/vk', { code: providerCode(claims), ...(await socialFlow(app.api, 'vk', 'auth')) });
  const linkVk = async (token: string, claims: Claims, proof: object) => {
    const given = await call('POST', '/api/user/add/proof', proof, token);
    expect(given.status).toBe(200);
    const linked = await call(
      'POST',
      '/api/user/add/vk',
      { code: providerCode(claims), ...(await socialFlow(app.api, 'vk', 'add')), proof: given.body.proof },
      token,
    );
    expect(linked.status).toBe(200);
  };
  const opens = async (token: string) => (await call('GET', '/api/user', undefined, token)).status;

  it('unlinking a network ends the sessions it opened and every other one; the unlinking session stays', async () => {
    const owner = await confirmedAccount();
    const other = await call('PUT', '/api/auth', { email: owner.email, password: owner.password });
    const vk = vkClaims();
    await linkVk(owner.token, vk, { current_password: owner.password });
    const viaVk = await vkSignIn(vk);
    expect(viaVk.body.user.public_id).toBe(owner.publicId);
    expect((await call('POST', '/api/user/unlink/vk', { current_password: owner.password }, owner.token)).status).toBe(200);
    expect(await opens(viaVk.body.token)).toBe(401);
    expect(await opens(other.body.token)).toBe(401);
    expect(await opens(owner.token)).toBe(200);
  });

  it('an e-mail change ends every other session', async () => {
    const owner = await confirmedAccount();
    const other = await call('PUT', '/api/auth', { email: owner.email, password: owner.password });
    const email = uniqueEmail('moved');
    expect((await call('POST', '/api/user/change/email', { email, current_password: owner.password }, owner.token)).status).toBe(200);
    expect((await call('POST', '/api/user/verify/new/email', { code: await letterCode(email, 'email_change') }, owner.token)).status).toBe(
      200,
    );
    expect(await opens(other.body.token)).toBe(401);
    expect(await opens(owner.token)).toBe(200);
  });

  it('a reset of a proven account removes the networks the old password linked, keeps those the address’s owner proved, and lists what is left', async () => {
    const owner = await confirmedAccount();
    // An intruder who knew the password links their VK with it and signs in through it.
    const intruder = await call('PUT', '/api/auth', { email: owner.email, password: owner.password });
    const theirs = vkClaims();
    await linkVk(intruder.body.token, theirs, { current_password: owner.password });
    const inside = await vkSignIn(theirs);
    expect(inside.body.user.public_id).toBe(owner.publicId);
    // …and, a minute later, puts their phone on it, with the password as the proof.
    app.api.clock.advance(60_000);
    const phone = `7999${String(process.pid % 1000).padStart(3, '0')}${String(++subjects).padStart(4, '0')}`;
    expect((await call('POST', '/api/user/phone/code', { phone, current_password: owner.password }, intruder.body.token)).status).toBe(200);
    const sms = (await readOutbox(app.api.deps.db, { to: phone, limit: 5 })).find((m) => m.meta.kind === 'phone_change');
    expect((await call('POST', '/api/user/new/phone', { phone, phone_code: sms?.meta.code }, intruder.body.token)).status).toBe(200);
    // The owner's own Google, vouched for by the provider for the proven address, stays.
    const google = await call('POST', '/api/user/google', {
      code: providerCode({ sub: `g-${process.pid}-${++subjects}`, email: owner.email, email_verified: true }),
      ...(await socialFlow(app.api, 'google', 'auth')),
    });
    expect(google.body.user.public_id).toBe(owner.publicId);

    await resetByOwner(owner.email, 'Owner456');
    expect(await opens(inside.body.token)).toBe(401);
    expect(await opens(intruder.body.token)).toBe(401);
    expect((await vkSignIn(theirs)).body.user.public_id).not.toBe(owner.publicId);
    const signedIn = await call('PUT', '/api/auth', { email: owner.email, password: 'Owner456' });
    expect((await call('GET', '/api/user/links', undefined, signedIn.body.token)).body.values).toEqual([
      expect.objectContaining({ provider: 'google', proven_by: 'email' }),
    ]);
    const letter = (await readOutbox(app.api.deps.db, { to: owner.email, limit: 20 })).find((m) => m.meta.kind === 'password_changed');
    expect(letter?.text).toContain('Отвязаны соцсети, привязанные по старому паролю: Вконтакте.');
    expect(letter?.text).toContain('Войти в аккаунт по-прежнему можно через: Google.');
    expect(letter?.text).toContain('Отвязан телефон');
    expect((await call('GET', '/api/user', undefined, signedIn.body.token)).body.user.phone).toBeNull();
  });
});

describe('finding 8: nothing planted in a guest-checkout account survives the owner’s claim', () => {
  it('the session of an account nobody proved cannot fill in its profile', async () => {
    const victim = uniqueEmail('victim');
    await guestCheckout(victim, true);
    // The checkout's «register» no longer signs anyone in (finding 6): a session the account had from before.
    const [account] = await app.api.deps.db.select().from(users).where(eq(users.email, victim));
    const attacker = await createSession(app.api.deps, account!, 'email', { ip: '203.0.113.9', userAgent: CHROME_UA });
    expect(
      await call(
        'PUT',
        '/api/user',
        { name: 'Мэллори', extra_contact: 'Мама', type_relate: 'Родитель', contact_phone: '79001234567' },
        attacker.token,
      ),
    ).toEqual({
      status: 403,
      body: {
        message:
          'Сначала подтвердите почту по ссылке из письма. До этого можно смотреть свои покупки, но нельзя привязать соцсеть, задать пароль или изменить почту и телефон',
      },
    });
  });

  it('the owner’s claim leaves no profile field someone else put there (as an account filled before the guard)', async () => {
    const victim = uniqueEmail('victim');
    await guestCheckout(victim, true);
    await app.api.deps.db
      .update(users)
      .set({ name: 'Мэллори', lastName: 'Злая', extraContact: 'Мама', contactPhone: '79001234567', typeRelate: 'мать', mailing: true })
      .where(eq(users.email, victim));
    await resetByOwner(victim, 'Owner123');
    const [account] = await app.api.deps.db.select().from(users).where(eq(users.email, victim));
    expect(account).toMatchObject({ name: null, lastName: null, extraContact: null, contactPhone: null, typeRelate: null, mailing: false });
  });
});

describe('finding 9: a production start names the demo accounts of a database seeded in demo mode; demo:retire closes them', () => {
  it('the warning names them and the command; after it their password, phone and sessions open nothing', async () => {
    const demo = await call('PUT', '/api/auth', { email: 'demo@geroi.example', password: 'Demo1234' });
    expect(demo.status).toBe(200);
    const open = await liveDemoAccounts(app.api.deps.db);
    expect(open).toContain('demo@geroi.example');
    expect(demoAccountsWarning(open)).toContain('pnpm --filter @gid/server run demo:retire');
    const retired = await retireDemoAccounts(app.api.deps.db, app.api.clock.now());
    expect(retired).toContain('demo@geroi.example');
    expect(await call('GET', '/api/user', undefined, demo.body.token)).toMatchObject({ status: 401 });
    expect((await call('PUT', '/api/auth', { email: 'demo@geroi.example', password: 'Demo1234' })).status).toBe(400);
    const [account] = await app.api.deps.db.select().from(users).where(inArray(users.publicId, demoAccountIds()));
    expect(account).toMatchObject({ email: null, phone: null, passwordHash: null, roles: [] });
    expect(await retireDemoAccounts(app.api.deps.db, app.api.clock.now())).toEqual([]);
    expect(await liveDemoAccounts(app.api.deps.db)).toEqual([]);
  });
});

describe('finding 6: reset, sign-in link and resend answer an unknown address as a known one — same words, same work', () => {
  /** The statements one call sends to the app.database (the time it takes follows them). */
  async function statementsOf(send: () => Promise<{ status: number; body: unknown }>) {
    const client = (app.database as unknown as { client: { query: (...args: unknown[]) => Promise<unknown> } }).client;
    const original = client.query.bind(client);
    let count = 0;
    client.query = (...args: unknown[]) => {
      count++;
      return original(...args);
    };
    try {
      const answer = await send();
      return { answer, count };
    } finally {
      client.query = original;
    }
  }

  it.each([
    ['POST /api/auth/resetpassword', '/api/auth/resetpassword', 'confirmed'],
    ['POST /api/auth/link', '/api/auth/link', 'confirmed'],
    ['POST /api/user/confirm/email', '/api/user/confirm/email', 'unconfirmed'],
  ] as const)('%s', async (_name, url, kind) => {
    const known = kind === 'confirmed' ? (await confirmedAccount()).email : uniqueEmail('pending');
    if (kind === 'unconfirmed') await call('POST', '/api/user', { email: known, password: 'Pending1' });
    // Warm: the first call of a statement's shape prepares it.
    await call('POST', url, { email: uniqueEmail('warm') });
    await call('POST', url, { email: known });
    const mine = await statementsOf(() => call('POST', url, { email: known }));
    const nobody = await statementsOf(() => call('POST', url, { email: uniqueEmail('nobody') }));
    expect(nobody.answer).toEqual(mine.answer);
    expect(nobody.count).toBe(mine.count);
  });
});
