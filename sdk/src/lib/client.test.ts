import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AUTH, LOGOUT_URL, received, SITE, server, setup, TOKEN_URL, tokens, useServer } from '../test/helpers';
import { createClient } from './client';

useServer();

describe('refresh', () => {
  it('posts the refresh body and hands the tokens to callback', async () => {
    const { config, results } = setup();
    await expect(createClient(config).refresh('rt-1')).resolves.toEqual(tokens);
    expect(received[0]?.body).toEqual({ grant_type: 'refresh_token', client_id: 'demo-site', refresh_token: 'rt-1' });
    expect(results).toEqual([{ ok: true, tokens }]);
  });

  it('shares one request between concurrent refreshes of the same token', async () => {
    const client = createClient(setup().config);
    const [a, b] = await Promise.all([client.refresh('rt-1'), client.refresh('rt-1')]);
    expect(a).toBe(b);
    expect(received).toHaveLength(1);
  });

  it('an error response rejects with Token response error and never touches a login in progress', async () => {
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ error: 'invalid_grant', error_description: 'expired' }, { status: 400 })));
    const { config, win, results } = setup();
    const client = createClient(config);
    await client.buildAuthorizeUrl();
    const flow = win.sessionStorage.getItem('demo-site');
    await expect(client.refresh('rt-1')).rejects.toMatchObject({ code: 'TOKEN_RESPONSE_ERROR', message: 'Token response error' });
    expect(results).toEqual([
      { ok: false, code: 'TOKEN_RESPONSE_ERROR', error: 'invalid_grant', error_description: 'expired', status: 400 },
    ]);
    expect(win.sessionStorage.getItem('demo-site')).toBe(flow);
  });

  it('without a backend URL logs "Backend URL is not configured" and rejects', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createClient(setup(`${SITE}/`, { backendUrl: undefined }).config);
    await expect(client.refresh('rt-1')).rejects.toThrow('Backend URL is not configured');
    expect(log).toHaveBeenCalledWith('[GID SDK]', 'Backend URL is not configured');
    log.mockRestore();
  });

  it.each([undefined, '', 5])('rejects a bad refresh token %j', async (token) => {
    await expect(createClient(setup().config).refresh(token as never)).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
  });

  it('uses oauth2CodePath on backendUrl', async () => {
    server.use(http.post(`${SITE}/api/auth/gid`, () => HttpResponse.json(tokens)));
    await expect(createClient(setup(`${SITE}/`, { oauth2CodePath: '/api/auth/gid' }).config).refresh('x')).resolves.toEqual(tokens);
  });
});

describe('logout', () => {
  it('posts client_id and token to the backend, then opens the provider logout page', async () => {
    let body: unknown;
    server.use(
      http.post(LOGOUT_URL, async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { config, assign } = setup(`${SITE}/`, { postLogoutUri: `${SITE}/exit` });
    await createClient(config).logout('at-1', { idToken: 'id.token.x' });
    expect(body).toEqual({ client_id: 'demo-site', token: 'at-1' });
    const url = new URL(assign.mock.calls[0]?.[0]);
    expect(url.origin + url.pathname).toBe(`${AUTH}/oauth2/sessions/logout`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'demo-site',
      post_logout_redirect_uri: `${SITE}/exit`,
      id_token_hint: 'id.token.x',
    });
  });

  it('a failed backend call rejects with Ошибка вызова logout and stays on the page', async () => {
    server.use(http.post(LOGOUT_URL, () => new HttpResponse(null, { status: 500 })));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { config, assign } = setup();
    await expect(createClient(config).logout('at-1')).rejects.toMatchObject({ code: 'LOGOUT_ERROR', message: 'Ошибка вызова logout' });
    expect(assign).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('rejects an empty token', async () => {
    await expect(createClient(setup().config).logout('')).rejects.toMatchObject({ code: 'CONFIG_ERROR', field: 'token' });
  });
});

describe('back/forward navigation', () => {
  it('pageshow with persisted clears a stored flow', async () => {
    const { config, win } = setup();
    const client = createClient(config);
    await client.buildAuthorizeUrl();
    win.dispatchEvent(Object.assign(new win.Event('pageshow'), { persisted: true }));
    expect(win.sessionStorage.getItem('demo-site')).toBeNull();
  });

  it('a normal pageshow keeps it', async () => {
    const { config, win } = setup();
    await createClient(config).buildAuthorizeUrl();
    win.dispatchEvent(Object.assign(new win.Event('pageshow'), { persisted: false }));
    expect(win.sessionStorage.getItem('demo-site')).not.toBeNull();
  });

  it('a back_forward navigation entry clears a stored flow at start-up', () => {
    const { config, win } = setup();
    win.sessionStorage.setItem('demo-site', JSON.stringify({ code_verifier: 'v', state: 's', redirect_uri: 'r', gsid: 'g' }));
    vi.spyOn(win.performance, 'getEntriesByType').mockReturnValue([{ type: 'back_forward' }] as never);
    createClient(config);
    expect(win.sessionStorage.getItem('demo-site')).toBeNull();
  });

  it('destroy() removes the listener', async () => {
    const { config, win } = setup();
    const client = createClient(config);
    await client.buildAuthorizeUrl();
    client.destroy();
    win.dispatchEvent(Object.assign(new win.Event('pageshow'), { persisted: true }));
    expect(win.sessionStorage.getItem('demo-site')).not.toBeNull();
  });
});

describe('without a browser', () => {
  it('asks for a window instead of touching globals', () => {
    const { window: _w, ...config } = setup().config;
    expect(() => createClient(config)).toThrow(expect.objectContaining({ code: 'CONFIG_ERROR', field: 'window' }));
  });

  const noStorage = (win: Window) =>
    Object.defineProperty(win, 'sessionStorage', {
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
  const dropsWrites = (win: Window) => vi.spyOn(win.sessionStorage, 'setItem').mockImplementation(() => {});
  const full = (win: Window) =>
    vi.spyOn(win.sessionStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });

  // Leaving without stored flow data could only come back to a state mismatch.
  it.each([
    ['disabled', noStorage],
    ['keeping nothing', dropsWrites],
    ['full', full],
  ])('with session storage %s the login fails before leaving, with a clear error', async (_label, breakStorage) => {
    const { config, win, assign, results } = setup();
    breakStorage(win as unknown as Window);
    await expect(createClient(config).login()).rejects.toMatchObject({
      code: 'STORAGE_ERROR',
      message: 'Нет sessionStorage',
    });
    expect(assign).not.toHaveBeenCalled();
    expect(results).toEqual([
      {
        ok: false,
        code: 'STORAGE_ERROR',
        error: 'Нет sessionStorage',
        error_description: 'Произошла непредвиденная ошибка. Обратитесь в службу поддержки',
      },
    ]);
  });
});
