import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/index';
import { type Body, CHROME_UA, createTestApp, openTemplateDatabase, type TestApp } from '../../testing/fixtures';
import { authorize, Browser, type IdpCode, newIdpPhone, SITE, startTestIdp, type TestIdp } from '../../testing/idp';

// GID sign-in through the SDK's token call, against the real local idp: real codes from its sign-in
// pages, real PKCE, real signed ID tokens.
let idp: TestIdp;
let database: DatabaseHandle;
let api: TestApp;

beforeAll(async () => {
  [idp, database] = await Promise.all([startTestIdp(), openTemplateDatabase()]);
  api = await createTestApp(database, { identity: idp.identity });
});
afterAll(async () => {
  await api?.close();
  await Promise.all([idp?.close(), database?.close()]);
});

const TOKEN_PATH = '/api/v0.3/backend/oauth/token';
const IVAN = '+79990000001';

/** The SDK's authorization-code body for a code. */
const codeBody = (code: IdpCode, override: Record<string, unknown> = {}) => ({
  grant_type: 'authorization_code',
  client_id: 'demo-site',
  redirect_uri: code.redirectUri,
  code_verifier: code.verifier,
  code: code.code,
  state: code.state,
  ...override,
});

const call = (method: 'PUT' | 'POST', url: string, payload: unknown, token?: string) =>
  api.request({ method, url, payload: payload as object, headers: { 'user-agent': CHROME_UA }, ...(token ? { token } : {}) });

/** A 400 in the shape the SDK hands to its callback, with the site's message beside it. */
function expectOAuthError(response: { statusCode: number; json(): Body; body: string }, error: string, status = 400) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ error, error_description: expect.any(String), status, message: expect.any(String) });
  expect(response.json().error_description).toMatch(/[а-яё]/i);
  expect(response.body).not.toMatch(/\bat \S+ \(|node_modules|stack/);
}

describe('the token call: authorization code', () => {
  it('signs a new person up, then in again to the same account; the sessions record gid', async () => {
    const browser = new Browser(idp.url);
    const phone = newIdpPhone();
    const first = await authorize(idp.url, browser, phone, { name: { given: 'Пётр', family: 'Сидоров' } });
    const response = await call('PUT', '/api/auth/gid', codeBody(first));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      id_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refresh_token: expect.any(String),
      expires_in: expect.any(Number),
      scope: 'openid profile phone',
      token_type: 'Bearer',
      additional_data: { token: body.token, user: body.user },
      token: expect.stringMatching(/^[\w-]{43}$/),
      user: expect.objectContaining({
        public_id: expect.any(String),
        name: 'Пётр',
        last_name: 'Сидоров',
        phone: phone.slice(1),
        phone_confirmed: true,
        email: null,
      }),
    });
    expect((await api.request({ method: 'GET', url: '/api/user', token: body.token })).json().user.public_id).toBe(body.user.public_id);

    // The idp session is live: the second authorize returns a code at once. The SDK's default path.
    const second = await call('POST', TOKEN_PATH, codeBody(await authorize(idp.url, browser, phone)));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user.public_id).toBe(body.user.public_id);
    expect(second.json().token).not.toBe(body.token);

    const history = (await call('POST', '/api/auth/history', undefined, second.json().token)).json().values;
    expect(history.map((entry: Body) => [entry.method, entry.browser])).toEqual([
      ['gid', 'Chrome'],
      ['gid', 'Chrome'],
    ]);
  });

  it('joins the account that has the phone the provider vouches for', async () => {
    const code = await authorize(idp.url, new Browser(idp.url), IVAN);
    const response = await call('POST', '/api/auth/gid', codeBody(code));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ email: 'demo@geroi.example', name: 'Иван', phone: '79990000001' });
  });

  it('refuses a wrong verifier, a tampered code, a replayed code and another redirect URI', async () => {
    const browser = new Browser(idp.url);
    const phone = newIdpPhone();

    const wrongVerifier = await authorize(idp.url, browser, phone);
    expectOAuthError(await call('PUT', '/api/auth/gid', codeBody(wrongVerifier, { code_verifier: 'x'.repeat(64) })), 'invalid_grant');

    const tampered = await authorize(idp.url, browser, phone);
    const code = tampered.code;
    const flipped = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    expectOAuthError(await call('PUT', '/api/auth/gid', codeBody(tampered, { code: flipped })), 'invalid_grant');

    const replayed = await authorize(idp.url, browser, phone);
    expect((await call('PUT', '/api/auth/gid', codeBody(replayed))).statusCode).toBe(200);
    expectOAuthError(await call('PUT', '/api/auth/gid', codeBody(replayed)), 'invalid_grant');

    const elsewhere = await authorize(idp.url, browser, phone);
    expectOAuthError(await call('PUT', '/api/auth/gid', codeBody(elsewhere, { redirect_uri: `${SITE}/test` })), 'invalid_grant');
  });

  it('refuses an ID token whose nonce was not derived from the verifier', async () => {
    const phone = newIdpPhone();
    const code = await authorize(idp.url, new Browser(idp.url), phone, { nonce: 'notfromthev' });
    const response = await call('PUT', '/api/auth/gid', codeBody(code));
    expectOAuthError(response, 'invalid_token');
    expect(response.json().error_description).toBe('Ответ сервиса авторизации не прошёл проверку');
    // Nobody was signed up with that phone.
    expect(
      await api.deps.db
        .select()
        .from(users)
        .where(eq(users.phone, phone.slice(1))),
    ).toEqual([]);
  });

  it('refuses another client id before asking the provider', async () => {
    const response = await call('PUT', '/api/auth/gid', {
      grant_type: 'authorization_code',
      client_id: 'example-react',
      redirect_uri: `${SITE}/auth/gid`,
      code_verifier: 'v'.repeat(43),
      code: 'whatever',
      state: 's',
    });
    expectOAuthError(response, 'invalid_client');
  });

  it.each([
    ['no body', undefined, 'invalid_request'],
    ['an empty object', {}, 'unsupported_grant_type'],
    ['an unknown grant type', { grant_type: 'password', client_id: 'demo-site' }, 'unsupported_grant_type'],
    ['no verifier', { grant_type: 'authorization_code', client_id: 'demo-site', redirect_uri: `${SITE}/auth/gid`, code: 'c', state: 's' }],
    [
      'a short verifier',
      {
        grant_type: 'authorization_code',
        client_id: 'demo-site',
        redirect_uri: `${SITE}/auth/gid`,
        code_verifier: 'short',
        code: 'c',
        state: 's',
      },
    ],
    [
      'a redirect URI that is no URL',
      {
        grant_type: 'authorization_code',
        client_id: 'demo-site',
        redirect_uri: 'auth/gid',
        code_verifier: 'v'.repeat(43),
        code: 'c',
        state: 's',
      },
    ],
    [
      'an unknown field',
      {
        grant_type: 'authorization_code',
        client_id: 'demo-site',
        redirect_uri: `${SITE}/auth/gid`,
        code_verifier: 'v'.repeat(43),
        code: 'c',
        state: 's',
        nonce: 'n',
      },
    ],
    [
      'a numeric code',
      {
        grant_type: 'authorization_code',
        client_id: 'demo-site',
        redirect_uri: `${SITE}/auth/gid`,
        code_verifier: 'v'.repeat(43),
        code: 1,
        state: 's',
      },
    ],
    ['a refresh without its token', { grant_type: 'refresh_token', client_id: 'demo-site' }],
    ['an array', [1, 2]],
  ] as [string, unknown, string?][])('a malformed body (%s) is a 400 OAuth error', async (_label, payload, error = 'invalid_request') => {
    expectOAuthError(await call('POST', TOKEN_PATH, payload), error);
  });

  it('broken JSON is a 400 OAuth error', async () => {
    const response = await api.request({
      method: 'POST',
      url: TOKEN_PATH,
      payload: '{"grant_type":',
      headers: { 'content-type': 'application/json' },
    });
    expectOAuthError(response, 'invalid_request');
  });
});

describe('the token call: refresh, and logout', () => {
  it('refreshes the provider tokens, names the linked user, and logout revokes them', async () => {
    const signedIn = (await call('PUT', '/api/auth/gid', codeBody(await authorize(idp.url, new Browser(idp.url), newIdpPhone())))).json();

    const refreshed = await call('POST', TOKEN_PATH, {
      grant_type: 'refresh_token',
      client_id: 'demo-site',
      refresh_token: signedIn.refresh_token,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const tokens = refreshed.json();
    expect(tokens).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer', refresh_token: expect.any(String) });
    expect(tokens.access_token).not.toBe(signedIn.access_token);
    expect(tokens.additional_data).toEqual({ user: signedIn.user });
    expect(tokens).not.toHaveProperty('token');

    // Refresh tokens rotate: the used one is gone.
    expectOAuthError(
      await call('POST', TOKEN_PATH, { grant_type: 'refresh_token', client_id: 'demo-site', refresh_token: signedIn.refresh_token }),
      'invalid_grant',
    );

    const logout = await call('POST', '/api/v0.3/backend/oauth/logout', { client_id: 'demo-site', token: tokens.refresh_token });
    expect(logout.statusCode).toBe(204);
    expect(logout.body).toBe('');
    expectOAuthError(
      await call('POST', TOKEN_PATH, { grant_type: 'refresh_token', client_id: 'demo-site', refresh_token: tokens.refresh_token }),
      'invalid_grant',
    );
  });

  it('revoke (RFC 7009): 200, the refresh token is gone, an unknown token is still 200', async () => {
    const signedIn = (await call('PUT', '/api/auth/gid', codeBody(await authorize(idp.url, new Browser(idp.url), newIdpPhone())))).json();
    const revoke = await call('POST', '/api/v0.3/backend/oauth/revoke', {
      client_id: 'demo-site',
      token: signedIn.refresh_token,
      token_type_hint: 'refresh_token',
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json()).toEqual({});
    expectOAuthError(
      await call('POST', TOKEN_PATH, { grant_type: 'refresh_token', client_id: 'demo-site', refresh_token: signedIn.refresh_token }),
      'invalid_grant',
    );
    expect((await call('POST', '/api/v0.3/backend/oauth/revoke', { client_id: 'demo-site', token: 'not-a-token' })).statusCode).toBe(200);
    expectOAuthError(await call('POST', '/api/v0.3/backend/oauth/revoke', { client_id: 'vk', token: 't' }), 'invalid_client');
  });

  it('logout checks its body and the client id', async () => {
    expectOAuthError(await call('POST', '/api/v0.3/backend/oauth/logout', { client_id: 'demo-site' }), 'invalid_request');
    expectOAuthError(await call('POST', '/api/v0.3/backend/oauth/logout', { client_id: 'vk', token: 't' }), 'invalid_client');
  });
});

describe('limits', () => {
  it('too many calls from one address: 429 with retry_after_seconds, as the SDK reads it', async () => {
    const strict = await createTestApp(database, {
      identity: idp.identity,
      rateLimits: { ...api.deps.config.rateLimits, oauth: { max: 1, windowMs: 60_000 } },
    });
    try {
      const refresh = () =>
        strict.request({
          method: 'POST',
          url: TOKEN_PATH,
          payload: { grant_type: 'refresh_token', client_id: 'demo-site', refresh_token: 'rt' },
        });
      expectOAuthError(await refresh(), 'invalid_grant');
      const limited = await refresh();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: 'slow_down',
        error_description: 'Слишком много попыток. Попробуйте позже',
        status: 429,
        retry_after_seconds: expect.any(Number),
        message: 'Слишком много попыток. Попробуйте позже',
      });
    } finally {
      await strict.close();
    }
  });
});

describe('an unreachable provider', () => {
  it('is a 502 OAuth error, never a 500 with a stack', async () => {
    const offline = await createTestApp(database, {
      identity: { ...idp.identity, gid: { issuer: 'http://127.0.0.1:9', clientId: 'demo-site' } },
    });
    try {
      const response = await offline.request({
        method: 'PUT',
        url: '/api/auth/gid',
        payload: codeBody({ code: 'c', verifier: 'v'.repeat(43), state: 's', redirectUri: `${SITE}/auth/gid` }),
      });
      expectOAuthError(response, 'temporarily_unavailable', 502);
      expect(response.json().error_description).toBe('Сервис авторизации недоступен, попробуйте позже');
    } finally {
      await offline.close();
    }
  });
});
