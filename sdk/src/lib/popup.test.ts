import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { received, SITE, setup, type TestWindow, tokens, useServer } from '../test/helpers';
import { createClient } from './client';
import { CLOSE_GRACE_MS, POLL_MS } from './popup';

useServer();

const CALLBACK = `${SITE}/auth/gid`;

/** A stand-in for the window `window.open` returns. */
function fakePopup() {
  return {
    closed: false,
    close: vi.fn(function (this: { closed: boolean }) {
      this.closed = true;
    }),
    focus: vi.fn(),
    location: { replace: vi.fn() },
  };
}

function popupSetup(overrides = {}, popup: ReturnType<typeof fakePopup> | null = fakePopup()) {
  const s = setup(`${SITE}/login`, overrides);
  const open = vi.fn(() => popup);
  (s.win as unknown as { open: unknown }).open = open;
  Object.assign(s.win, { screenX: 100, screenY: 50, outerWidth: 1200, outerHeight: 900 });
  return { ...s, open, popup, client: createClient(s.config) };
}

const post = (win: TestWindow, data: unknown, source: unknown, origin = SITE) =>
  win.dispatchEvent(new win.MessageEvent('message', { data, origin, source: source as never }));

const flowOf = (win: TestWindow) => JSON.parse(win.sessionStorage.getItem('demo-site') ?? 'null');
const navigated = async (popup: ReturnType<typeof fakePopup>) => vi.waitFor(() => expect(popup.location.replace).toHaveBeenCalled());
const callbackFor = (win: TestWindow, params: Record<string, string> = {}) =>
  `${CALLBACK}?${new URLSearchParams({ code: 'c-1', state: flowOf(win).state, scope: 'openid phone', ...params })}`;

afterEach(() => vi.useRealTimers());

describe('popup login', () => {
  it('opens the window synchronously inside the click, 400×600 centred on the opener', async () => {
    const { client, open, popup, win } = popupSetup();
    const login = client.login({ mode: 'popup' });
    expect(open).toHaveBeenCalledTimes(1); // before any await
    expect(open.mock.calls[0]).toEqual(['', 'gid_auth', 'popup=1,width=400,height=600,left=500,top=200']);
    await navigated(popup!);
    const url = new URL(popup!.location.replace.mock.calls[0]?.[0]);
    expect(url.pathname).toBe('/oauth2/auth');
    expect(url.searchParams.get('state')).toBe(flowOf(win).state);
    post(win, { name: 'popup_auth', url: callbackFor(win) }, popup);
    await expect(login).resolves.toBeUndefined();
    expect(popup!.close).toHaveBeenCalled();
  });

  it('completes the exchange from the popup’s message and reports the tokens', async () => {
    const { client, popup, win, results } = popupSetup();
    const login = client.login({ mode: 'popup' });
    await navigated(popup!);
    const verifier = flowOf(win).code_verifier;
    post(win, { name: 'popup_auth', url: callbackFor(win) }, popup);
    await login;
    expect(received[0]?.body).toMatchObject({ grant_type: 'authorization_code', code: 'c-1', code_verifier: verifier });
    expect(results).toEqual([{ ok: true, tokens }]);
    expect(flowOf(win)).toBeNull();
  });

  it.each([
    ['another origin', (w: TestWindow, p: unknown) => post(w, { name: 'popup_auth', url: callbackFor(w) }, p, 'https://evil.example')],
    ['another window', (w: TestWindow) => post(w, { name: 'popup_auth', url: callbackFor(w) }, {})],
    ['a wrong shape', (w: TestWindow, p: unknown) => post(w, { name: 'popup_auth', url: 5 }, p)],
    ['a wrong name', (w: TestWindow, p: unknown) => post(w, { name: 'other', url: callbackFor(w) }, p)],
    ['a string', (w: TestWindow, p: unknown) => post(w, 'popup_auth', p)],
  ])('ignores messages from %s', async (_label, forge) => {
    const { client, popup, win, results } = popupSetup();
    const login = client.login({ mode: 'popup' });
    await navigated(popup!);
    forge(win, popup);
    await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual([]);
    expect(results).toEqual([]);
    post(win, { name: 'popup_auth', url: callbackFor(win) }, popup);
    await login;
    expect(results).toHaveLength(1);
  });

  it('an empty url from the popup fails with the code error', async () => {
    const { client, popup, win, results } = popupSetup();
    const login = client.login({ mode: 'popup' });
    await navigated(popup!);
    post(win, { name: 'popup_auth', url: '' }, popup);
    await expect(login).rejects.toMatchObject({ code: 'CODE_ERROR', message: 'Ошибка при получении авторизационного кода' });
    expect(results[0]).toMatchObject({ ok: false });
    expect(flowOf(win)).toBeNull();
  });

  it('a quuid from the popup restarts the flow in the same window', async () => {
    const { client, popup, win } = popupSetup();
    const login = client.login({ mode: 'popup' });
    await navigated(popup!);
    post(win, { name: 'popup_auth', url: `${CALLBACK}?quuid=q-7` }, popup);
    await vi.waitFor(() => expect(popup!.location.replace).toHaveBeenCalledTimes(2));
    expect(new URL(popup!.location.replace.mock.calls[1]?.[0]).searchParams.get('quuid')).toBe('q-7');
    post(win, { name: 'popup_auth', url: callbackFor(win) }, popup);
    await expect(login).resolves.toBeUndefined();
  });

  it('closing the popup early rejects, clears the flow and tells callback (polled every 500 ms)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const { client, popup, win, results } = popupSetup();
    const login = client.login({ mode: 'popup' });
    const outcome = login.catch((error) => error);
    await vi.waitFor(() => expect(popup!.location.replace).toHaveBeenCalled());
    popup!.closed = true;
    await vi.advanceTimersByTimeAsync(POLL_MS + CLOSE_GRACE_MS);
    const error = await outcome;
    expect(error).toMatchObject({ code: 'POPUP_CLOSED', message: 'Попап был закрыт пользователем до завершения авторизации.' });
    expect(results[0]).toMatchObject({ ok: false, error: 'Попап был закрыт пользователем до завершения авторизации.' });
    expect(flowOf(win)).toBeNull();
  });

  it('is not reported closed while still open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const { client, popup, win } = popupSetup();
    const login = client.login({ mode: 'popup' });
    await vi.waitFor(() => expect(popup!.location.replace).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(10 * POLL_MS);
    post(win, { name: 'popup_auth', url: callbackFor(win) }, popup);
    await expect(login).resolves.toBeUndefined();
  });

  it('reuses an open popup: focuses it and reports Popup-окно уже открыто', async () => {
    const { client, popup, open, win } = popupSetup();
    const first = client.login({ mode: 'popup' });
    await navigated(popup!);
    await expect(client.login({ mode: 'popup' })).rejects.toMatchObject({ code: 'POPUP_ALREADY_OPEN', message: 'Popup-окно уже открыто' });
    expect(popup!.focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
    post(win, { name: 'popup_auth', url: callbackFor(win) }, popup);
    await expect(first).resolves.toBeUndefined();
  });

  it('a blocked popup is a POPUP_ERROR', async () => {
    const { client, results, assign } = popupSetup({}, null);
    await expect(client.login({ mode: 'popup' })).rejects.toMatchObject({
      code: 'POPUP_ERROR',
      message: 'Ошибка при попытке открытия popup-окна',
    });
    expect(results[0]).toMatchObject({ ok: false, error: 'Ошибка при попытке открытия popup-окна' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('a blocked popup falls back to redirect where configured', async () => {
    const { client, assign } = popupSetup({ popupFallbackToRedirect: true }, null);
    await client.login({ mode: 'popup' });
    expect(new URL(assign.mock.calls[0]?.[0]).pathname).toBe('/oauth2/auth');
  });

  it('takes the result from the state’s BroadcastChannel when COOP cut the opener', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const { client, popup, win, results } = popupSetup();
    Object.assign(win, { BroadcastChannel: NodeBroadcastChannel });
    const login = client.login({ mode: 'popup' });
    await vi.waitFor(() => expect(popup!.location.replace).toHaveBeenCalled());
    popup!.closed = true; // what a browsing-context-group switch looks like from the opener
    await vi.advanceTimersByTimeAsync(POLL_MS);
    vi.useRealTimers();
    // The callback page in the popup: no opener, no flow of its own.
    const { win: popupWin, config } = setup(callbackFor(win));
    Object.assign(popupWin, { BroadcastChannel: NodeBroadcastChannel });
    const closeSelf = vi.spyOn(popupWin, 'close').mockImplementation(() => {});
    await createClient(config).handleCallback();
    await expect(login).resolves.toBeUndefined();
    expect(closeSelf).toHaveBeenCalled();
    expect(results).toEqual([{ ok: true, tokens }]);
  });
});

describe('the callback page inside a popup', () => {
  function inPopup(url: string) {
    const opener = setup(`${SITE}/login`);
    const page = setup(url);
    const postMessage = vi.spyOn(opener.win, 'postMessage');
    Object.defineProperty(page.win, 'opener', { value: opener.win });
    page.win.name = 'gid_auth'; // the window this SDK opened
    return { page, postMessage };
  }

  it('posts the callback URL to the opener as popup_auth, to this exact origin', async () => {
    const url = `${CALLBACK}?code=c&state=s&scope=openid`;
    const { page, postMessage } = inPopup(url);
    await expect(createClient(page.config).handleCallback()).resolves.toBeUndefined();
    expect(postMessage).toHaveBeenCalledWith({ name: 'popup_auth', url }, SITE);
    expect(received).toEqual([]);
  });

  it('posts an empty url when there is no query string', async () => {
    const { page, postMessage } = inPopup(CALLBACK);
    await createClient(page.config).handleCallback();
    expect(postMessage).toHaveBeenCalledWith({ name: 'popup_auth', url: '' }, SITE);
  });

  it('hands a quuid URL to the opener instead of redirecting itself', async () => {
    const url = `${CALLBACK}?quuid=q-1`;
    const { page, postMessage } = inPopup(url);
    await createClient(page.config).handleCallback();
    expect(postMessage).toHaveBeenCalledWith({ name: 'popup_auth', url }, SITE);
    expect(page.assign).not.toHaveBeenCalled();
  });

  it('never posts to an opener of another origin', async () => {
    const page = setup(`${CALLBACK}?code=c&state=s&scope=openid`);
    const foreign = {
      postMessage: vi.fn(),
      get location(): never {
        throw new DOMException('cross-origin', 'SecurityError');
      },
    };
    Object.defineProperty(page.win, 'opener', { value: foreign });
    await expect(createClient(page.config).handleCallback()).rejects.toMatchObject({ code: 'STATE_MISMATCH' });
    expect(foreign.postMessage).not.toHaveBeenCalled();
  });
});
