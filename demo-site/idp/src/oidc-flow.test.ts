import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningIdp, startIdp } from './server';
import { authorizeUrl, Browser, exchangeCode, formAction, passLogin, refresh, relaxedSmsPolicy, signIn, tempDir } from './testing';

const IVAN = '+79990000001';
let idp: RunningIdp;
let dir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  dir = await tempDir();
  idp = await startIdp({ demo: true, sms: relaxedSmsPolicy, port: 0, dataDir: dir.path });
});
afterAll(async () => {
  await idp?.close();
  await dir?.remove();
});

describe('discovery and keys', () => {
  it('publishes the spec routes, S256 only and public clients only', async () => {
    const meta = (await (await fetch(`${idp.url}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      issuer: idp.url,
      authorization_endpoint: `${idp.url}/oauth2/auth`,
      token_endpoint: `${idp.url}/oauth2/token`,
      end_session_endpoint: `${idp.url}/oauth2/sessions/logout`,
      jwks_uri: `${idp.url}/oauth2/jwks`,
      userinfo_endpoint: `${idp.url}/oauth2/userinfo`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(meta.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'phone', 'email']));
  });

  it('serves an RS256 public key without private parts', async () => {
    const { keys } = (await (await fetch(`${idp.url}/oauth2/jwks`)).json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('authorization code + PKCE', () => {
  const browser = () => new Browser(idp.url);

  it('signs in by phone and SMS code, returns code, state and scope, and issues verifiable tokens', async () => {
    const ua = browser();
    const extra = {
      quuid: 'q-1',
      source: 'widget',
      sid: 'sid1',
      cid: 'cid1',
      session_id: 's-1',
      appmetrica_device_id: 'dev1',
      product_name: 'demo',
    };
    const result = await signIn(ua, idp.url, IVAN, { scope: 'openid profile phone', extra });
    expect(result.redirect.origin + result.redirect.pathname).toBe('http://127.0.0.1:3000/auth/gid');
    expect(result.redirect.searchParams.get('state')).toBe(result.state);
    expect(result.redirect.searchParams.get('scope')).toBe('openid profile phone');
    expect(result.redirect.searchParams.get('iss')).toBe(idp.url);
    expect(result.redirect.search).toContain('scope=openid+profile+phone');

    const tokens = await exchangeCode(idp.url, result.code, result.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', scope: 'openid profile phone' });
    expect(tokens.body.refresh_token).toEqual(expect.any(String));

    const jwks = createRemoteJWKSet(new URL(`${idp.url}/oauth2/jwks`));
    const { payload } = await jwtVerify(String(tokens.body.id_token), jwks, { issuer: idp.url, audience: 'demo-site' });
    expect(payload).toMatchObject({
      nonce: result.nonce,
      name: 'Иван Петров',
      given_name: 'Иван',
      family_name: 'Петров',
      phone_number: IVAN,
      phone_number_verified: true,
    });
    expect(payload).not.toHaveProperty('email');

    const userinfo = await fetch(`${idp.url}/oauth2/userinfo`, { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(await userinfo.json()).toMatchObject({ sub: payload.sub, name: 'Иван Петров', phone_number: IVAN });

    const refreshed = await refresh(idp.url, String(tokens.body.refresh_token));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).toEqual(expect.any(String));
    expect(refreshed.body.refresh_token).not.toBe(tokens.body.refresh_token);
    const { payload: again } = await jwtVerify(String(refreshed.body.id_token), jwks, { issuer: idp.url, audience: 'demo-site' });
    expect(again.sub).toBe(payload.sub);
  });

  it('rejects a code exchanged with the wrong verifier', async () => {
    const result = await signIn(browser(), idp.url, IVAN);
    const tokens = await exchangeCode(idp.url, result.code, 'x'.repeat(64));
    expect(tokens.status).toBe(400);
    expect(tokens.body.error).toBe('invalid_grant');
  });

  it("lets only the client's own origins call the token endpoint from a browser", async () => {
    const preflight = (origin: string) =>
      fetch(`${idp.url}/oauth2/token`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    expect((await preflight('http://127.0.0.1:3000')).headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    const result = await signIn(browser(), idp.url, IVAN);
    const exchange = (origin: string) =>
      fetch(`${idp.url}/oauth2/token`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: result.code,
          code_verifier: result.verifier,
          client_id: 'demo-site',
          redirect_uri: 'http://127.0.0.1:3000/auth/gid',
        }),
      });
    const foreign = await exchange('http://evil.test');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a request without PKCE', async () => {
    const page = await browser().go(authorizeUrl(idp.url, { pkce: false }).url);
    expect(page.redirect?.searchParams.get('error')).toBe('invalid_request');
    expect(page.redirect?.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses malformed extra parameters', async () => {
    const page = await browser().go(authorizeUrl(idp.url, { extra: { source: 'not widget!' } }).url);
    expect(page.redirect?.searchParams.get('error')).toBe('invalid_request');
  });

  it('signs in silently with a live session, but prompt=login asks again', async () => {
    const ua = browser();
    await signIn(ua, idp.url, IVAN);
    const silent = await ua.go(authorizeUrl(idp.url).url);
    expect(silent.redirect?.searchParams.get('code')).toBeTruthy();

    const forced = await ua.go(authorizeUrl(idp.url, { prompt: 'login' }).url);
    expect(forced.redirect).toBeUndefined();
    expect(forced.body).toContain('Получить код');
    const after = await passLogin(ua, idp.url, forced, IVAN);
    expect(after.redirect?.searchParams.get('code')).toBeTruthy();
  });

  it('shows a Russian error page for an unknown client, without internals', async () => {
    const page = await browser().go(authorizeUrl(idp.url, { clientId: 'nobody' }).url);
    expect(page.status).toBe(400);
    expect(page.body).toContain('Неизвестный сервис');
    expect(page.body).not.toMatch(/at .*\.js:\d+/);
  });

  it('refuses a redirect URI that is not registered', async () => {
    const page = await browser().go(authorizeUrl(idp.url, { redirectUri: 'http://127.0.0.1:9999/evil' }).url);
    expect(page.status).toBe(400);
    expect(page.redirect).toBeUndefined();
  });

  it('answers a social stand-in like VK: user_id and email in the token response', async () => {
    const result = await signIn(browser(), idp.url, IVAN, {
      clientId: 'vk',
      redirectUri: 'http://127.0.0.1:3000/user/auth/vk',
      scope: 'email',
    });
    expect(result.redirect.searchParams.get('scope')).toBe('email');
    const tokens = await exchangeCode(idp.url, result.code, result.verifier, 'vk', 'http://127.0.0.1:3000/user/auth/vk');
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ email: 'ivan.petrov@example.ru', user_id: expect.any(String) });
    expect(tokens.body).not.toHaveProperty('refresh_token');
  });

  it('gives the social stand-ins email claims with openid', async () => {
    const redirectUri = 'http://127.0.0.1:3000/user/add/auth/google';
    const result = await signIn(browser(), idp.url, '+79990000002', { clientId: 'google', redirectUri, scope: 'openid email' });
    const tokens = await exchangeCode(idp.url, result.code, result.verifier, 'google', redirectUri);
    const jwks = createRemoteJWKSet(new URL(`${idp.url}/oauth2/jwks`));
    const { payload } = await jwtVerify(String(tokens.body.id_token), jwks, { issuer: idp.url, audience: 'google' });
    expect(payload).toMatchObject({ email: 'maria.smirnova@example.ru', email_verified: true });
  });

  it('logs out after confirmation and returns to the registered post-logout URI', async () => {
    const ua = browser();
    await signIn(ua, idp.url, IVAN);
    const query = new URLSearchParams({ client_id: 'demo-site', post_logout_redirect_uri: 'http://127.0.0.1:3000/exit', state: 'bye' });
    const confirm = await ua.go(`/oauth2/sessions/logout?${query}`);
    expect(confirm.body).toContain('>Выйти</button>');
    expect(confirm.body).toContain('>Отмена</button>');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    const done = await ua.go(action, { form: { xsrf, logout: 'yes' } });
    expect(done.redirect?.href).toBe('http://127.0.0.1:3000/exit?state=bye');
    const next = await ua.go(authorizeUrl(idp.url).url);
    expect(next.body).toContain('Получить код');
  });
});

describe('logout «Отмена»', () => {
  it('returns to the site and keeps the provider session', async () => {
    const ua = new Browser(idp.url);
    await signIn(ua, idp.url, IVAN);
    const query = new URLSearchParams({ client_id: 'demo-site', post_logout_redirect_uri: 'http://127.0.0.1:3000/exit' });
    const confirm = await ua.go(`/oauth2/sessions/logout?${query}`);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    const done = await ua.go(action, { form: { xsrf } });
    expect(done.redirect?.href).toBe('http://127.0.0.1:3000/exit');
    const widget = await ua.go('/oauth2/auth/v1/requests/wafa/widget?client_id=demo-site');
    expect(widget.body).toContain('Продолжить как Иван Петров');
  });
});

describe('consent', () => {
  it('shows the client and the scopes, and «Отказать» returns access_denied', async () => {
    const ua = new Browser(idp.url);
    const login = await ua.go(authorizeUrl(idp.url, { clientId: 'example-react', redirectUri: 'http://127.0.0.1:3200/callback' }).url);
    const consent = await passLogin(ua, idp.url, login, '+79990000002');
    expect(consent.body).toContain('«Пример: React»');
    expect(consent.body).toContain('Номер телефона');
    expect(consent.body).toContain('Имя и фамилия');
    const denied = await ua.go(formAction(consent.body, 'Отказать'), { form: {} });
    expect(denied.redirect?.searchParams.get('error')).toBe('access_denied');
  });
});
