// Issue 21: one test (at least) per bug of the SDK's core, each failing before its fix, and the
// daily calls (getAccessToken, user, events, authorization parameters, appState, local logout).
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH, LOGOUT_URL, received, SITE, server, setup, type TestWindow, TOKEN_URL, tokens, useServer } from '../test/helpers';
import { createClient } from './client';
import { keepTokensFresh, MAX_DELAY, type TokenKeeper } from './fresh';
import { loginSilently, SILENT_TIMEOUT_MS } from './silent';
import { refreshTokens } from './token';

useServer();
const keepers: TokenKeeper[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const keeper of keepers.splice(0)) keeper.stop();
});

const CALLBACK = `${SITE}/auth/gid`;
const flowOf = (win: TestWindow) => JSON.parse(win.sessionStorage.getItem('demo-site') ?? 'null');
const framesOf = (win: TestWindow) => [...win.document.querySelectorAll('iframe[name="gid_silent"]')] as HTMLIFrameElement[];
const post = (win: TestWindow, url: string, source: unknown) =>
  win.dispatchEvent(new win.MessageEvent('message', { data: { name: 'popup_auth', url }, origin: SITE, source: source as never }));

/** A stand-in for the window `window.open` returns. */
function fakePopup() {
  const popup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
    focus: vi.fn(),
    location: { replace: vi.fn() },
  };
  return popup;
}

/** An ID token of `claims` (unsigned: the SDK only decodes it). */
const idToken = (claims: object) => `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

describe('bug 1: a silent sign-in never spoils a popup or redirect sign-in', () => {
  it('a popup login started while a silent sign-in waits completes, and the silent one times out alone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const s = setup(`${SITE}/`);
    const popup = fakePopup();
    Object.assign(s.win, { open: vi.fn(() => popup) });
    const client = createClient(s.config);
    const silent = client.checkSession().catch((error) => error);
    await vi.waitFor(() => expect(framesOf(s.win)).toHaveLength(1));
    // The silent flow is in memory: nothing under the client id.
    expect(flowOf(s.win)).toBeNull();
    await vi.advanceTimersByTimeAsync(3_000);
    const login = client.login({ mode: 'popup' });
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalled());
    const state = flowOf(s.win).state;
    await vi.advanceTimersByTimeAsync(SILENT_TIMEOUT_MS);
    expect(await silent).toMatchObject({ code: 'SILENT_TIMEOUT' });
    // The popup's flow is still there: the person's answer is accepted.
    expect(flowOf(s.win)?.state).toBe(state);
    vi.useRealTimers();
    post(s.win, `${CALLBACK}?code=c-1&state=${state}&scope=openid`, popup);
    await expect(login).resolves.toBeUndefined();
    expect(received[0]?.body).toMatchObject({ code: 'c-1', state });
  });

  it('a silent answer or failure never clears a redirect flow stored meanwhile', async () => {
    const s = setup(`${SITE}/`);
    const client = createClient(s.config);
    const silent = client.checkSession();
    await vi.waitFor(() => expect(framesOf(s.win)).toHaveLength(1));
    const frame = framesOf(s.win)[0]!;
    const silentState = new URL(frame.src).searchParams.get('state');
    await client.buildAuthorizeUrl(); // a redirect sign-in stores its flow
    const stored = flowOf(s.win);
    post(s.win, `${CALLBACK}?error=login_required&state=${silentState}`, frame.contentWindow);
    await expect(silent).rejects.toMatchObject({ code: 'LOGIN_REQUIRED' });
    expect(flowOf(s.win)).toEqual(stored);
  });

  it('concurrent silent sign-ins (StrictMode, two components) share one frame and one answer', async () => {
    const s = setup(`${SITE}/`);
    const client = createClient(s.config);
    const first = client.checkSession();
    const second = loginSilently(s.config).catch(() => undefined); // another context: its own
    const third = client.checkSession();
    // One frame per context: the client's two calls share one.
    await vi.waitFor(() => expect(framesOf(s.win)).toHaveLength(2));
    for (const frame of framesOf(s.win)) {
      // Each answer comes from its own frame's window, as in a browser (happy-dom leaves a frame of
      // another origin without one: two nulls looked like one source, and whichever frame the
      // crypto work made first decided the outcome).
      Object.defineProperty(frame, 'contentWindow', { value: {} });
    }
    for (const frame of framesOf(s.win)) {
      const state = new URL(frame.src).searchParams.get('state');
      post(s.win, `${CALLBACK}?code=c-${state}&state=${state}&scope=openid`, frame.contentWindow);
    }
    await expect(first).resolves.toMatchObject({ access_token: 'at-1' });
    await expect(third).resolves.toMatchObject({ access_token: 'at-1' });
    await second;
  });
});

/** One tab of the site: its window with BroadcastChannel, and a keeper. */
function tab(options: Parameters<typeof keepTokensFresh>[1] = {}) {
  const s = setup();
  Object.assign(s.win, { BroadcastChannel: NodeBroadcastChannel });
  const keeper = keepTokensFresh(s.config, options);
  keepers.push(keeper);
  return { ...s, keeper };
}

/** A token endpoint that answers only when `release` is called. */
function heldBackend() {
  let release: (body: object) => void = () => {};
  server.use(
    http.post(TOKEN_URL, async ({ request }) => {
      received.push({ body: await request.clone().json(), headers: request.headers, request });
      return HttpResponse.json(await new Promise<object>((resolve) => (release = resolve)));
    }),
  );
  return { release: (body: object) => release(body) };
}

describe('bug 3: a refresh in flight never beats a later sign-out or outlives stop()', () => {
  it('tokens refreshed after a sign-out are not written back nor sent to other tabs', async () => {
    const backend = heldBackend();
    const a = tab();
    const b = tab();
    const seenByB: unknown[] = [];
    const listener = new NodeBroadcastChannel('gid_tokens:demo-site');
    listener.onmessage = (event) =>
      seenByB.push((event as unknown as { data: { tokens?: { access_token: string } } }).data.tokens?.access_token);
    a.keeper.set(tokens);
    const refreshing = a.keeper.refresh();
    await vi.waitFor(() => expect(received).toHaveLength(1));
    a.keeper.set(undefined); // the sign-out
    backend.release({ access_token: 'at-late', refresh_token: 'rt-late', expires_in: 3600 });
    await expect(refreshing).resolves.toBeUndefined();
    expect(a.keeper.tokens).toBeUndefined();
    await vi.waitFor(() => expect(b.keeper.tokens).toBeUndefined());
    expect(seenByB).not.toContain('at-late');
    listener.close();
  });

  it('a stopped keeper takes nothing more, re-arms no timer and posts on no closed channel', async () => {
    const backend = heldBackend();
    const a = tab({ autoRefresh: true });
    a.keeper.set(tokens);
    const refreshing = a.keeper.refresh();
    await vi.waitFor(() => expect(received).toHaveLength(1));
    a.keeper.stop();
    const post = vi.spyOn(NodeBroadcastChannel.prototype, 'postMessage');
    const timers = vi.spyOn(globalThis, 'setTimeout');
    backend.release({ access_token: 'at-late', expires_in: 3600 });
    await refreshing;
    expect(a.keeper.tokens?.access_token).toBe('at-1');
    expect(post).not.toHaveBeenCalled();
    expect(timers).not.toHaveBeenCalled();
    a.keeper.set({ ...tokens, access_token: 'at-after-stop' });
    expect(a.keeper.tokens?.access_token).toBe('at-1');
  });
});

describe('bug 4: a refresh answer is merged into the tokens', () => {
  it('a backend that does not rotate refresh tokens: refresh_token and id_token are kept', async () => {
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ access_token: 'at-2', expires_in: 3600 })));
    const { keeper } = tab({ shareAcrossTabs: false });
    keeper.set(tokens);
    await keeper.refresh();
    expect(keeper.tokens).toMatchObject({ access_token: 'at-2', refresh_token: 'rt-1', id_token: 'a.b.c' });
    // The function-style call keeps the refresh token it was given too.
    await expect(refreshTokens(setup().config, 'rt-9')).resolves.toMatchObject({ access_token: 'at-2', refresh_token: 'rt-9' });
  });

  it('a rotated refresh token with the same access token is taken', async () => {
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ access_token: 'at-1', refresh_token: 'rt-2' })));
    const { keeper } = tab({ shareAcrossTabs: false });
    keeper.set(tokens);
    await keeper.refresh();
    expect(keeper.tokens?.refresh_token).toBe('rt-2');
  });
});

describe('bug 5: the expiry timer is clamped', () => {
  it('expires_in no longer than the leeway refreshes half-way through, never in a loop', async () => {
    let n = 0;
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ access_token: `at-r${++n}`, refresh_token: `rt-r${n}`, expires_in: 30 })));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { keeper } = tab({ autoRefresh: true, shareAcrossTabs: false });
    keeper.set({ ...tokens, expires_in: 30 });
    await vi.advanceTimersByTimeAsync(14_000);
    expect(received).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(keeper.tokens?.access_token).toBe('at-r1'));
    expect(n).toBe(1);
  });

  it('an expiry beyond what setTimeout takes (~24.8 days) fires no refresh at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const onExpiring = vi.fn();
    const { keeper } = tab({ onExpiring, shareAcrossTabs: false });
    keeper.set({ ...tokens, expires_in: 30 * 24 * 3600 });
    await vi.advanceTimersByTimeAsync(MAX_DELAY + 1_000);
    expect(onExpiring).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30 * 24 * 3600 * 1000 - MAX_DELAY - 60_000);
    expect(onExpiring).toHaveBeenCalledTimes(1);
  });

  it('re-checks the timer when the page becomes visible again (a sleeping device runs timers late)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const onExpiring = vi.fn();
    const { keeper, win } = tab({ onExpiring, shareAcrossTabs: false });
    keeper.set({ ...tokens, expires_in: 3600 });
    // The device slept: the clock moved on, the timer did not fire.
    vi.setSystemTime(Date.now() + 3_600_000);
    expect(onExpiring).not.toHaveBeenCalled();
    win.document.dispatchEvent(new win.Event('visibilitychange'));
    vi.advanceTimersByTime(0);
    expect(onExpiring).toHaveBeenCalledTimes(1);
  });
});

describe('bug 6: the refresh lock is never held forever', () => {
  it('a hung token POST is given up after httpTimeoutMs (TOKEN_ERROR), so the lock is let go', async () => {
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    const hung: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const { config } = setup(`${SITE}/`, { fetch: hung, httpTimeoutMs: 1 });
    await expect(refreshTokens(config, 'rt-1')).rejects.toMatchObject({ code: 'TOKEN_ERROR' });
    expect(timeout).toHaveBeenCalledWith(expect.any(Function), 1);
    // The default: 30 s.
    await refreshTokens(setup().config, 'rt-1');
    expect(timeout).toHaveBeenCalledWith(expect.any(Function), 30_000);
    timeout.mockRestore();
  });

  it('a tab that asks while another holds the lock, after that one’s news, does not wait the full 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let holder: () => void = () => {};
    const locks = {
      request: vi.fn(async (_name: string, options: object | (() => unknown), callback?: (lock: unknown) => unknown) => {
        const run = (callback ?? options) as (lock: unknown) => unknown;
        // The first request finds the lock held by another tab; it is let go when `holder` runs.
        if (locks.request.mock.calls.length === 1) return run(null);
        if (locks.request.mock.calls.length === 2) return new Promise<void>((resolve) => (holder = resolve)).then(() => run({}));
        return run({});
      }),
    };
    const s = setup();
    Object.defineProperty(s.win.navigator, 'locks', { value: locks });
    const keeper = keepTokensFresh(s.config, { shareAcrossTabs: false });
    keepers.push(keeper);
    keeper.set(tokens);
    let done = false;
    const refreshed = keeper.refresh().finally(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    holder(); // the other tab is done (its news never reached this one)
    await vi.advanceTimersByTimeAsync(1_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(done).toBe(true));
    await expect(refreshed).resolves.toMatchObject({ access_token: 'at-1' });
    expect(received).toHaveLength(1);
  });
});

describe('bug 9: the state is checked before an error answer is accepted', () => {
  it('a crafted ?state=x&error=…&error_description=<text> never hands its text to callback', async () => {
    const s = setup(`${CALLBACK}?state=x&error=access_denied&error_description=${encodeURIComponent('Позвоните +7 900 000-00-00')}`);
    const client = createClient(s.config);
    await client.buildAuthorizeUrl();
    await expect(client.handleCallback()).rejects.toMatchObject({ code: 'STATE_MISMATCH', error: 'Ошибка авторизации' });
    expect(s.results).toEqual([
      {
        ok: false,
        code: 'STATE_MISMATCH',
        error: 'Ошибка авторизации',
        error_description: 'Произошла непредвиденная ошибка. Обратитесь в службу поддержки',
      },
    ]);
  });
});

describe('bug 10: expires_in is checked', () => {
  it.each([
    ['3600', 3600],
    ['soon', undefined],
    [null, undefined],
  ])('expires_in %j becomes %j', async (given, expected) => {
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ access_token: 'at-2', expires_in: given })));
    const result = await refreshTokens(setup().config, 'rt-1');
    expect(result.expires_in).toBe(expected);
  });
});

describe('bug 12: destroy() during a silent sign-in', () => {
  it('rejects with ABORTED, not SILENT_TIMEOUT and its third-party hint', async () => {
    const s = setup(`${SITE}/`);
    const client = createClient(s.config);
    const outcome = client.checkSession().catch((error) => error);
    await vi.waitFor(() => expect(framesOf(s.win)).toHaveLength(1));
    client.destroy();
    const error = await outcome;
    expect(error.code).toBe('ABORTED');
    expect(error.thirdParty).toBeUndefined();
    expect(framesOf(s.win)).toHaveLength(0);
  });
});

describe('the daily calls', () => {
  it('authorization parameters: login_hint, ui_locales, max_age, acr_values, extraParams (never over the SDK’s own)', async () => {
    const client = createClient(setup().config);
    const url = new URL(
      await client.buildAuthorizeUrl({
        loginHint: '+79990000000',
        uiLocales: 'ru en',
        maxAge: 0,
        acrValues: 'mfa',
        extraParams: { theme: 'dark', state: 'forged', client_id: 'other' },
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      login_hint: '+79990000000',
      ui_locales: 'ru en',
      max_age: '0',
      acr_values: 'mfa',
      theme: 'dark',
      client_id: 'demo-site',
    });
    expect(url.searchParams.get('state')).not.toBe('forged');
    expect(new URL(await client.buildAuthorizeUrl()).searchParams.has('max_age')).toBe(false);
    expect(() => client.buildAuthorizeUrl({ maxAge: -1 })).rejects.toMatchObject({ code: 'CONFIG_ERROR', field: 'maxAge' });
    await expect(client.buildAuthorizeUrl({ extraParams: 'theme=dark' as never })).rejects.toMatchObject({ field: 'extraParams' });
  });

  it('appState goes through a redirect sign-in and comes back in callback and in the result, never to the provider', async () => {
    const start = setup(`${SITE}/basket`);
    const url = new URL(await createClient(start.config).buildAuthorizeUrl({ appState: { returnTo: '/basket' } }));
    expect(url.search).not.toContain('basket');
    const stored = start.win.sessionStorage.getItem('demo-site')!;
    const back = setup(`${CALLBACK}?code=c-1&state=${url.searchParams.get('state')}&scope=openid`);
    back.win.sessionStorage.setItem('demo-site', stored);
    const result = await createClient(back.config).handleCallback();
    expect(result).toMatchObject({ access_token: 'at-1', appState: { returnTo: '/basket' } });
    expect(back.results).toEqual([{ ok: true, tokens, appState: { returnTo: '/basket' } }]);
  });

  it('without appState the stored flow is exactly the contract’s four fields', async () => {
    const s = setup();
    await createClient(s.config).buildAuthorizeUrl();
    expect(Object.keys(flowOf(s.win)).sort()).toEqual(['code_verifier', 'gsid', 'redirect_uri', 'state']);
  });

  it('appState goes through a popup sign-in, and a popup the site opened itself is used', async () => {
    const s = setup(`${SITE}/`);
    const open = vi.fn();
    Object.assign(s.win, { open });
    const popup = fakePopup();
    const client = createClient(s.config);
    const login = client.login({ mode: 'popup', popup: popup as never, appState: 42 });
    await vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalled());
    expect(open).not.toHaveBeenCalled();
    post(s.win, `${CALLBACK}?code=c-1&state=${flowOf(s.win).state}&scope=openid`, popup);
    await login;
    expect(s.results).toEqual([{ ok: true, tokens, appState: 42 }]);
    expect(client.tokens).toEqual(tokens); // the client keeps tokens, not the appState
  });

  it('appState goes through a silent sign-in', async () => {
    const s = setup(`${SITE}/`);
    const pending = createClient(s.config).checkSession({ appState: 'x' });
    await vi.waitFor(() => expect(framesOf(s.win)).toHaveLength(1));
    const frame = framesOf(s.win)[0]!;
    post(s.win, `${CALLBACK}?code=c&state=${new URL(frame.src).searchParams.get('state')}&scope=openid`, frame.contentWindow);
    await expect(pending).resolves.toMatchObject({ access_token: 'at-1', appState: 'x' });
  });

  it('user: the ID token’s claims, decoded only; null without one or for garbage', () => {
    const client = createClient(setup().config);
    expect(client.user).toBeNull();
    client.setTokens({ ...tokens, id_token: idToken({ sub: 'u-1', name: 'Иван' }) });
    expect(client.user).toEqual({ sub: 'u-1', name: 'Иван' });
    client.setTokens({ ...tokens, id_token: 'not.a-jwt' });
    expect(client.user).toBeNull();
    client.destroy();
  });

  it('getAccessToken: the cached token, then a refresh near expiry, then a silent sign-in', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(
        TOKEN_URL,
        async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({ access_token: 'at-refreshed', expires_in: 3600 });
        },
        {
          once: true,
        },
      ),
    );
    const s = setup(`${SITE}/`);
    const client = createClient(s.config);
    client.setTokens({ ...tokens, expires_in: 3600 });
    await expect(client.getAccessToken()).resolves.toBe('at-1');
    expect(bodies).toHaveLength(0);
    // Valid for less than asked: refreshed.
    await expect(client.getAccessToken({ minValiditySeconds: 7200 })).resolves.toBe('at-refreshed');
    expect(bodies).toEqual([{ grant_type: 'refresh_token', client_id: 'demo-site', refresh_token: 'rt-1' }]);
    // No refresh possible: a silent sign-in.
    client.setTokens(undefined);
    const pending = client.getAccessToken();
    await vi.waitFor(() => expect(framesOf(s.win)).toHaveLength(1));
    const frame = framesOf(s.win)[0]!;
    post(s.win, `${CALLBACK}?code=c&state=${new URL(frame.src).searchParams.get('state')}&scope=openid`, frame.contentWindow);
    await expect(pending).resolves.toBe('at-1');
    client.destroy();
  });

  it('events: tokens, session, signedOut (here and from another tab); on() returns the unsubscribe', async () => {
    const a = setup(`${SITE}/`);
    const b = setup(`${SITE}/`);
    for (const s of [a, b]) Object.assign(s.win, { BroadcastChannel: NodeBroadcastChannel });
    server.use(http.post(LOGOUT_URL, () => HttpResponse.json({})));
    const client = createClient(a.config);
    const other = createClient(b.config);
    const seen: string[] = [];
    const offTokens = client.on('tokens', (t) => seen.push(`tokens:${t?.access_token}`));
    client.on('signedOut', ({ local }) => seen.push(`signedOut:${local}`));
    const seenOther: string[] = [];
    other.on('signedOut', ({ local }) => seenOther.push(`signedOut:${local}`));
    // A sign-in, then a sign-out, in the other tab.
    other.setTokens(tokens);
    await vi.waitFor(() => expect(client.tokens).toEqual(tokens));
    other.setTokens(undefined);
    await vi.waitFor(() => expect(seen).toEqual(['tokens:at-1', 'tokens:undefined', 'signedOut:false']));
    expect(seenOther).toEqual(['signedOut:true']);
    // A sign-out here, with `tokens` unsubscribed.
    client.setTokens(tokens);
    offTokens();
    await client.logout('at-1', { local: true });
    expect(seen.slice(3)).toEqual(['tokens:at-1', 'signedOut:true']);
    const sessions: unknown[] = [];
    client.on('session', (detail) => sessions.push(detail));
    await client.checkSession({ timeoutMs: 1 }).catch(() => {});
    expect(sessions).toEqual([{ ok: false, error: expect.objectContaining({ code: 'SILENT_TIMEOUT' }) }]);
    client.destroy();
    other.destroy();
  });

  it('expired: fires when the access token expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const client = createClient(setup().config);
    const expired: unknown[] = [];
    client.on('expired', (t) => expired.push(t.access_token));
    client.setTokens({ ...tokens, expires_in: 100 });
    await vi.advanceTimersByTimeAsync(99_000);
    expect(expired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(expired).toEqual(['at-1']);
    client.destroy();
  });

  it('logout { local: true }: the backend call only, no visit to the provider; the client forgets its tokens', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(LOGOUT_URL, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const s = setup(`${SITE}/`);
    const client = createClient(s.config);
    client.setTokens(tokens);
    await client.logout('at-1', { local: true });
    expect(bodies).toEqual([{ client_id: 'demo-site', token: 'at-1' }]);
    expect(s.assign).not.toHaveBeenCalled();
    expect(client.tokens).toBeUndefined();
    await client.logout('at-1', { idToken: 'id' });
    expect(new URL(s.assign.mock.calls[0]?.[0]).origin).toBe(AUTH);
  });

  it('tokens never come back after a logout: a silent sign-in started before it keeps nothing', async () => {
    const s = setup(`${SITE}/`);
    server.use(http.post(LOGOUT_URL, () => HttpResponse.json({})));
    const client = createClient(s.config);
    const pending = client.getAccessToken().catch((error) => error);
    await vi.waitFor(() => expect(framesOf(s.win)).toHaveLength(1));
    const frame = framesOf(s.win)[0]!;
    const state = new URL(frame.src).searchParams.get('state');
    await client.logout('at-0', { local: true });
    post(s.win, `${CALLBACK}?code=c&state=${state}&scope=openid`, frame.contentWindow);
    expect(await pending).toMatchObject({ code: 'ABORTED' });
    expect(client.tokens).toBeUndefined();
  });
});
