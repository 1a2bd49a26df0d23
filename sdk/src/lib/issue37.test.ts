// Issue 37: errors that name their cause. An unknown client, a popup left on another page than
// the redirect URI, the code beside the message in `callback`, `redirectUri`'s two messages, the
// token call's URL in the debug console.
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH, SITE, server, setup, TOKEN_URL, useServer } from '../test/helpers';
import { createClient } from './client';
import { init } from './init';
import { MSG_ASTRAY, POLL_MS } from './popup';
import { refreshTokens } from './token';

useServer();
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const unknownClient = () =>
  server.use(http.get(`${AUTH}/api/v1/sdk/actions/wp-config`, () => HttpResponse.json({ error: 'unknown client' }, { status: 404 })));

describe('an unknown client (the remote config answers 404)', () => {
  it('is a CONFIG_ERROR naming clientId, in callback and the console, and no popup opens after it', async () => {
    unknownClient();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const s = setup(`${SITE}/`, { clientId: 'not-registered' });
    const open = vi.fn(() => null);
    (s.win as unknown as { open: unknown }).open = open;
    const client = await init(s.config);
    expect(s.results).toEqual([
      expect.objectContaining({ ok: false, code: 'CONFIG_ERROR', error: expect.stringContaining('«not-registered»') }),
    ]);
    expect(String(s.results[0]?.ok === false && s.results[0].error)).toContain('clientId');
    expect(log.mock.calls.flat().join(' ')).toContain('«not-registered»');
    await expect(client.login({ mode: 'popup' })).rejects.toMatchObject({ code: 'CONFIG_ERROR', field: 'clientId' });
    expect(open).not.toHaveBeenCalled();
    expect(s.results).toHaveLength(2);
  });

  it('another failure of the remote config stays a warning: sign-in goes on', async () => {
    server.use(http.get(`${AUTH}/api/v1/sdk/actions/wp-config`, () => new HttpResponse(null, { status: 500 })));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = setup(`${SITE}/`);
    const client = await init(s.config);
    expect(s.results).toEqual([]);
    await client.login();
    expect(s.assign).toHaveBeenCalled();
  });
});

describe('a popup left on a page that is not the redirect URI', () => {
  it('is said in the opener’s console, once, with both addresses', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const s = setup(`${SITE}/login`);
    const location = { replace: vi.fn(), href: 'about:blank', search: '', origin: 'null', pathname: 'blank' };
    const popup = { closed: false, close: vi.fn(), focus: vi.fn(), location };
    (s.win as unknown as { open: unknown }).open = () => popup;
    const client = createClient(s.config);
    client.login({ mode: 'popup' }).catch(() => {});
    await vi.waitFor(() => expect(location.replace).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(POLL_MS * 2);
    expect(log).not.toHaveBeenCalled();
    // The provider sent it back to the site's home page (a `redirectUri` the site's pages do not answer on).
    const state = JSON.parse(s.win.sessionStorage.getItem('demo-site')!).state;
    Object.assign(location, { href: `${SITE}/?code=c&state=${state}`, search: `?code=c&state=${state}`, origin: SITE, pathname: '/' });
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]).toEqual(['[GID SDK]', MSG_ASTRAY, `${SITE}/?code=c&state=${state}`, `${SITE}/auth/gid`]);
    client.destroy();
  });

  it('says nothing while the popup is on the redirect URI (its page hands the answer over)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const s = setup(`${SITE}/login`);
    const location = { replace: vi.fn(), href: 'about:blank', search: '', origin: 'null', pathname: 'blank' };
    const popup = { closed: false, close: vi.fn(), focus: vi.fn(), location };
    (s.win as unknown as { open: unknown }).open = () => popup;
    const client = createClient(s.config);
    client.login({ mode: 'popup' }).catch(() => {});
    await vi.waitFor(() => expect(location.replace).toHaveBeenCalled());
    const state = JSON.parse(s.win.sessionStorage.getItem('demo-site')!).state;
    const search = `?code=c&state=${state}&scope=openid`;
    Object.assign(location, { href: `${SITE}/auth/gid${search}`, search, origin: SITE, pathname: '/auth/gid' });
    await vi.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(log).not.toHaveBeenCalled();
    client.destroy();
  });
});

describe('callback gets the code beside the words', () => {
  it('a closed popup, a token error: `code` is the stable code, `error` the words', async () => {
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ error: 'invalid_grant' }, { status: 400 })));
    const s = setup();
    await expect(refreshTokens(s.config, 'rt')).rejects.toMatchObject({ code: 'TOKEN_RESPONSE_ERROR' });
    expect(s.results).toEqual([expect.objectContaining({ ok: false, code: 'TOKEN_RESPONSE_ERROR', error: 'invalid_grant' })]);
  });
});

describe('redirectUri’s messages', () => {
  it('a missing one is required, a relative one must be absolute, loopback http is accepted', () => {
    const { config } = setup();
    expect(() => createClient({ ...config, redirectUri: undefined as never })).toThrow(
      'Неверно задано «redirectUri» (config): обязательно',
    );
    expect(() => createClient({ ...config, redirectUri: '/auth/gid' })).toThrow(/«redirectUri».*ожидается абсолютный https:\/\//);
    expect(() => createClient({ ...config, redirectUri: 'http://example.com/auth/gid' })).toThrow(/абсолютный https:\/\//);
    expect(() => createClient({ ...config, redirectUri: 'http://localhost:5173/auth/gid' })).not.toThrow();
    expect(() => createClient({ ...config, redirectUri: 'http://127.0.0.1:5173/auth/gid' })).not.toThrow();
  });

  it('every message is in Russian (no English sentence left in the config errors)', () => {
    const { config } = setup();
    for (const bad of [{ clientId: '' }, { callback: 1 }, { scope: 5 }, { storage: 'x' }, { leeway: -1 }]) {
      try {
        createClient({ ...config, ...(bad as object) });
        expect.unreachable();
      } catch (error) {
        expect((error as Error).message).toMatch(/^Неверно задано «\w+» \(config\): (ожидается|обязательно)/);
      }
    }
  });
});

describe('the token call’s URL', () => {
  it('with debugConsole, a failed call names the URL it went to', async () => {
    server.use(http.post(`${SITE}/wrong/path`, () => new HttpResponse(null, { status: 404 })));
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const s = setup(`${SITE}/`, { debugConsole: true, oauth2CodePath: '/wrong/path' });
    await expect(refreshTokens(s.config, 'rt')).rejects.toMatchObject({ code: 'TOKEN_ERROR', status: 404 });
    expect(debug.mock.calls.some((call) => call.includes(`${SITE}/wrong/path`) && call.includes(404))).toBe(true);
  });

  it('a network failure names it too', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const s = setup(`${SITE}/`, { debugConsole: true, fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(refreshTokens(s.config, 'rt')).rejects.toMatchObject({ code: 'TOKEN_ERROR' });
    expect(debug.mock.calls.some((call) => call.includes(`${SITE}/api/v0.3/backend/oauth/token`))).toBe(true);
  });
});
