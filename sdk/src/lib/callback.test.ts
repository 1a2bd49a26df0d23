import fc from 'fast-check';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { received, SITE, server, setup, TOKEN_URL, tokens, useServer } from '../test/helpers';
import { createClient } from './client';

useServer();

const CALLBACK = `${SITE}/auth/gid`;

/** A client that has started a login, and the callback URL the provider would send back. */
async function started(overrides = {}) {
  const s = setup(`${SITE}/`, overrides);
  const client = createClient(s.config);
  await client.buildAuthorizeUrl();
  const flow = JSON.parse(s.win.sessionStorage.getItem('demo-site') ?? '{}');
  const callbackUrl = (params: Record<string, string>) => `${CALLBACK}?${new URLSearchParams(params)}`;
  const good = { code: 'code-1', state: flow.state, scope: 'openid phone' };
  return { ...s, client, flow, callbackUrl, good };
}

describe('handleCallback', () => {
  it('exchanges a valid code and hands the tokens to callback', async () => {
    const { client, callbackUrl, good, flow, results, win } = await started();
    await expect(client.handleCallback(callbackUrl(good))).resolves.toEqual(tokens);
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toEqual({
      grant_type: 'authorization_code',
      client_id: 'demo-site',
      redirect_uri: CALLBACK,
      code_verifier: flow.code_verifier,
      code: 'code-1',
      state: flow.state,
    });
    expect(results).toEqual([{ ok: true, tokens }]);
    expect(win.sessionStorage.getItem('demo-site')).toBeNull();
  });

  it('sends JSON with the sanitised headers, same-origin credentials and no cache', async () => {
    const { client, callbackUrl, good } = await started({ headers: { 'X-Site': 'a"b', 'Bad Name': 'x', 'X-Inject': 'a\r\nb' } });
    await client.handleCallback(callbackUrl(good));
    const { headers, request } = received[0] ?? {};
    expect(headers?.get('content-type')).toBe('application/json');
    expect(headers?.get('x-site')).toBe('a\\"b');
    expect(headers?.get('x-inject')).toBeNull();
    expect(request?.credentials).toBe('same-origin');
    expect(request?.cache).toBe('no-store');
  });

  it('removes the code from the address bar with history.replaceState', async () => {
    const s = setup(`${SITE}/`);
    const client = createClient(s.config);
    await client.buildAuthorizeUrl();
    const state = JSON.parse(s.win.sessionStorage.getItem('demo-site') ?? '{}').state;
    s.win.history.replaceState(null, '', `${CALLBACK}?code=c&state=${state}&scope=openid&keep=1`);
    await client.handleCallback();
    expect(s.win.location.href).toBe(`${CALLBACK}?keep=1`);
  });

  it('stops without a query string', async () => {
    const { client, results } = await started();
    await expect(client.handleCallback(CALLBACK)).resolves.toBeUndefined();
    expect(results).toEqual([]);
    expect(received).toEqual([]);
  });

  it.each([
    ['state', { code: 'c', scope: 'openid' }],
    ['scope', { code: 'c', state: 'STATE' }],
    ['code', { state: 'STATE', scope: 'openid' }],
  ])('stops when %s is missing', async (_missing, params) => {
    const { client, callbackUrl, results, flow } = await started();
    const withState = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === 'STATE' ? flow.state : v]));
    await expect(client.handleCallback(callbackUrl(withState))).resolves.toBeUndefined();
    expect(results).toEqual([]);
    expect(received).toEqual([]);
  });

  it('restarts the login carrying quuid', async () => {
    const { client, assign } = await started();
    await client.handleCallback(`${CALLBACK}?quuid=q-42`);
    expect(new URL(assign.mock.calls[0]?.[0]).searchParams.get('quuid')).toBe('q-42');
  });

  it.each([
    [
      'state differs',
      { state: 'other' },
      'STATE_MISMATCH',
      'Ошибка авторизации',
      'Произошла непредвиденная ошибка. Обратитесь в службу поддержки',
    ],
    [
      'no openid in scope',
      { scope: 'phone email' },
      'AUTH_ERROR',
      'Ошибка авторизации',
      'Произошла непредвиденная ошибка. Обратитесь в службу поддержки',
    ],
    ['provider error', { error: 'access_denied', error_description: 'Отказано' }, 'AUTH_ERROR', 'access_denied', 'Отказано'],
    [
      'provider error without code',
      { code: undefined, error: 'login_required' },
      'AUTH_ERROR',
      'login_required',
      'Произошла непредвиденная ошибка. Обратитесь в службу поддержки',
    ],
    // Spec 5.1: a code must be non-empty; present but empty it is an error (it used to be ignored, the flow stuck).
    ['code is empty', { code: '' }, 'CODE_ERROR', 'Ошибка авторизации', 'Произошла непредвиденная ошибка. Обратитесь в службу поддержки'],
  ])('rejects when %s: clears the flow (never another’s) and tells callback', async (_label, change, code, error, description) => {
    const { client, callbackUrl, good, results, win } = await started();
    const stored = win.sessionStorage.getItem('demo-site');
    const params = Object.fromEntries(Object.entries({ ...good, ...change }).filter(([, v]) => v !== undefined)) as Record<string, string>;
    await expect(client.handleCallback(callbackUrl(params))).rejects.toMatchObject({
      code,
      // The spec's message, whatever the provider said; its code stays in `error` (contract).
      message: 'Ошибка авторизации',
      error,
      error_description: description,
    });
    expect(results).toEqual([{ ok: false, code, error, error_description: description }]);
    // An answer to another state is no end of the flow stored here (another sign-in's).
    expect(win.sessionStorage.getItem('demo-site')).toBe(code === 'STATE_MISMATCH' ? stored : null);
    expect(received).toEqual([]);
  });

  it('rejects a code with no stored verifier', async () => {
    const { client, callbackUrl, good, results, win } = await started();
    win.sessionStorage.removeItem('demo-site');
    await expect(client.handleCallback(callbackUrl(good))).rejects.toMatchObject({ code: 'STATE_MISMATCH' });
    expect(results[0]).toMatchObject({ ok: false, error: 'Ошибка авторизации' });
  });

  it('property: no mutation of state, verifier, scope, code or error is accepted', async () => {
    const mutate = (value: string) =>
      fc.oneof(
        fc.constant(''),
        fc.string({ minLength: 1, maxLength: 60 }).filter((v) => v !== value),
        fc.nat({ max: Math.max(0, value.length - 1) }).map((i) => value.slice(0, i) + value.slice(i + 1)),
        fc.constant(`${value}x`),
      );
    const { client, callbackUrl, good, flow, win } = await started();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          mutate(flow.state).map((state) => ({ params: { ...good, state }, verifier: flow.code_verifier })),
          fc
            .constantFrom('phone', 'email phone', 'openidx', 'open id', '')
            .map((scope) => ({ params: { ...good, scope }, verifier: flow.code_verifier })),
          fc.constant({ params: { ...good, code: '' }, verifier: flow.code_verifier }),
          fc.string({ minLength: 1, maxLength: 20 }).map((error) => ({ params: { ...good, error }, verifier: flow.code_verifier })),
          fc.constantFrom('', 'null', '{}').map((stored) => ({ params: good, verifier: stored, raw: true })),
        ),
        async (c) => {
          const raw = (c as { raw?: boolean }).raw;
          win.sessionStorage.setItem('demo-site', raw ? c.verifier : JSON.stringify({ ...flow, code_verifier: c.verifier }));
          const outcome = await client.handleCallback(callbackUrl(c.params as Record<string, string>)).then(
            (value) => ({ accepted: value !== undefined }),
            () => ({ accepted: false }),
          );
          expect(outcome.accepted).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
    expect(received).toEqual([]);
  });
});

describe('token exchange failures', () => {
  it('an error response passes error, description, status and retry_after_seconds and rejects with Token response error', async () => {
    server.use(
      http.post(TOKEN_URL, () =>
        HttpResponse.json({ error: 'rate_limited', error_description: 'Слишком часто', retry_after_seconds: 30 }, { status: 429 }),
      ),
    );
    const { client, callbackUrl, good, results, win } = await started();
    await expect(client.handleCallback(callbackUrl(good))).rejects.toMatchObject({
      code: 'TOKEN_RESPONSE_ERROR',
      message: 'Token response error',
    });
    expect(results).toEqual([
      {
        ok: false,
        code: 'TOKEN_RESPONSE_ERROR',
        error: 'rate_limited',
        error_description: 'Слишком часто',
        status: 429,
        retry_after_seconds: 30,
      },
    ]);
    expect(win.sessionStorage.getItem('demo-site')).toBeNull();
  });

  it('takes status from the body and retry from the Retry-After header', async () => {
    server.use(
      http.post(TOKEN_URL, () => HttpResponse.json({ error: 'x', status: 451 }, { status: 400, headers: { 'Retry-After': '12' } })),
    );
    const { client, callbackUrl, good, results } = await started();
    await expect(client.handleCallback(callbackUrl(good))).rejects.toThrow('Token response error');
    expect(results[0]).toMatchObject({ status: 451, retry_after_seconds: 12 });
  });

  it.each([
    ['a network failure', () => HttpResponse.error()],
    ['an HTML 502', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })],
    ['a 200 without access_token', () => HttpResponse.json({ token_type: 'Bearer' })],
    ['a 500 with JSON but no error', () => HttpResponse.json({ message: 'oops' }, { status: 500 })],
  ])('any other failure (%s) → Ошибка при получении токена, flow cleared', async (_label, resolver) => {
    server.use(http.post(TOKEN_URL, resolver));
    const { client, callbackUrl, good, results, win } = await started();
    await expect(client.handleCallback(callbackUrl(good))).rejects.toMatchObject({
      code: 'TOKEN_ERROR',
      message: 'Ошибка при получении токена',
    });
    expect(results[0]).toMatchObject({ ok: false, error: 'Ошибка при получении токена' });
    expect(win.sessionStorage.getItem('demo-site')).toBeNull();
  });

  it('without a backend URL the exchange fails cleanly', async () => {
    const { client, callbackUrl, good, win } = await started({ backendUrl: undefined });
    await expect(client.handleCallback(callbackUrl(good))).rejects.toThrow('Ошибка при получении токена');
    expect(win.sessionStorage.getItem('demo-site')).toBeNull();
  });

  it('keeps the flow data when preventAutoStorageCleanup is set', async () => {
    const { client, callbackUrl, good, win } = await started({ preventAutoStorageCleanup: true });
    await expect(client.handleCallback(callbackUrl({ ...good, state: 'x' }))).rejects.toThrow();
    expect(win.sessionStorage.getItem('demo-site')).not.toBeNull();
  });

  it('a throwing callback does not break the exchange', async () => {
    const { client, callbackUrl, good } = await started({
      callback: () => {
        throw new Error('site bug');
      },
    });
    await expect(client.handleCallback(callbackUrl(good))).resolves.toEqual(tokens);
  });
});
