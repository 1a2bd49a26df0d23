import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AUTH, received, SITE, server, setup, tokens, useServer } from '../test/helpers';
import { init } from './init';

useServer();

const GOYA = 'https://goya.example/event';
const RECEIVER = 'https://receiver.example/track';

/** Records analytics beacons sent to the two tracker URLs. */
function beacons() {
  const sent: URL[] = [];
  server.use(
    http.get(GOYA, ({ request }) => {
      sent.push(new URL(request.url));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(RECEIVER, ({ request }) => {
      sent.push(new URL(request.url));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

describe('init', () => {
  it('fetches the remote config for the client', async () => {
    let asked: URL | undefined;
    server.use(
      http.get(`${AUTH}/api/v1/sdk/actions/wp-config`, ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json({ w_auth: false });
      }),
    );
    await init(setup().config);
    expect(asked?.searchParams.get('client_id')).toBe('demo-site');
  });

  it.each([
    ['a network error', () => HttpResponse.error()],
    ['a 500', () => new HttpResponse('down', { status: 500 })],
    ['not JSON', () => new HttpResponse('<html>', { status: 200 })],
    ['a JSON array', () => HttpResponse.json([])],
  ])('logs a failed remote config (%s) and goes on', async (_label, resolver) => {
    server.use(http.get(`${AUTH}/api/v1/sdk/actions/wp-config`, resolver));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { config, assign } = setup();
    const client = await init(config);
    expect(warn).toHaveBeenCalledWith('[GID SDK]', 'Ошибка инициализации системы авторизации', expect.anything());
    await client.login();
    expect(assign).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('rejects a bad config with CONFIG_ERROR', async () => {
    await expect(init({ ...setup().config, clientId: '' })).rejects.toMatchObject({ code: 'CONFIG_ERROR', field: 'clientId' });
  });

  it('processes a callback found on the redirect URI', async () => {
    const first = setup();
    const starter = await init(first.config);
    await starter.buildAuthorizeUrl();
    const flow = first.win.sessionStorage.getItem('demo-site') ?? '';
    const { state } = JSON.parse(flow);
    const back = setup(`${SITE}/auth/gid?code=c-9&state=${state}&scope=openid`);
    back.win.sessionStorage.setItem('demo-site', flow);
    await init(back.config);
    expect(back.results).toEqual([{ ok: true, tokens }]);
    expect(received[0]?.body).toMatchObject({ code: 'c-9' });
    expect(back.win.location.href).toBe(`${SITE}/auth/gid`);
  });

  it('resolves even when the callback fails; the error reaches callback', async () => {
    const back = setup(`${SITE}/auth/gid?code=c&state=nope&scope=openid`);
    await expect(init(back.config)).resolves.toBeDefined();
    expect(back.results[0]).toMatchObject({ ok: false, error: 'Ошибка авторизации' });
  });

  it('leaves other pages’ query strings alone', async () => {
    const page = setup(`${SITE}/search?code=1&state=2&scope=openid`);
    await init(page.config);
    expect(page.results).toEqual([]);
    expect(page.win.location.href).toBe(`${SITE}/search?code=1&state=2&scope=openid`);
  });
});

describe('analytics', () => {
  it('sends nothing unless tracking is configured', async () => {
    const sent = beacons();
    const { config } = setup();
    const client = await init(config);
    await client.login();
    expect(sent).toEqual([]);
  });

  it('sends fire-and-forget GETs with the spec fields to the configured trackers', async () => {
    const sent = beacons();
    const { config, win } = setup(`${SITE}/page?secret=1`, {
      goyaUrl: GOYA,
      cid: 'c1',
      product_name: 'tickets',
      session_id: 's1',
      appmetrica_device_id: 'd1',
    });
    Object.defineProperty(win.navigator, 'userAgent', { value: `Agent/${'x'.repeat(400)}` });
    const client = await init(config);
    await client.login();
    await vi.waitFor(() => expect(sent.map((u) => u.searchParams.get('action'))).toEqual(['init', 'login']));
    const login = Object.fromEntries(sent[1]?.searchParams ?? []);
    for (const field of [
      'category',
      'action',
      'label',
      'name',
      'screen_size',
      'timestamp',
      'timezone',
      'page_url',
      'event_group',
      'element_location',
      'touch_point',
      'req_id',
    ]) {
      expect(login[field], field).toBeTruthy();
    }
    expect(login).toMatchObject({ cid: 'c1', session_id: 's1', product_name: 'tickets', appmetrica_device_id: 'd1', label: 'redirect' });
    expect(login.gsid).toBe(JSON.parse(win.sessionStorage.getItem('demo-site') ?? '{}').gsid);
    expect(login.page_url).toBe(`${SITE}/page`);
    expect(login.user_agent).toHaveLength(256);
  });

  it('reads the time zone from Temporal where the browser has it, without Intl (whose first call is a long task)', async () => {
    const sent = beacons();
    const { config, win } = setup(SITE, { goyaUrl: GOYA });
    Object.defineProperty(win, 'Temporal', { value: { Now: { timeZoneId: () => 'Asia/Yekaterinburg' } }, configurable: true });
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const client = await init(config);
      await client.login();
      await vi.waitFor(() => expect(sent).toHaveLength(2));
      expect(sent.map((u) => u.searchParams.get('timezone'))).toEqual(['Asia/Yekaterinburg', 'Asia/Yekaterinburg']);
      expect(intl).not.toHaveBeenCalled();
    } finally {
      intl.mockRestore();
    }
  });

  it('falls back to Intl for the time zone where Temporal is missing', async () => {
    const sent = beacons();
    const { config, win } = setup(SITE, { goyaUrl: GOYA });
    expect((win as unknown as { Temporal?: unknown }).Temporal).toBeUndefined();
    await init(config);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.searchParams.get('timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('takes tracker URLs from the remote config', async () => {
    const sent = beacons();
    server.use(
      http.get(`${AUTH}/api/v1/sdk/actions/wp-config`, () => HttpResponse.json({ trackers: { goya: GOYA, tracking_receiver: RECEIVER } })),
    );
    await init(setup().config);
    await vi.waitFor(() => expect(sent.map((u) => u.origin).sort()).toEqual(['https://goya.example', 'https://receiver.example']));
  });

  it('ignores tracker URLs that are not https', async () => {
    const sent = beacons();
    server.use(
      http.get(`${AUTH}/api/v1/sdk/actions/wp-config`, () =>
        HttpResponse.json({ trackers: { goya: 'javascript:alert(1)', tracking_receiver: 'http://x.example' } }),
      ),
    );
    await init(setup().config);
    await new Promise((r) => setTimeout(r, 30));
    expect(sent).toEqual([]);
  });

  it('a failing tracker never breaks sign-in', async () => {
    server.use(http.get(GOYA, () => HttpResponse.error()));
    const { config, assign } = setup(`${SITE}/`, { goyaUrl: GOYA });
    const client = await init(config);
    await client.login();
    expect(assign).toHaveBeenCalled();
  });
});
