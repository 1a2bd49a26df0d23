import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningIdp, startIdp } from './server';
import { Browser, relaxedSmsPolicy, signIn, tempDir } from './testing';

let idp: RunningIdp;
let dir: Awaited<ReturnType<typeof tempDir>>;
const REACT_ORIGIN = 'http://127.0.0.1:45123';

beforeAll(async () => {
  dir = await tempDir();
  idp = await startIdp({ demo: true, sms: relaxedSmsPolicy, port: 0, dataDir: dir.path, clientOrigins: { 'example-react': REACT_ORIGIN } });
});
afterAll(async () => {
  await idp?.close();
  await dir?.remove();
});

describe('wp-config', () => {
  it('returns the client remote config, readable from any origin', async () => {
    const response = await fetch(`${idp.url}/api/v1/sdk/actions/wp-config?client_id=demo-site`, {
      headers: { origin: 'http://example.test' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(await response.json()).toEqual({
      w_auth: true,
      widget_settings: { w_pos: 'top-right' },
      web_curtain: false,
      trackers: {
        goya: `${idp.url}/api/v1/analytics/event?tracker=goya`,
        tracking_receiver: `${idp.url}/api/v1/analytics/event?tracker=tracking_receiver`,
      },
      enable_kfp: false,
      external_id: 'demo-site',
    });
  });

  it.each(['?client_id=nobody', '', '?client_id=', '?client_id=a&client_id=b'])('answers 404 client_not_found for %j', async (query) => {
    const response = await fetch(`${idp.url}/api/v1/sdk/actions/wp-config${query}`);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await response.json()) as Record<string, unknown>;
    if (query.includes('&')) {
      expect(response.status).toBe(400);
      expect(body.error).toBe('invalid_request');
    } else {
      expect(response.status).toBe(404);
      expect(body).toEqual({ error: 'client_not_found', error_description: expect.any(String) });
    }
  });
});

describe('widget and curtain pages', () => {
  const widget = (query: string, ua = new Browser(idp.url)) => ua.go(`/oauth2/auth/v1/requests/wafa/widget?${query}`);

  it('posts only to the registered origin and may be framed only by it', async () => {
    const page = await widget('client_id=demo-site&scope=openid+phone');
    expect(page.status).toBe(200);
    expect(page.body).toContain('var TARGET_ORIGIN = "http://127.0.0.1:3000";');
    expect(page.body).toContain("window.parent.postMessage({ source: 'gid-sdk', event: event, params: params || {} }, TARGET_ORIGIN)");
    expect(page.body).not.toContain("'*'");
    expect(page.body).toContain("post('init', { minWidth: 379, minHeight: last })");
    expect(page.body).toContain("post('resize', { height: now })");
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:3000');
    expect(page.headers.get('x-frame-options')).toBeNull();
  });

  it('offers «Войти с Газпром ID» and a close button without a session', async () => {
    const page = await widget('client_id=demo-site&scope=openid+phone');
    expect(page.body).toContain('data-gid-event="login">Войти с Газпром ID</button>');
    expect(page.body).toContain('data-gid-event="close" aria-label="Закрыть"');
    expect(page.body).not.toContain('Войти другим аккаунтом');
  });

  it('greets the signed-in person and offers another account', async () => {
    const ua = new Browser(idp.url);
    await signIn(ua, idp.url, '+79990000002');
    const page = await widget('client_id=demo-site&scope=openid+phone', ua);
    expect(page.body).toContain('data-gid-event="login">Продолжить как Мария Смирнова</button>');
    expect(page.body).toContain('data-gid-event="loginPrompt">Войти другим аккаунтом</button>');
  });

  it('follows a client moved to another origin', async () => {
    const page = await new Browser(idp.url).go('/oauth2/auth/v1/requests/wafa/web-curtain?client_id=example-react&scope=openid');
    expect(page.body).toContain(`var TARGET_ORIGIN = "${REACT_ORIGIN}";`);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${REACT_ORIGIN}`);
    expect(page.body).toContain('Вход через Газпром ID');
    expect(page.body).toContain('>Войти с Газпром ID</button>');
  });

  it.each([
    ['client_id=nobody', 'Сервис с таким client_id не зарегистрирован'],
    ['', 'Неверные параметры'],
    ['client_id=demo-site&scope=%3Cscript%3E', 'Неверные параметры'],
  ])('refuses %j with a 400 page', async (query, message) => {
    const page = await widget(query);
    expect(page.status).toBe(400);
    expect(page.body).toContain(message);
    expect(page.body).not.toContain('<script>');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('analytics receiver', () => {
  it('records any fields, answers 204 with open CORS, lists newest first', async () => {
    const response = await fetch(`${idp.url}/api/v1/analytics/event?tracker=goya&action=init&label=widget`, {
      headers: { origin: 'http://127.0.0.1:3000' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    await fetch(`${idp.url}/api/v1/analytics/event?action=login&gsid=abc`);
    const { events } = (await (await fetch(`${idp.url}/api/v1/analytics/events?format=json`)).json()) as {
      events: { fields: Record<string, string>; origin?: string }[];
    };
    expect(events[0]?.fields).toEqual({ action: 'login', gsid: 'abc' });
    expect(events[1]).toMatchObject({ origin: 'http://127.0.0.1:3000', fields: { tracker: 'goya', action: 'init', label: 'widget' } });
    const html = await (await fetch(`${idp.url}/api/v1/analytics/events`)).text();
    expect(html).toContain('События аналитики');
  });

  it('lists events only in demo mode: a production idp records them but shows them to nobody', async () => {
    const production = await startIdp({ port: 0, dataDir: dir.path });
    try {
      expect((await fetch(`${production.url}/api/v1/analytics/event?action=login&gsid=secret-session`)).status).toBe(204);
      for (const query of ['', '?format=json', '?format=html']) {
        const listing = await fetch(`${production.url}/api/v1/analytics/events${query}`);
        expect(listing.status).toBe(404);
        expect(await listing.text()).not.toContain('secret-session');
      }
      expect(await (await fetch(`${production.url}/`)).text()).not.toContain('/api/v1/analytics/events');
    } finally {
      await production.close();
    }
  });

  it.each(['', `?big=${'x'.repeat(3000)}`, '?bad%20key=1'])('refuses %j', async (query) => {
    const response = await fetch(`${idp.url}/api/v1/analytics/event${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });
});
