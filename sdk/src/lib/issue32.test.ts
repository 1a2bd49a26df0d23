// The bugs of issue 32, one case each: every one failed before its fix.
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { LOGOUT_URL, received, SITE, server, setup, type TestWindow, TOKEN_URL, tokens, useServer } from '../test/helpers';
import { createClient, getAccessToken, getUser } from './client';
import { keepTokensFresh } from './fresh';
import { init } from './init';
import { logout } from './logout';
import { loginSilently } from './silent';

useServer();
afterEach(() => vi.useRealTimers());

const CALLBACK = `${SITE}/auth/gid`;
const frameOf = (win: TestWindow) => win.document.querySelector('iframe[name="gid_silent"]') as HTMLIFrameElement | null;
const flush = async () => {
  for (let i = 0; i < 50; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
/** The redirect URI page inside the silent frame hands `params` over, as handleRedirectCallback does. */
const answerFrame = (win: TestWindow, frame: HTMLIFrameElement, params: Record<string, string>) =>
  win.dispatchEvent(
    new win.MessageEvent('message', {
      data: { name: 'popup_auth', url: `${CALLBACK}?${new URLSearchParams(params)}` },
      origin: SITE,
      source: frame.contentWindow as never,
    }),
  );
const okLogout = () => server.use(http.post(LOGOUT_URL, () => new HttpResponse(null, { status: 204 })));

/** A window as `window.open` returns it, on its way to the provider. */
function fakePopup() {
  const popup = {
    closed: false,
    navigated: [] as string[],
    close: vi.fn(() => {
      popup.closed = true;
    }),
    focus: vi.fn(),
    location: { href: 'about:blank', replace: (url: string) => void popup.navigated.push(url) },
  };
  return popup;
}

/** A page with a client whose `window.open` hands out `popup`. */
function popupPage(popup: ReturnType<typeof fakePopup>, overrides = {}) {
  const s = setup(`${SITE}/login`, overrides);
  Object.assign(s.win, { open: vi.fn(() => popup), screenX: 0, screenY: 0, outerWidth: 1000, outerHeight: 800 });
  Object.assign(s.win, { BroadcastChannel: NodeBroadcastChannel });
  return { ...s, client: createClient(s.config) };
}

const answerPopup = (win: TestWindow, popup: unknown, query: string) =>
  win.dispatchEvent(
    new win.MessageEvent('message', { data: { name: 'popup_auth', url: `${CALLBACK}?${query}` }, origin: SITE, source: popup as never }),
  );

describe('Low: destroy() during a popup', () => {
  it('rejects ABORTED (the site gave up), not POPUP_CLOSED, and callback hears nothing', async () => {
    const popup = fakePopup();
    const { client, results } = popupPage(popup);
    const outcome = client.login({ mode: 'popup' }).catch((error) => error);
    await vi.waitFor(() => expect(popup.navigated).toHaveLength(1));
    client.destroy();
    expect(await outcome).toMatchObject({ code: 'ABORTED' });
    expect(results).toEqual([]);
  });
});

describe('High: a sign-out stops a sign-in already under way', () => {
  it('a popup sign-in under way at logout: closed, ABORTED, its answer exchanges nothing', async () => {
    okLogout();
    const popup = fakePopup();
    const { client, win, results } = popupPage(popup);
    const outcome = client.login({ mode: 'popup' }).catch((error) => error);
    await vi.waitFor(() => expect(popup.navigated).toHaveLength(1));
    const state = new URL(popup.navigated[0] as string).searchParams.get('state');
    await client.logout('at-0', { local: true });
    expect(await outcome).toMatchObject({ code: 'ABORTED' });
    expect(popup.close).toHaveBeenCalled();
    answerPopup(win, popup, `code=c&state=${state}&scope=openid`);
    await flush();
    expect(received).toEqual([]);
    expect(results).toEqual([]);
  });

  it('getAccessToken’s silent frame answers after logout({ local: true }): no code exchange, no callback, no tokens', async () => {
    okLogout();
    const { config, win, results } = setup(`${SITE}/cabinet`);
    const client = createClient(config);
    const seen: unknown[] = [];
    client.on('tokens', (t) => seen.push(t));
    const pending = client.getAccessToken().catch((error) => error);
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull());
    const frame = frameOf(win) as HTMLIFrameElement;
    const state = new URL(frame.src).searchParams.get('state') as string;
    await client.logout('at-0', { local: true });
    answerFrame(win, frame, { code: 'c-late', state, scope: 'openid' });
    await flush();
    expect(received).toEqual([]);
    expect(results).toEqual([]);
    expect(await pending).toMatchObject({ code: 'ABORTED' });
    expect(client.tokens).toBeUndefined();
    expect(seen.filter(Boolean)).toEqual([]);
    expect(frameOf(win)).toBeNull();
  });

  it('a code exchange already sent when the sign-out comes: its answer reaches neither callback nor the tokens', async () => {
    okLogout();
    let release!: () => void;
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        received.push({ body: await request.clone().json(), headers: request.headers, request });
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(tokens);
      }),
    );
    const { config, win, results } = setup(`${SITE}/cabinet`, { storage: 'session' });
    const client = createClient(config);
    const pending = client.checkSession().catch((error) => error);
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull());
    const frame = frameOf(win) as HTMLIFrameElement;
    answerFrame(win, frame, { code: 'c-1', state: new URL(frame.src).searchParams.get('state') as string, scope: 'openid' });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    await client.logout('at-0', { local: true });
    release();
    expect(await pending).toMatchObject({ code: 'ABORTED' });
    await flush();
    expect(results).toEqual([]);
    expect(client.tokens).toBeUndefined();
    expect(win.sessionStorage.getItem('gid:demo-site:tokens')).toBeNull();
  });

  it('an automatic refresh in flight at the sign-out: callback never hears of it, nothing is stored', async () => {
    okLogout();
    let release!: () => void;
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        received.push({ body: await request.clone().json(), headers: request.headers, request });
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ ...tokens, access_token: 'at-2', refresh_token: 'rt-2' });
      }),
    );
    const { config, win, results } = setup(`${SITE}/`, { storage: 'session' });
    const client = createClient(config);
    client.setTokens({ ...tokens, expires_in: 1 });
    const refreshing = client.getAccessToken().catch((error) => error);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    await client.logout('at-1', { local: true });
    release();
    expect(await refreshing).toMatchObject({ code: 'ABORTED' });
    await flush();
    expect(results).toEqual([]);
    expect(client.tokens).toBeUndefined();
    expect(win.sessionStorage.getItem('gid:demo-site:tokens')).toBeNull();
  });

  it('function forms: a silent sign-in started before logout(config) is not joined by a later call, and its answer is dropped', async () => {
    okLogout();
    const { config, win, results } = setup(`${SITE}/cabinet`);
    const first = loginSilently(config).catch((error) => error);
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull());
    const oldFrame = frameOf(win) as HTMLIFrameElement;
    const oldState = new URL(oldFrame.src).searchParams.get('state') as string;
    await logout(config, 'at-0', { local: true });
    expect(await first).toMatchObject({ code: 'ABORTED' });
    // A later call starts its own sign-in, with a new state.
    const second = loginSilently(config).catch((error) => error);
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull());
    const frame = frameOf(win) as HTMLIFrameElement;
    const state = new URL(frame.src).searchParams.get('state') as string;
    expect(state).not.toBe(oldState);
    answerFrame(win, frame, { error: 'login_required', state });
    expect(await second).toMatchObject({ code: 'LOGIN_REQUIRED' });
    expect(received).toEqual([]);
    expect(results).toEqual([]);
    expect(getUser(config)).toBeNull();
  });
});

describe('function forms: getAccessToken joins a silent sign-in started before its client was made', () => {
  it('the silent sign-in’s tokens are the client’s: getAccessToken resolves its access token (found by the model test)', async () => {
    // loginSilently(config) ran before any getAccessToken(config) made the function forms' client;
    // getAccessToken joined it, but its tokens reached nobody's keeper: the call rejected (or
    // resolved an older, expired token another tab had sent meanwhile).
    const { config, win } = setup(`${SITE}/cabinet`);
    const silent = loginSilently(config);
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull());
    const token = getAccessToken(config);
    const frame = frameOf(win) as HTMLIFrameElement;
    answerFrame(win, frame, { code: 'c', scope: 'openid', state: new URL(frame.src).searchParams.get('state') as string });
    expect((await silent).access_token).toBe(tokens.access_token);
    expect(await token).toBe(tokens.access_token);
    expect(await getAccessToken(config, { cacheMode: 'cache-only' })).toBe(tokens.access_token);
  });
});

/** Node's channel, not keeping the test process alive (the function forms' client has no `destroy`). */
class QuietChannel extends NodeBroadcastChannel {
  constructor(name: string) {
    super(name);
    this.unref();
  }
}

describe('function forms: a silent sign-in finished before their client was made, then a sign-out elsewhere', () => {
  /** The page's own client beside the function forms, over one config's fields and the same storage. */
  async function signedInSilently() {
    okLogout();
    const { config, win } = setup(`${SITE}/cabinet`, { storage: 'local' });
    // The page's clients hear each other as in a browser (a channel's other objects of one name).
    Object.assign(win, { BroadcastChannel: QuietChannel });
    const page = createClient({ ...config });
    const silent = loginSilently(config);
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull());
    const frame = frameOf(win) as HTMLIFrameElement;
    answerFrame(win, frame, { code: 'c', scope: 'openid', state: new URL(frame.src).searchParams.get('state') as string });
    expect((await silent).access_token).toBe(tokens.access_token);
    return { config, win, page };
  }

  it('the page client’s sign-out holds: getUser stays signed out and the tokens never come back to localStorage (found by the model test)', async () => {
    // The function forms' tokens waited for a client (made by getUser) and were written then, after
    // the sign-out, as the newest news: the person was signed in again.
    const { config, win, page } = await signedInSilently();
    await page.logout(tokens.access_token, { local: true });
    await flush();
    // The function forms hear of it (their client made here, if not yet) and bring nothing back.
    expect(getUser(config)).toBeNull();
    await vi.waitFor(() => expect(getAccessToken(config, { cacheMode: 'cache-only' })).rejects.toMatchObject({ code: 'LOGIN_REQUIRED' }));
    await flush();
    expect(win.localStorage.getItem('gid:demo-site:tokens')).toBeNull();
    expect(page.tokens).toBeUndefined();
  });

  it('without a sign-out, the function forms have the silent sign-in’s token, and the storage its tokens', async () => {
    const { config, win, page } = await signedInSilently();
    expect(await getAccessToken(config, { cacheMode: 'cache-only' })).toBe(tokens.access_token);
    // The page's own client hears of the sign-in too.
    await vi.waitFor(() => expect(page.tokens?.access_token).toBe(tokens.access_token));
    expect(JSON.parse(win.localStorage.getItem('gid:demo-site:tokens') ?? 'null')?.tokens?.access_token).toBe(tokens.access_token);
  });
});

describe('two tabs over one localStorage whose messages were missed', () => {
  /** Tab A and tab B of one site sharing `localStorage` (no BroadcastChannel: every message is missed). */
  function tabs() {
    const a = setup(`${SITE}/`, { storage: 'local' });
    const b = setup(`${SITE}/`, { storage: 'local' });
    Object.defineProperty(b.win, 'localStorage', { value: a.win.localStorage });
    b.config.window = b.win as unknown as Window;
    return { a, b };
  }
  /** The backend rotates refresh tokens, each usable once; `hold` keeps the answers until released. */
  function rotating(hold = false) {
    const used = new Set<string>();
    const sent: string[] = [];
    let n = 1;
    const waiting: (() => void)[] = [];
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        const body = (await request.json()) as { refresh_token: string };
        sent.push(body.refresh_token);
        if (hold) await new Promise<void>((resolve) => waiting.push(resolve));
        if (used.has(body.refresh_token)) return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
        used.add(body.refresh_token);
        n += 1;
        return HttpResponse.json({ access_token: `at-${n}`, refresh_token: `rt-${n}`, expires_in: 3600 });
      }),
    );
    return {
      sent,
      release: () => {
        for (const go of waiting.splice(0)) go();
      },
    };
  }

  it('getAccessToken never resolves an expired token when another tab changed the stored tokens during this tab’s refresh', async () => {
    const backend = rotating(true);
    const { a, b } = tabs();
    const tabA = createClient(a.config);
    tabA.setTokens({ ...tokens, expires_in: 1 });
    const token = tabA.getAccessToken();
    await vi.waitFor(() => expect(backend.sent).toEqual(['rt-1']));
    // Tab B signs in anew meanwhile (its message never arrives here).
    createClient(b.config).setTokens({ access_token: 'at-B', refresh_token: 'rt-B', expires_in: 3600 });
    backend.release();
    await expect(token).resolves.toBe('at-B');
    expect(tabA.tokens?.access_token).toBe('at-B');
  });

  it('a refresh whose answer crossed only a rewrite of the same tokens keeps the rotated refresh token', async () => {
    const backend = rotating(true);
    const { a } = tabs();
    const tabA = createClient(a.config);
    tabA.setTokens({ ...tokens, expires_in: 1 });
    const token = tabA.getAccessToken();
    await vi.waitFor(() => expect(backend.sent).toEqual(['rt-1']));
    // The same tokens written again (another tab's load, in another layout): no news.
    const stored = JSON.parse(a.win.localStorage.getItem('gid:demo-site:tokens') as string);
    a.win.localStorage.setItem('gid:demo-site:tokens', JSON.stringify({ expiresAt: stored.expiresAt, tokens: stored.tokens }));
    backend.release();
    await expect(token).resolves.toBe('at-2');
    expect(tabA.tokens?.refresh_token).toBe('rt-2');
  });

  it('a tab that missed another tab’s refresh reads the storage before sending: the used refresh token is never sent again', async () => {
    const backend = rotating();
    const { a, b } = tabs();
    const tabA = createClient(a.config);
    tabA.setTokens({ ...tokens, expires_in: 1 });
    const tabB = createClient(b.config);
    expect(tabB.tokens?.refresh_token).toBe('rt-1');
    await tabB.refresh('rt-1');
    expect(backend.sent).toEqual(['rt-1']);
    // Tab A missed the message: its access token is expiring, and the storage has tab B's tokens.
    await expect(tabA.getAccessToken()).resolves.toBe('at-2');
    expect(backend.sent).toEqual(['rt-1']);
    expect(tabA.tokens?.refresh_token).toBe('rt-2');
  });
});

const idToken = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

describe('a silent renewal with another person is a sign-out, then a sign-in', () => {
  it('another sub: signedOut, then the new person’s tokens and userChanged', async () => {
    server.use(
      http.post(TOKEN_URL, () => HttpResponse.json({ access_token: 'at-2', id_token: idToken({ sub: 'u-2' }), expires_in: 3600 })),
    );
    const { config, win } = setup(`${SITE}/cabinet`);
    const client = createClient(config);
    client.setTokens({ access_token: 'at-1', id_token: idToken({ sub: 'u-1' }), expires_in: 3600 });
    const seen: string[] = [];
    client.on('signedOut', ({ local }) => seen.push(`signedOut ${local}`));
    client.on('tokens', (t) => seen.push(`tokens ${t?.access_token}`));
    client.on('userChanged', (user) => seen.push(`userChanged ${user?.sub ?? null}`));
    const pending = client.checkSession();
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull());
    const frame = frameOf(win) as HTMLIFrameElement;
    answerFrame(win, frame, { code: 'c', state: new URL(frame.src).searchParams.get('state') as string, scope: 'openid' });
    await pending;
    expect(seen).toEqual(['tokens undefined', 'signedOut true', 'userChanged null', 'tokens at-2', 'userChanged u-2']);
    expect(client.user?.sub).toBe('u-2');
  });

  it('the same sub: a renewal, no sign-out', async () => {
    server.use(
      http.post(TOKEN_URL, () => HttpResponse.json({ access_token: 'at-2', id_token: idToken({ sub: 'u-1', n: 2 }), expires_in: 3600 })),
    );
    const { config, win } = setup(`${SITE}/cabinet`);
    const client = createClient(config);
    client.setTokens({ access_token: 'at-1', id_token: idToken({ sub: 'u-1' }), expires_in: 3600 });
    const seen: string[] = [];
    client.on('signedOut', () => seen.push('signedOut'));
    client.on('userChanged', () => seen.push('userChanged'));
    const pending = client.checkSession();
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull());
    const frame = frameOf(win) as HTMLIFrameElement;
    answerFrame(win, frame, { code: 'c', state: new URL(frame.src).searchParams.get('state') as string, scope: 'openid' });
    await pending;
    expect(seen).toEqual([]);
    expect(client.tokens?.access_token).toBe('at-2');
  });

  it('another sub answered after destroy() signs nothing out: a refresh in flight still leaves its rotated tokens in the shared storage (found by the model test)', async () => {
    const gate = () => {
      let resolve!: () => void;
      return { promise: new Promise<void>((done) => (resolve = done)), resolve: () => resolve() };
    };
    const gates = { authorization_code: gate(), refresh_token: gate() };
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        const { grant_type } = (await request.json()) as { grant_type: keyof typeof gates };
        await gates[grant_type].promise;
        return HttpResponse.json(
          grant_type === 'refresh_token'
            ? { access_token: 'at-3', refresh_token: 'rt-3', expires_in: 3600 }
            : { access_token: 'at-2', refresh_token: 'rt-2', id_token: idToken({ sub: 'u-2' }), expires_in: 3600 },
        );
      }),
    );
    const { config, win } = setup(`${SITE}/cabinet`, { storage: 'local' });
    const client = createClient(config);
    client.setTokens({ access_token: 'at-1', refresh_token: 'rt-1', id_token: idToken({ sub: 'u-1' }), expires_in: 3600 });
    const silent = client.checkSession().catch((error) => error);
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull());
    const frame = frameOf(win) as HTMLIFrameElement;
    answerFrame(win, frame, { code: 'c', state: new URL(frame.src).searchParams.get('state') as string, scope: 'openid' });
    const refreshed = client.refresh('rt-1').catch((error) => error);
    await flush();
    // The page unmounts its client while both calls are out; the sign-in answers first.
    client.destroy();
    gates.authorization_code.resolve();
    await silent;
    gates.refresh_token.resolve();
    await refreshed;
    await flush();
    // rt-1 is spent at the backend: the next client on this storage must start from rt-3.
    expect(JSON.parse(win.localStorage.getItem('gid:demo-site:tokens') as string).tokens.refresh_token).toBe('rt-3');
  });
});

describe('daily calls: events and leeway', () => {
  it('expiring fires leeway seconds before expiry; a failed automatic refresh fires renewError and keeps the tokens', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ error: 'invalid_grant' }, { status: 400 })));
    const { config } = setup(`${SITE}/`, { leeway: 120, autoRefresh: true });
    const client = createClient(config);
    const seen: string[] = [];
    client.on('expiring', (t) => seen.push(`expiring ${t.access_token}`));
    client.on('renewError', (e) => seen.push(`renewError ${(e as { code: string }).code}`));
    client.setTokens({ ...tokens, expires_in: 600 });
    await vi.advanceTimersByTimeAsync(479_000);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(seen).toEqual(['expiring at-1', 'renewError TOKEN_RESPONSE_ERROR']));
    expect(client.tokens?.access_token).toBe('at-1');
  });

  it('getAccessToken counts leeway as its default minValiditySeconds', async () => {
    const { config } = setup(`${SITE}/`, { leeway: 0 });
    const client = createClient(config);
    client.setTokens({ ...tokens, expires_in: 30 });
    await expect(client.getAccessToken()).resolves.toBe('at-1');
    expect(received).toEqual([]);
  });
});

describe('daily calls: logout({ returnTo, openUrl })', () => {
  it('returnTo is this call’s post-logout address; openUrl goes there instead of location.assign; false stays', async () => {
    okLogout();
    const { config, assign } = setup(`${SITE}/`, { postLogoutUri: `${SITE}/bye` });
    const client = createClient(config);
    const opened: string[] = [];
    await client.logout('at-1', { returnTo: `${SITE}/events`, openUrl: (url) => void opened.push(url) });
    expect(new URL(opened[0] as string).searchParams.get('post_logout_redirect_uri')).toBe(`${SITE}/events`);
    expect(assign).not.toHaveBeenCalled();
    await client.logout('at-1', { openUrl: false });
    expect(assign).not.toHaveBeenCalled();
    await client.logout('at-1');
    expect(new URL(assign.mock.calls[0]?.[0]).searchParams.get('post_logout_redirect_uri')).toBe(`${SITE}/bye`);
  });
});

describe('COOP: the person clicks the opener while the cut-off popup is still signing in', () => {
  it('POPUP_CLOSED is reported, but the flow and the channel stay until popupTimeoutMs: the finished sign-in completes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const popup = fakePopup();
    const { client, win, results } = popupPage(popup);
    vi.spyOn(win.document, 'hasFocus').mockImplementation(() => true);
    const outcome = client.login({ mode: 'popup' }).catch((error) => error);
    await vi.waitFor(() => expect(popup.navigated).toHaveLength(1));
    popup.closed = true; // the provider's page sends COOP: cut off, it looks closed from here
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toMatchObject({ code: 'POPUP_CLOSED' });
    const state = JSON.parse(win.sessionStorage.getItem('demo-site') as string)?.state;
    expect(state).toBeTruthy();
    vi.useRealTimers();
    // The sign-in finishes in the popup: its redirect URI page (no opener, no flow) hands the answer over the channel.
    const page = setup(`${CALLBACK}?code=c-1&state=${state}&scope=openid`);
    Object.assign(page.win, { BroadcastChannel: NodeBroadcastChannel });
    vi.spyOn(page.win, 'close').mockImplementation(() => {});
    await createClient(page.config).handleCallback();
    await vi.waitFor(() => expect(client.tokens).toEqual(tokens));
    expect(page.results).toEqual([]);
    expect(results.at(-1)).toEqual({ ok: true, tokens });
    expect(received[0]?.body).toMatchObject({ code: 'c-1', state });
  });
});

describe('COOP on a phone: the opener is a suspended background tab', () => {
  it('the popup’s redirect URI page says it again until the opener, back after 2 s, acknowledges; then it closes, having exchanged nothing', async () => {
    const page = setup(`${CALLBACK}?code=c-1&state=s-1&scope=openid`);
    Object.assign(page.win, { BroadcastChannel: NodeBroadcastChannel });
    const close = vi.spyOn(page.win, 'close').mockImplementation(() => {});
    const handled = createClient(page.config)
      .handleCallback()
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    // The opener wakes up and hears the answer on the state's channel.
    const opener = new NodeBroadcastChannel('s-1') as unknown as BroadcastChannel;
    const heard = new Promise<unknown>((resolve) => {
      opener.onmessage = ({ data }) => {
        opener.postMessage({ name: 'popup_auth_ack' });
        resolve(data);
      };
    });
    expect(await heard).toMatchObject({ name: 'popup_auth', url: expect.stringContaining('code=c-1') });
    await handled;
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
    opener.close();
    expect(received).toEqual([]);
  });
});

describe('the redirect URI page in the SDK’s own popup (init, as under GidProvider)', () => {
  it('only hands the answer over: no remote config, analytics, refresh or token call, whatever the config opts into', async () => {
    const opener = setup(`${SITE}/cabinet`);
    const postMessage = vi.spyOn(opener.win, 'postMessage');
    const url = `${CALLBACK}?code=c-1&state=s-1&scope=openid`;
    const asked: string[] = [];
    const page = setup(url, {
      storage: 'local',
      autoRefresh: true,
      goyaUrl: 'https://metrics.example/e',
      fetch: async (input) => {
        asked.push(String(input));
        return new Response('{}');
      },
    });
    // What the opener's tab keeps: tokens about to expire (a full client would refresh them at once).
    page.win.localStorage.setItem('gid:demo-site:tokens', JSON.stringify({ tokens, expiresAt: Date.now() + 1_000 }));
    Object.defineProperty(page.win, 'opener', { value: opener.win });
    page.win.name = 'gid_auth';
    const client = await init(page.config);
    expect(postMessage).toHaveBeenCalledWith({ name: 'popup_auth', url }, SITE);
    await flush();
    expect(asked).toEqual([]);
    expect(client.tokens).toBeUndefined();
    await expect(client.getAccessToken()).rejects.toMatchObject({ code: 'ABORTED' });
    client.destroy();
  });
});

describe('Lows', () => {
  it('extraParams may set prompt and login_hint when the SDK’s own options leave them unset; never state', async () => {
    const client = createClient(setup().config);
    const url = new URL(
      await client.buildAuthorizeUrl({ extraParams: { prompt: 'select_account', login_hint: 'a@b.example', state: 'x' } }),
    );
    expect(url.searchParams.get('prompt')).toBe('select_account');
    expect(url.searchParams.get('login_hint')).toBe('a@b.example');
    expect(url.searchParams.get('state')).not.toBe('x');
    const own = new URL(await client.buildAuthorizeUrl({ prompt: 'login', extraParams: { prompt: 'none' } }));
    expect(own.searchParams.get('prompt')).toBe('login');
  });

  it('client.refresh of the client’s own refresh token goes through the lock and the shared storage (never a used token)', async () => {
    const used = new Set<string>();
    const sent: string[] = [];
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        const body = (await request.json()) as { refresh_token: string };
        sent.push(body.refresh_token);
        if (used.has(body.refresh_token)) return HttpResponse.json({ error: 'invalid_grant' }, { status: 400 });
        used.add(body.refresh_token);
        return HttpResponse.json({ access_token: `at-${sent.length + 1}`, refresh_token: `rt-${sent.length + 1}`, expires_in: 3600 });
      }),
    );
    const a = setup(`${SITE}/`, { storage: 'local' });
    const b = setup(`${SITE}/`, { storage: 'local' });
    Object.defineProperty(b.win, 'localStorage', { value: a.win.localStorage });
    const tabA = createClient(a.config);
    tabA.setTokens(tokens);
    const tabB = createClient(b.config);
    await tabB.refresh('rt-1');
    // Tab A missed the news: its refresh() of what it holds takes tab B's tokens instead of sending rt-1 again.
    await expect(tabA.refresh('rt-1')).resolves.toMatchObject({ access_token: 'at-2' });
    expect(sent).toEqual(['rt-1']);
  });

  it('expired fires once per access token, not on every visibilitychange', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { config, win } = setup();
    const client = createClient(config);
    const seen: string[] = [];
    client.on('expired', (t) => seen.push(t.access_token));
    client.setTokens({ ...tokens, expires_in: 10 });
    await vi.advanceTimersByTimeAsync(11_000);
    for (let i = 0; i < 3; i++) win.document.dispatchEvent(new win.Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(seen).toEqual(['at-1']);
  });
});

describe('daily calls: getAccessToken options, a token store of the site’s own, prompt', () => {
  it('cacheMode: cache-only never asks anyone; off always gets a new token', async () => {
    const client = createClient(setup().config);
    await expect(client.getAccessToken({ cacheMode: 'cache-only' })).rejects.toMatchObject({ code: 'LOGIN_REQUIRED' });
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ access_token: 'at-new', refresh_token: 'rt-new', expires_in: 3600 })));
    client.setTokens(tokens);
    await expect(client.getAccessToken({ cacheMode: 'cache-only' })).resolves.toBe('at-1');
    await expect(client.getAccessToken({ cacheMode: 'off' })).resolves.toBe('at-new');
  });

  it('fallback: popup opens the popup when the silent way needs the person', async () => {
    const popup = fakePopup();
    const { client, win } = popupPage(popup);
    const token = client.getAccessToken({ fallback: 'popup' });
    await vi.waitFor(() => expect(frameOf(win)).not.toBeNull());
    const frame = frameOf(win) as HTMLIFrameElement;
    answerFrame(win, frame, { error: 'login_required', state: new URL(frame.src).searchParams.get('state') as string });
    await vi.waitFor(() => expect(popup.navigated).toHaveLength(1));
    const state = new URL(popup.navigated[0] as string).searchParams.get('state');
    answerPopup(win, popup, `code=c&state=${state}&scope=openid`);
    await expect(token).resolves.toBe('at-1');
  });

  it('store: the tokens live in the site’s own store', async () => {
    const memory = new Map<string, string>();
    const store = {
      get: (k: string) => memory.get(k),
      set: (k: string, v: string) => void memory.set(k, v),
      remove: (k: string) => void memory.delete(k),
    };
    const client = createClient(setup(`${SITE}/`, { store }).config);
    client.setTokens(tokens);
    expect(JSON.parse(memory.get('gid:demo-site:tokens') as string).tokens).toEqual(tokens);
    expect(createClient(setup(`${SITE}/`, { store }).config).tokens).toEqual(tokens);
    client.setTokens(undefined);
    expect(memory.size).toBe(0);
  });

  it('prompt takes consent and select_account; anything else is a CONFIG_ERROR', async () => {
    const client = createClient(setup().config);
    for (const prompt of ['consent', 'select_account'] as const) {
      expect(new URL(await client.buildAuthorizeUrl({ prompt })).searchParams.get('prompt')).toBe(prompt);
    }
    await expect(client.buildAuthorizeUrl({ prompt: 'bogus' as never })).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
  });
});

describe('Low: a missing or non-positive expires_in', () => {
  it('0 or less is expired at once; none takes the JWT access token’s exp', async () => {
    const client = createClient(setup().config);
    client.setTokens({ access_token: 'at-0', expires_in: 0 });
    await expect(client.getAccessToken({ cacheMode: 'cache-only' })).rejects.toMatchObject({ code: 'LOGIN_REQUIRED' });
    const past = `e30.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 10 })).toString('base64url')}.s`;
    client.setTokens({ access_token: past });
    await expect(client.getAccessToken({ cacheMode: 'cache-only' })).rejects.toMatchObject({ code: 'LOGIN_REQUIRED' });
    client.setTokens({ access_token: 'opaque' });
    await expect(client.getAccessToken({ cacheMode: 'cache-only' })).resolves.toBe('opaque');
  });

  it('expires_in 0 is expired in the very millisecond it came, whatever minValiditySeconds says', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const client = createClient(setup().config);
    client.setTokens({ access_token: 'at-0', expires_in: 0 });
    // The clock has not moved: still expired (a same-millisecond read once returned it).
    await expect(client.getAccessToken({ cacheMode: 'cache-only', minValiditySeconds: 0 })).rejects.toMatchObject({
      code: 'LOGIN_REQUIRED',
    });
    client.setTokens({ access_token: 'at-1', expires_in: 1 });
    await expect(client.getAccessToken({ cacheMode: 'cache-only', minValiditySeconds: 0 })).resolves.toBe('at-1');
    vi.setSystemTime(Date.now() + 1000);
    await expect(client.getAccessToken({ cacheMode: 'cache-only', minValiditySeconds: 0 })).rejects.toMatchObject({
      code: 'LOGIN_REQUIRED',
    });
  });
});

describe('Low: refreshes that keep the access token', () => {
  it('a second rotation with the same access token reaches the other tab too', async () => {
    let n = 1;
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ access_token: 'at-1', refresh_token: `rt-${++n}`, expires_in: 3600 })));
    const tabs = [setup(), setup()].map((s) => {
      Object.assign(s.win, { BroadcastChannel: NodeBroadcastChannel });
      return keepTokensFresh(s.config);
    });
    const [a, b] = tabs as [ReturnType<typeof keepTokensFresh>, ReturnType<typeof keepTokensFresh>];
    a.set(tokens);
    await vi.waitFor(() => expect(b.tokens?.refresh_token).toBe('rt-1'));
    await a.refresh();
    await vi.waitFor(() => expect(b.tokens?.refresh_token).toBe('rt-2'));
    await a.refresh();
    await vi.waitFor(() => expect(b.tokens?.refresh_token).toBe('rt-3'));
    for (const keeper of tabs) keeper.stop();
  });
});

describe('a token store that answers by promises (sdk-contract: store)', () => {
  it('the kept tokens arrive when it answers; a refresh reads it first', async () => {
    const memory = new Map<string, string>();
    const store = {
      get: async (k: string) => memory.get(k) ?? null,
      set: async (k: string, v: string) => void memory.set(k, v),
      remove: async (k: string) => void memory.delete(k),
    };
    const first = createClient(setup(`${SITE}/`, { store }).config);
    first.setTokens(tokens);
    await vi.waitFor(() => expect(memory.size).toBe(1));
    const second = createClient(setup(`${SITE}/`, { store }).config);
    const seen: unknown[] = [];
    second.on('tokens', (t) => seen.push(t?.access_token));
    await vi.waitFor(() => expect(second.tokens).toEqual(tokens));
    expect(seen).toEqual(['at-1']);
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ access_token: 'at-2', refresh_token: 'rt-2', expires_in: 3600 })));
    await expect(second.getAccessToken({ cacheMode: 'off' })).resolves.toBe('at-2');
    await vi.waitFor(() => expect(JSON.parse(memory.get('gid:demo-site:tokens') as string).tokens.refresh_token).toBe('rt-2'));
  });
});
