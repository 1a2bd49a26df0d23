import { afterEach, describe, expect, it, vi } from 'vitest';
import { received, SITE, setup, type TestWindow, tokens, useServer } from '../test/helpers';
import { createClient } from './client';
import { loginSilently, SILENT_TIMEOUT_MS, siteOf } from './silent';

useServer();
afterEach(() => vi.useRealTimers());

const CALLBACK = `${SITE}/auth/gid`;
const frameOf = (win: TestWindow) => win.document.querySelector('iframe[name="gid_silent"]') as HTMLIFrameElement | null;
const flowOf = (win: TestWindow) => JSON.parse(win.sessionStorage.getItem('demo-site') ?? 'null');

/** Starts a silent sign-in and waits for its hidden frame. */
async function started(overrides = {}) {
  const s = setup(`${SITE}/cabinet`, overrides);
  const pending = loginSilently(s.config);
  await vi.waitFor(() => expect(frameOf(s.win)).not.toBeNull());
  const frame = frameOf(s.win) as HTMLIFrameElement;
  const authorize = new URL(frame.src);
  /** The redirect URI page inside the frame hands `params` over, as handleRedirectCallback does. */
  const answer = (params: Record<string, string>, source: unknown = frame.contentWindow, origin = SITE) =>
    s.win.dispatchEvent(
      new s.win.MessageEvent('message', {
        data: { name: 'popup_auth', url: `${CALLBACK}?${new URLSearchParams(params)}` },
        origin,
        source: source as never,
      }),
    );
  return { ...s, pending, frame, authorize, state: authorize.searchParams.get('state') ?? '', answer };
}

describe('loginSilently', () => {
  it('asks with prompt=none in a hidden frame and resolves with the exchanged tokens', async () => {
    const { pending, frame, authorize, state, answer, results, win } = await started();
    expect(frame.hidden).toBe(true);
    expect(authorize.pathname).toBe('/oauth2/auth');
    expect(authorize.searchParams.get('prompt')).toBe('none');
    answer({ code: 'c-s', state, scope: 'openid' });
    await expect(pending).resolves.toEqual(tokens);
    expect(received[0]?.body).toMatchObject({ code: 'c-s', state });
    expect(results).toEqual([{ ok: true, tokens }]);
    expect(frameOf(win)).toBeNull();
    expect(flowOf(win)).toBeNull();
  });

  it.each(['login_required', 'consent_required', 'interaction_required'])(
    '%s: rejects LOGIN_REQUIRED without a visible step, callback not told, flow cleared',
    async (error) => {
      const { pending, state, answer, results, win, assign } = await started();
      answer({ error, state });
      await expect(pending).rejects.toMatchObject({ code: 'LOGIN_REQUIRED', error });
      expect(results).toEqual([]);
      expect(received).toEqual([]);
      expect(assign).not.toHaveBeenCalled();
      expect(frameOf(win)).toBeNull();
      expect(flowOf(win)).toBeNull();
    },
  );

  it('no answer (third-party cookies or framing blocked): SILENT_TIMEOUT instead of hanging', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { pending, win } = await started();
    const outcome = pending.catch((error) => error);
    await vi.advanceTimersByTimeAsync(SILENT_TIMEOUT_MS);
    expect(await outcome).toMatchObject({ code: 'SILENT_TIMEOUT', message: expect.stringContaining('cookie') });
    expect(frameOf(win)).toBeNull();
  });

  it.each([
    ['another window', () => ({}), SITE],
    ['another origin', (frame: HTMLIFrameElement) => frame.contentWindow, 'https://evil.example'],
  ])('ignores an answer from %s', async (_label, source, origin) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { pending, frame, state, answer } = await started();
    const outcome = pending.catch((error) => error);
    answer({ code: 'forged', state, scope: 'openid' }, source(frame), origin);
    await vi.advanceTimersByTimeAsync(SILENT_TIMEOUT_MS);
    expect(await outcome).toMatchObject({ code: 'SILENT_TIMEOUT' });
    expect(received).toEqual([]);
  });

  describe('third-party cookies: a provider on another site than the page', () => {
    it('login_required says the session may be hidden from the frame (thirdParty)', async () => {
      // site.example and id.example: two sites, so the provider's frame is a third party here.
      const { pending, state, answer, results } = await started();
      answer({ error: 'login_required', state });
      const error = await pending.catch((e) => e);
      expect(error).toMatchObject({ code: 'LOGIN_REQUIRED', error: 'login_required', thirdParty: true });
      expect(error.message).toContain('сторонние cookie');
      expect(results).toEqual([]);
    });

    it('a provider of the same site (id.site.example): a plain LOGIN_REQUIRED, no hint', async () => {
      const { pending, state, answer, authorize } = await started({ authUrl: 'https://id.site.example' });
      expect(authorize.origin).toBe('https://id.site.example');
      answer({ error: 'login_required', state });
      const error = await pending.catch((e) => e);
      expect(error).toMatchObject({ code: 'LOGIN_REQUIRED', message: 'Нужен вход' });
      expect(error.thirdParty).toBeFalsy();
    });

    it('consent_required: the provider saw a session, so no hint', async () => {
      const { pending, state, answer } = await started();
      answer({ error: 'consent_required', state });
      const error = await pending.catch((e) => e);
      expect(error).toMatchObject({ code: 'LOGIN_REQUIRED', message: 'Нужен вход' });
      expect(error.thirdParty).toBeFalsy();
    });

    it.each([
      ['https://id.example', true],
      ['https://id.site.example', undefined],
    ])('a timeout with the provider at %s: thirdParty %s', async (authUrl, thirdParty) => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { pending } = await started({ authUrl });
      const outcome = pending.catch((error) => error);
      await vi.advanceTimersByTimeAsync(SILENT_TIMEOUT_MS);
      const error = await outcome;
      expect(error.code).toBe('SILENT_TIMEOUT');
      expect(error.thirdParty).toBe(thirdParty);
    });

    it.each([
      ['https://site.example/a', 'https://id.site.example:8443/b', true],
      ['http://localhost:3000/', 'http://localhost:4000/', true],
      ['http://localhost:3000/', 'http://127.0.0.1:3000/', false],
      ['http://127.0.0.1:3000/', 'http://127.0.0.1:4000/', true],
      ['http://site.example/', 'https://site.example/', false],
      ['https://a.site.example/', 'https://b.site.example/', true],
      ['https://site.example/', 'https://id.example/', false],
      ['http://[::1]:3000/', 'http://[::1]:4000/', true],
    ])('siteOf: %s and %s are one site: %s', (a, b, same) => {
      expect(siteOf(a) === siteOf(b)).toBe(same);
    });
  });

  it('is a client method too (checkSession)', async () => {
    const s = setup(`${SITE}/`);
    const pending = createClient(s.config).checkSession({ timeoutMs: 50 });
    await expect(pending).rejects.toMatchObject({ code: 'SILENT_TIMEOUT' });
  });
});

describe('the callback page inside the silent frame', () => {
  it('posts the answer to its parent page, to this exact origin, and exchanges nothing itself', async () => {
    const parent = setup(`${SITE}/cabinet`);
    const postMessage = vi.spyOn(parent.win, 'postMessage');
    const url = `${CALLBACK}?error=login_required&state=s`;
    const page = setup(url);
    Object.defineProperty(page.win, 'parent', { value: parent.win });
    page.win.name = 'gid_silent';
    await expect(createClient(page.config).handleCallback()).resolves.toBeUndefined();
    expect(postMessage).toHaveBeenCalledWith({ name: 'popup_auth', url }, SITE);
  });

  it('a frame the SDK did not make is no silent frame', async () => {
    const parent = setup(`${SITE}/`);
    const postMessage = vi.spyOn(parent.win, 'postMessage');
    const page = setup(`${CALLBACK}?error=login_required&state=s`);
    Object.defineProperty(page.win, 'parent', { value: parent.win });
    page.win.name = 'site-frame';
    // Handled here, as an answer to no flow of this page's (the state is checked first).
    await expect(createClient(page.config).handleCallback()).rejects.toMatchObject({ code: 'STATE_MISMATCH' });
    expect(postMessage).not.toHaveBeenCalled();
  });
});
