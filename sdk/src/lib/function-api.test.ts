// The function-style API (loginWithPopup, loginWithRedirect, handleRedirectCallback, refreshTokens,
// logout): whole sign-ins across windows, each page a fresh happy-dom window as in a browser.
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH, LOGOUT_URL, query, received, SITE, server, setup, type TestWindow, TOKEN_URL, tokens, useServer } from '../test/helpers';
import { loginWithRedirect } from './authorize-url';
import { handleRedirectCallback } from './callback';
import { createClient, getAccessToken, getUser, on } from './client';
import { logout } from './logout';
import { nonceFor } from './pkce';
import { CLOSE_GRACE_MS, loginWithPopup, POLL_MS } from './popup';
import { refreshTokens } from './token';
import type { GidConfig } from './types';

useServer();
afterEach(() => vi.useRealTimers());

const CALLBACK = `${SITE}/auth/gid`;
/** The browser navigating `win` to `url` (back from the provider). */
const arrive = (win: TestWindow, url: string) => (win as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
const flowOf = (win: TestWindow) => JSON.parse(win.sessionStorage.getItem('demo-site') ?? 'null');

/**
 * The browser around two pages: the site's page, and the popup `window.open` gives it — a real
 * window of the site's origin whose navigations to the provider are recorded instead of made.
 * `postMessage` between them arrives with `source` set to the sender, as browsers do.
 */
function popupBrowser(overrides: Partial<GidConfig> = {}) {
  const page = setup(`${SITE}/login`, overrides);
  const popup = setup(`${SITE}/`);
  const navigations: string[] = [];
  // The user (or the SDK) closing the popup.
  let closed = false;
  Object.defineProperty(popup.win, 'closed', { get: () => closed });
  const close = vi.spyOn(popup.win, 'close').mockImplementation(() => {
    closed = true;
  });
  vi.spyOn(popup.win.location, 'replace').mockImplementation((url) => void navigations.push(String(url)));
  // What window.open does: the window carries the name it was opened with.
  const open = vi.fn((_url?: string, name?: string) => Object.assign(popup.win, { name }));
  Object.assign(page.win, { open, screenX: 0, screenY: 0, outerWidth: 1000, outerHeight: 800 });
  Object.defineProperty(popup.win, 'opener', { value: page.win });
  vi.spyOn(page.win, 'postMessage').mockImplementation((data: unknown, origin?: unknown) => {
    expect(origin).toBe(SITE); // never '*'
    page.win.dispatchEvent(new page.win.MessageEvent('message', { data, origin: SITE, source: popup.win as never }));
  });
  /** The provider sends the popup back to the redirect URI with `params`; the page there runs the SDK. */
  const providerAnswers = async (params: (authorize: Record<string, string>) => Record<string, string>) => {
    await vi.waitFor(() => expect(navigations).toHaveLength(1));
    const back = `${CALLBACK}?${new URLSearchParams(params(query(navigations[0] ?? '')))}`;
    arrive(popup.win, back);
    return handleRedirectCallback(popup.config);
  };
  return { page, popup, open, close, navigations, providerAnswers };
}

describe('loginWithPopup: a whole popup sign-in', () => {
  it('opens the popup in the click, gets the code back from the popup’s page, exchanges it and resolves with the tokens', async () => {
    const { page, popup, open, navigations, providerAnswers } = popupBrowser();
    const login = loginWithPopup(page.config);
    // Synchronously, before any await: 400×600, centred on the page.
    expect(open).toHaveBeenCalledWith('', 'gid_auth', 'popup=1,width=400,height=600,left=300,top=100');

    await expect(providerAnswers(({ state }) => ({ code: 'c-42', state: state ?? '', scope: 'openid phone' }))).resolves.toBeUndefined();
    await expect(login).resolves.toEqual(tokens);

    const authorize = new URL(navigations[0] ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${AUTH}/oauth2/auth`);
    const body = received[0]?.body as Record<string, string>;
    expect(body).toMatchObject({ grant_type: 'authorization_code', client_id: 'demo-site', code: 'c-42', redirect_uri: CALLBACK });
    expect(body.code_verifier).toMatch(/^[A-Za-z0-9._~-]{128}$/);
    expect(authorize.searchParams.get('state')).toHaveLength(43);
    expect(authorize.searchParams.get('nonce')).toBe(await nonceFor(body.code_verifier ?? ''));
    expect(page.results).toEqual([{ ok: true, tokens }]);
    expect(popup.results).toEqual([]); // the popup's page only handed the answer over
    expect(flowOf(page.win)).toBeNull();
    expect(popup.win.closed).toBe(true); // the SDK closed it
  });

  it('a sign-out in this tab while its code is exchanged: loginWithPopup rejects ABORTED and its client holds nothing', async () => {
    let answer!: () => void;
    let asked = false;
    const gate = new Promise<void>((go) => (answer = go));
    server.use(
      http.post(TOKEN_URL, async () => {
        asked = true;
        await gate;
        return HttpResponse.json(tokens);
      }),
    );
    const { page, providerAnswers } = popupBrowser();
    expect(getUser(page.config)).toBeNull(); // the function forms' client of this config exists
    const outcome = loginWithPopup(page.config).then(
      (result) => result,
      (error: { code: string }) => error.code,
    );
    await providerAnswers(({ state }) => ({ code: 'c', state: state ?? '', scope: 'openid' }));
    await vi.waitFor(() => expect(asked).toBe(true)); // the exchange is out
    server.use(http.post(LOGOUT_URL, () => new HttpResponse(null, { status: 204 })));
    await logout(page.config, 'at').catch(() => {});
    answer();
    expect(await outcome).toBe('ABORTED');
    expect(getUser(page.config)).toBeNull();
  });

  it('a provider error in the popup rejects and reaches callback; no token call', async () => {
    const { page, providerAnswers } = popupBrowser();
    const login = loginWithPopup(page.config);
    const outcome = login.catch((error: unknown) => error);
    await providerAnswers(({ state }) => ({ error: 'access_denied', error_description: 'отказ', state: state ?? '' }));
    expect(await outcome).toMatchObject({ code: 'AUTH_ERROR', error: 'access_denied', error_description: 'отказ' });
    expect(page.results).toEqual([{ ok: false, code: 'AUTH_ERROR', error: 'access_denied', error_description: 'отказ' }]);
    expect(received).toEqual([]);
  });

  it('an answer for another state is refused (STATE_MISMATCH) and the flow cleared', async () => {
    const { page, providerAnswers } = popupBrowser();
    const outcome = loginWithPopup(page.config).catch((error: unknown) => error);
    await providerAnswers(() => ({ code: 'c-1', state: 'forged', scope: 'openid' }));
    expect(await outcome).toMatchObject({ code: 'STATE_MISMATCH' });
    expect(flowOf(page.win)).toBeNull();
    expect(received).toEqual([]);
  });

  it('a second call while the popup is open focuses it and rejects with Popup-окно уже открыто, also across APIs', async () => {
    const { page, popup, open, providerAnswers } = popupBrowser();
    const focus = vi.spyOn(popup.win, 'focus').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = loginWithPopup(page.config);
    await expect(loginWithPopup(page.config)).rejects.toMatchObject({ code: 'POPUP_ALREADY_OPEN', message: 'Popup-окно уже открыто' });
    await expect(createClient(page.config).login({ mode: 'popup' })).rejects.toMatchObject({ code: 'POPUP_ALREADY_OPEN' });
    expect(focus).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenCalledTimes(1);
    await providerAnswers(({ state }) => ({ code: 'c', state: state ?? '', scope: 'openid' }));
    await expect(first).resolves.toEqual(tokens);
  });

  it('closing the popup early rejects with POPUP_CLOSED after the 500 ms poll and clears the flow', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const { page, popup, navigations } = popupBrowser();
    const outcome = loginWithPopup(page.config).catch((error: unknown) => error);
    await vi.waitFor(() => expect(navigations).toHaveLength(1));
    popup.win.close(); // the user
    await vi.advanceTimersByTimeAsync(POLL_MS + CLOSE_GRACE_MS);
    expect(await outcome).toMatchObject({ code: 'POPUP_CLOSED', message: 'Попап был закрыт пользователем до завершения авторизации.' });
    expect(page.results).toEqual([
      {
        ok: false,
        code: 'POPUP_CLOSED',
        error: 'Попап был закрыт пользователем до завершения авторизации.',
        error_description: 'Попап был закрыт пользователем до завершения авторизации.',
      },
    ]);
    expect(flowOf(page.win)).toBeNull();
  });

  it('under COOP (no opener) the popup’s page hands the answer over the state’s BroadcastChannel and closes itself', async () => {
    const { page, popup, close, navigations } = popupBrowser();
    for (const win of [page.win, popup.win]) Object.assign(win, { BroadcastChannel: NodeBroadcastChannel });
    Object.defineProperty(popup.win, 'opener', { value: null });
    const login = loginWithPopup(page.config);
    await vi.waitFor(() => expect(navigations).toHaveLength(1));
    const { state } = query(navigations[0] ?? '');
    arrive(popup.win, `${CALLBACK}?code=c-7&state=${state}&scope=openid`);
    await expect(handleRedirectCallback(popup.config)).resolves.toBeUndefined();
    await expect(login).resolves.toEqual(tokens);
    expect(close).toHaveBeenCalled();
    expect(received[0]?.body).toMatchObject({ code: 'c-7' });
  });

  it('a blocked popup is a POPUP_ERROR reported to callback', async () => {
    const { page, open } = popupBrowser();
    open.mockReturnValue(null as never);
    await expect(loginWithPopup(page.config)).rejects.toMatchObject({
      code: 'POPUP_ERROR',
      message: 'Ошибка при попытке открытия popup-окна',
    });
    expect(page.results).toEqual([
      {
        ok: false,
        code: 'POPUP_ERROR',
        error: 'Ошибка при попытке открытия popup-окна',
        error_description: 'Ошибка при попытке открытия popup-окна',
      },
    ]);
  });

  it('with popupFallbackToRedirect a blocked popup continues by redirect and resolves undefined', async () => {
    const { page, open } = popupBrowser({ popupFallbackToRedirect: true });
    open.mockReturnValue(null as never);
    await expect(loginWithPopup(page.config)).resolves.toBeUndefined();
    expect(new URL(page.assign.mock.calls[0]?.[0]).pathname).toBe('/oauth2/auth');
  });

  it.each([
    [{ clientId: '' }, 'clientId'],
    [{ authUrl: 'http://id.example' }, 'authUrl'],
    [{ backendUrl: 'site.example' }, 'backendUrl'],
    [{ scope: 'bad"scope' }, 'scope'],
    [{ callback: 'log' }, 'callback'],
    [{ headers: [] }, 'headers'],
    [{ cid: 1 as never }, 'cid'],
    [{ popupFallbackToRedirect: 'yes' as never }, 'popupFallbackToRedirect'],
  ] as [Partial<GidConfig>, string][])('a bad config (%j) rejects with CONFIG_ERROR naming %s and opens nothing', async (bad, field) => {
    const { page, open } = popupBrowser();
    await expect(loginWithPopup({ ...page.config, ...bad })).rejects.toMatchObject({ code: 'CONFIG_ERROR', field });
    expect(open).not.toHaveBeenCalled();
  });

  it('bad login options reject with CONFIG_ERROR before a window opens', async () => {
    const { page, open } = popupBrowser();
    await expect(loginWithPopup(page.config, { prompt: 'always' as never })).rejects.toMatchObject({
      code: 'CONFIG_ERROR',
      field: 'prompt',
    });
    expect(open).not.toHaveBeenCalled();
  });
});

describe('loginWithRedirect + handleRedirectCallback: a whole redirect sign-in', () => {
  it('stores the flow, goes to the provider, and on the way back exchanges the code and cleans the address bar', async () => {
    const start = setup(`${SITE}/`, { scope: ['phone'], cid: 'c-1' });
    await expect(loginWithRedirect(start.config, { prompt: 'login' })).resolves.toBeUndefined();
    const authorize = start.assign.mock.calls[0]?.[0] as string;
    const params = query(authorize);
    expect(params).toMatchObject({ client_id: 'demo-site', scope: 'openid phone', prompt: 'login', cid: 'c-1', response_type: 'code' });
    const flow = flowOf(start.win);
    expect(flow).toMatchObject({ state: params.state, redirect_uri: CALLBACK });

    // The provider sends the browser back; the tab's sessionStorage comes along.
    const back = setup(`${CALLBACK}?code=c-9&state=${params.state}&scope=openid%20phone&session_state=x`);
    back.win.sessionStorage.setItem('demo-site', JSON.stringify(flow));
    await expect(handleRedirectCallback(back.config)).resolves.toEqual(tokens);
    expect(received[0]?.body).toEqual({
      grant_type: 'authorization_code',
      client_id: 'demo-site',
      redirect_uri: CALLBACK,
      code_verifier: flow.code_verifier,
      code: 'c-9',
      state: params.state,
    });
    expect(back.results).toEqual([{ ok: true, tokens }]);
    expect(back.win.location.href).toBe(CALLBACK);
    expect(flowOf(back.win)).toBeNull();
  });

  it('a page without an answer does nothing', async () => {
    const { config, results } = setup(`${SITE}/auth/gid?page=2`);
    await expect(handleRedirectCallback(config)).resolves.toBeUndefined();
    expect(results).toEqual([]);
    expect(received).toEqual([]);
  });

  it('a tampered state rejects, reaches callback with the spec’s defaults and leaves the stored flow (another’s) alone', async () => {
    const start = setup();
    await loginWithRedirect(start.config);
    const back = setup(`${CALLBACK}?code=c&state=other&scope=openid`);
    back.win.sessionStorage.setItem('demo-site', JSON.stringify(flowOf(start.win)));
    await expect(handleRedirectCallback(back.config)).rejects.toMatchObject({ code: 'STATE_MISMATCH' });
    expect(back.results).toEqual([
      {
        ok: false,
        code: 'STATE_MISMATCH',
        error: 'Ошибка авторизации',
        error_description: 'Произошла непредвиденная ошибка. Обратитесь в службу поддержки',
      },
    ]);
    expect(flowOf(back.win)).toEqual(flowOf(start.win));
  });

  it('a quuid on the way back starts a new sign-in carrying it', async () => {
    const back = setup(`${CALLBACK}?quuid=q-5`);
    await handleRedirectCallback(back.config);
    expect(query(back.assign.mock.calls[0]?.[0]).quuid).toBe('q-5');
  });

  it('one config object is one session: the same sid on every authorize URL', async () => {
    const { config, assign } = setup();
    await loginWithRedirect(config);
    await loginWithRedirect(config);
    const [first, second] = assign.mock.calls.map(([url]) => query(url).sid);
    expect(first).toMatch(/^[A-Za-z]{10}$/);
    expect(second).toBe(first);
    // Session-scoped (spec 4.4): another config, or a reload, in this browser session keeps it.
    await loginWithRedirect({ ...config });
    expect(query(assign.mock.calls[2]?.[0]).sid).toBe(first);
    // A new browser session (another tab's session storage) has its own.
    const other = setup();
    await loginWithRedirect(other.config);
    expect(query(other.assign.mock.calls[0]?.[0]).sid).not.toBe(first);
  });
});

describe('refreshTokens and logout', () => {
  it('refreshTokens posts the refresh body and shares one request between concurrent calls', async () => {
    const { config, results } = setup();
    const [a, b] = await Promise.all([refreshTokens(config, 'rt-1'), refreshTokens(config, 'rt-1')]);
    expect(a).toEqual(tokens);
    expect(b).toBe(a);
    expect(received.map((r) => r.body)).toEqual([{ grant_type: 'refresh_token', client_id: 'demo-site', refresh_token: 'rt-1' }]);
    expect(results).toEqual([{ ok: true, tokens }]);
  });

  it('each function checks only the fields it reads: refreshTokens needs no authUrl or redirectUri', async () => {
    const { authUrl: _a, redirectUri: _r, ...core } = setup().config;
    await expect(refreshTokens(core, 'rt-1')).resolves.toEqual(tokens);
    await expect(refreshTokens({ ...core, backendUrl: 'site.example' }, 'rt-1')).rejects.toMatchObject({
      code: 'CONFIG_ERROR',
      field: 'backendUrl',
      message: 'Неверно задано «backendUrl» (config): ожидается https://… или путь /…',
    });
  });

  it('logout checks its own fields (logoutPath), which a sign-in does not read', async () => {
    const { config, assign } = setup(`${SITE}/`, { logoutPath: 'no-slash' });
    await expect(logout(config, 'at-1')).rejects.toMatchObject({ code: 'CONFIG_ERROR', field: 'logoutPath' });
    await expect(loginWithRedirect(config)).resolves.toBeUndefined();
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('refreshTokens rejects an empty token with CONFIG_ERROR', async () => {
    await expect(refreshTokens(setup().config, '')).rejects.toMatchObject({ code: 'CONFIG_ERROR', field: 'refreshToken' });
  });

  it('logout posts to the backend, then opens the provider’s logout page', async () => {
    let body: unknown;
    server.use(
      http.post(LOGOUT_URL, async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { config, assign } = setup(`${SITE}/`, { postLogoutUri: `${SITE}/bye` });
    await logout(config, 'at-1', { idToken: 'id-1' });
    expect(body).toEqual({ client_id: 'demo-site', token: 'at-1' });
    expect(query(assign.mock.calls[0]?.[0])).toEqual({
      client_id: 'demo-site',
      post_logout_redirect_uri: `${SITE}/bye`,
      id_token_hint: 'id-1',
    });
  });

  it('a token error response reaches callback and rejects with Token response error', async () => {
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ error: 'slow_down', retry_after_seconds: '30' }, { status: 429 })));
    const { config, results } = setup();
    await expect(refreshTokens(config, 'rt-1')).rejects.toMatchObject({ code: 'TOKEN_RESPONSE_ERROR', message: 'Token response error' });
    expect(results).toEqual([
      {
        ok: false,
        code: 'TOKEN_RESPONSE_ERROR',
        error: 'slow_down',
        error_description: 'Произошла непредвиденная ошибка. Обратитесь в службу поддержки',
        status: 429,
        retry_after_seconds: 30,
      },
    ]);
  });
});

describe('getAccessToken, getUser, on: the function forms, over the sign-ins made with one config object', () => {
  const idToken = `e30.${Buffer.from(JSON.stringify({ sub: 'u-1', name: 'Анна' })).toString('base64url')}.`;

  it('a popup sign-in hands its tokens over: the access token without a request, the claims; logout forgets them', async () => {
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        received.push({ body: await request.clone().json(), headers: request.headers, request });
        return HttpResponse.json({ ...tokens, id_token: idToken });
      }),
      http.post(LOGOUT_URL, () => HttpResponse.json({})),
    );
    const { page, providerAnswers } = popupBrowser();
    const login = loginWithPopup(page.config);
    await providerAnswers(({ state }) => ({ code: 'c-1', state: state ?? '', scope: 'openid' }));
    await login;
    // The function forms' client, made now (after the sign-in), starts with its tokens.
    await expect(getAccessToken(page.config)).resolves.toBe('at-1');
    expect(received).toHaveLength(1); // no refresh, no silent sign-in: the sign-in's token is valid
    expect(getUser(page.config)).toEqual({ sub: 'u-1', name: 'Анна' });
    const seen: string[] = [];
    on(page.config, 'signedOut', ({ local }) => seen.push(`signedOut:${local}`));
    await logout(page.config, 'at-1', { local: true });
    expect(getUser(page.config)).toBeNull();
    expect(seen).toEqual(['signedOut:true']);
  });

  it('a popup sign-in started before the function forms’ client exists hands its tokens to the client made while it was open', async () => {
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        received.push({ body: await request.clone().json(), headers: request.headers, request });
        return HttpResponse.json({ ...tokens, id_token: idToken });
      }),
    );
    const { page, providerAnswers } = popupBrowser();
    const login = loginWithPopup(page.config);
    // The site reads the user (or listens) while the popup is open: that makes the client now.
    expect(getUser(page.config)).toBeNull();
    const seen: unknown[] = [];
    on(page.config, 'tokens', (next) => seen.push(next?.access_token));
    await providerAnswers(({ state }) => ({ code: 'c-1', state: state ?? '', scope: 'openid' }));
    await expect(login).resolves.toMatchObject({ access_token: 'at-1' });
    expect(getUser(page.config)).toEqual({ sub: 'u-1', name: 'Анна' });
    expect(seen).toEqual(['at-1']);
    await expect(getAccessToken(page.config)).resolves.toBe('at-1');
    expect(received).toHaveLength(1); // no silent sign-in: the popup's token is the client's
  });

  it('refreshTokens with the same config refreshes the kept tokens (merged); getAccessToken refreshes one near expiry', async () => {
    let n = 0;
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        received.push({ body: await request.clone().json(), headers: request.headers, request });
        n += 1;
        // The refresh answer rotates nothing but the access token: the rest is kept.
        return HttpResponse.json(
          n === 1 ? { ...tokens, id_token: idToken, expires_in: 30 } : { access_token: `at-${n}`, expires_in: 3600 },
        );
      }),
    );
    const { config, win } = setup(`${SITE}/auth/gid?code=c-1&state=s&scope=openid`);
    win.sessionStorage.setItem(
      'demo-site',
      JSON.stringify({ code_verifier: 'v'.repeat(128), redirect_uri: CALLBACK, state: 's', gsid: 'g' }),
    );
    const seen: (string | undefined)[] = [];
    // The client exists before the sign-in comes back: its listeners hear of it.
    const off = on(config, 'tokens', (t) => seen.push(t?.access_token));
    await handleRedirectCallback(config);
    expect(seen).toEqual(['at-1']);
    off();
    // Valid for 30 s, asked for 60: refreshed with the kept refresh token.
    await expect(getAccessToken(config)).resolves.toBe('at-2');
    expect(received.map((r) => (r.body as { grant_type: string }).grant_type)).toEqual(['authorization_code', 'refresh_token']);
    expect(received[1]?.body).toMatchObject({ refresh_token: 'rt-1' });
    expect(getUser(config)).toEqual({ sub: 'u-1', name: 'Анна' }); // the ID token the refresh left out is kept
    await refreshTokens(config, 'rt-1');
    await expect(getAccessToken(config)).resolves.toBe('at-3');
  });

  it('on a page load with storage: getUser reads the kept tokens at once', () => {
    const { config, win } = setup(`${SITE}/`, { storage: 'session' });
    win.sessionStorage.setItem(
      'gid:demo-site:tokens',
      JSON.stringify({ tokens: { ...tokens, id_token: idToken }, expiresAt: Date.now() + 60_000 }),
    );
    expect(getUser(config)).toEqual({ sub: 'u-1', name: 'Анна' });
  });

  it('the function forms check the config like the others', async () => {
    const { config } = setup();
    await expect(getAccessToken({ ...config, storage: 'disk' as never })).rejects.toMatchObject({ code: 'CONFIG_ERROR', field: 'storage' });
    expect(() => getUser({ ...config, authUrl: 'http://id.example' })).toThrow(expect.objectContaining({ code: 'CONFIG_ERROR' }));
  });
});
