import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH, SITE, server, setup, type TestWindow, useServer } from '../test/helpers';
import { FRAME_TIMEOUT_MS } from './frame';
import { init } from './init';

useServer();
afterEach(() => vi.useRealTimers());

const remote = (config: object) => server.use(http.get(`${AUTH}/api/v1/sdk/actions/wp-config`, () => HttpResponse.json(config)));

function page(overrides = {}) {
  const s = setup(`${SITE}/`, overrides);
  s.win.document.body.innerHTML = '<div id="a"></div><div id="b"></div><div id="c"></div>';
  return s;
}

const buttons = (win: TestWindow) => [...win.document.querySelectorAll('button')];
const frame = (win: TestWindow) => win.document.querySelector('iframe');
/** Waits (up to 2 s) for the frame without touching the (possibly fake) global timers. */
async function frameShown(win: TestWindow) {
  const until = performance.now() + 2000;
  while (!frame(win) && performance.now() < until) await new Promise((r) => setImmediate(r));
  expect(frame(win)).not.toBeNull();
}

describe('buttons', () => {
  it.each([
    ['standard', 'primary', 'Войти с Газпром ID', null],
    ['compact', 'secondary', 'Газпром ID', 'Войти с Газпром ID'],
    ['icon', 'dark', '', 'Войти с Газпром ID'],
  ] as const)('%s / %s: a real button with an accessible name', async (type, color, text, label) => {
    const { config, win } = page({ buttons: [{ container: '#a', type, color }] });
    await init(config);
    const [button] = buttons(win);
    expect(button?.type).toBe('button');
    expect(button?.className).toBe(`gid-btn gid-btn--${type} gid-btn--${color}`);
    expect(button?.textContent).toBe(text);
    expect(button?.getAttribute('aria-label')).toBe(label);
    expect(button?.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(win.document.getElementById('a')?.contains(button ?? null)).toBe(true);
  });

  it('renders every configured button, in elements or by selector, with a 7-letter session id', async () => {
    const { config, win } = page();
    const element = win.document.getElementById('c') as unknown as HTMLElement;
    await init({ ...config, buttons: [{ container: '#a' }, { container: '#b', type: 'icon' }, { container: element }] });
    const ids = buttons(win).map((b) => b.id);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toMatch(/^gid-[a-z]{7}-0$/);
  });

  it('without buttons of its own, init starts no fetch before the next frame (renderButton draws at once)', async () => {
    const { config, win } = page();
    const fetch = vi.fn(config.fetch as typeof globalThis.fetch);
    const pending = init({ ...config, fetch });
    const remove = pending.client?.renderButton?.(win.document.getElementById('a') as unknown as HTMLElement);
    expect(buttons(win)).toHaveLength(1);
    expect(fetch).not.toHaveBeenCalled();
    await pending;
    expect(fetch.mock.calls.map(([url]) => new URL(String(url)).pathname)).toContain('/api/v1/sdk/actions/wp-config');
    remove?.();
  });

  it('in the hidden frame of a silent sign-in, init waits for no frame: rAF may never come there', async () => {
    const { config, win } = page();
    win.name = 'gid_silent';
    const raf = vi.spyOn(win, 'requestAnimationFrame');
    const fetch = vi.fn(config.fetch as typeof globalThis.fetch);
    const pending = init({ ...config, fetch });
    expect(fetch).toHaveBeenCalled();
    await pending;
    expect(raf).not.toHaveBeenCalled();
  });

  it('paints before the first read of session storage; the ids follow, numbered in order', async () => {
    const { config, win } = page({ buttons: [{ container: '#a' }, { container: '#b' }] });
    const storage = win.sessionStorage;
    const reads = vi.fn(() => storage);
    Object.defineProperty(win, 'sessionStorage', { configurable: true, get: reads });
    const pending = init(config);
    // Drawn synchronously, with no storage round trip before that first paint.
    expect(buttons(win)).toHaveLength(2);
    expect(reads).not.toHaveBeenCalled();
    const later = pending.client?.renderButton?.(win.document.getElementById('c') as unknown as HTMLElement);
    expect(later).toBeTypeOf('function');
    await pending;
    expect(reads).toHaveBeenCalled();
    const ids = buttons(win).map((b) => b.id);
    const bid = ids[0]?.slice(4, 11);
    expect(ids).toEqual([`gid-${bid}-0`, `gid-${bid}-1`, `gid-${bid}-2`]);
    expect(storage.getItem('gid_bid')).toBe(bid);
    // Drawn after that: named at once.
    pending.client?.renderButton?.(win.document.getElementById('c') as unknown as HTMLElement);
    expect(buttons(win).at(-1)?.id).toBe(`gid-${bid}-3`);
  });

  it.each([
    ['en', undefined, 'standard', 'Sign in with Gazprom ID', null],
    ['en', undefined, 'compact', 'Gazprom ID', 'Sign in with Gazprom ID'],
    ['en-GB', undefined, 'icon', '', 'Sign in with Gazprom ID'],
    ['ru', undefined, 'standard', 'Войти с Газпром ID', null],
    ['de', undefined, 'standard', 'Войти с Газпром ID', null],
    ['', undefined, 'standard', 'Войти с Газпром ID', null],
    ['ru', 'en', 'standard', 'Sign in with Gazprom ID', null],
    ['en', 'ru', 'compact', 'Газпром ID', 'Войти с Газпром ID'],
  ] as const)('page lang "%s", button lang %s, %s: the words of that language', async (pageLang, lang, type, text, label) => {
    const { config, win } = page({ buttons: [{ container: '#a', type, lang }] });
    win.document.documentElement.lang = pageLang;
    await init(config);
    const [button] = buttons(win);
    expect(button?.textContent).toBe(text);
    expect(button?.getAttribute('aria-label')).toBe(label);
    expect(button?.lang).toBe(text.startsWith('Sign') || label?.startsWith('Sign') ? 'en' : 'ru');
    expect(button?.className).toBe(`gid-btn gid-btn--${type} gid-btn--primary`); // the same 56 px shapes
  });

  it('rejects a language it does not speak', async () => {
    const { config } = page({ buttons: [{ container: '#a', lang: 'fr' as never }] });
    await expect(init(config)).rejects.toMatchObject({ code: 'CONFIG_ERROR', field: 'buttons[0].lang' });
  });

  it('renders them synchronously, before init resolves', () => {
    const { config, win } = page({ buttons: [{ container: '#a' }] });
    const pending = init(config);
    expect(buttons(win)).toHaveLength(1);
    return pending;
  });

  it('hands out the client at once: more buttons draw, and sign in, before the remote config is in', async () => {
    let release: ((answer: Response) => void) | undefined;
    server.use(http.get(`${AUTH}/api/v1/sdk/actions/wp-config`, () => new Promise<Response>((resolve) => (release = resolve))));
    const { config, win, assign } = page();
    const pending = init(config);
    const client = pending.client;
    const remove = client?.renderButton?.(win.document.getElementById('b') as unknown as HTMLElement, { type: 'compact' });
    expect(buttons(win).map((b) => b.className)).toEqual(['gid-btn gid-btn--compact gid-btn--primary']);
    buttons(win)[0]?.click();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(release).toBeDefined());
    release?.(HttpResponse.json({ w_auth: false }));
    await expect(pending).resolves.toBe(client);
    remove?.();
    expect(buttons(win)).toHaveLength(0);
  });

  it('a bad config rejects, with no client handed out', async () => {
    const pending = init({ ...page().config, clientId: '' });
    expect(pending.client).toBeUndefined();
    await expect(pending).rejects.toMatchObject({ code: 'CONFIG_ERROR', field: 'clientId' });
  });

  it('a click starts the login in the button’s mode', async () => {
    const { config, win, assign } = page({ buttons: [{ container: '#a' }] });
    await init(config);
    buttons(win)[0]?.click();
    await vi.waitFor(() => expect(new URL(assign.mock.calls[0]?.[0]).pathname).toBe('/oauth2/auth'));
  });

  it('injects the styles once, with the CSP nonce, and destroy() removes buttons and styles', async () => {
    const { config, win } = page({ buttons: [{ container: '#a' }], nonce: 'n0nce' });
    const first = await init(config);
    const second = await init({ ...config, buttons: [{ container: '#b' }] });
    const styles = win.document.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.getAttribute('nonce')).toBe('n0nce');
    expect(styles[0]?.textContent).toContain('height:56px');
    // Only the buttons' rules before their first paint: the frames' come with the first frame.
    expect(styles[0]?.textContent).not.toContain('.gid-frame');
    first.destroy();
    expect(buttons(win)).toHaveLength(1);
    expect(win.document.querySelectorAll('style')).toHaveLength(1);
    second.destroy();
    expect(buttons(win)).toHaveLength(0);
    expect(win.document.querySelectorAll('style')).toHaveLength(0);
  });

  it.each([
    [[{ container: '#missing' }], 'buttons[0].container'],
    [[{ container: '#a' }, { container: '' }], 'buttons[1].container'],
    [[{ container: '#a', type: 'round' }], 'buttons[0].type'],
    [[{ container: '#a', color: 'red' }], 'buttons[0].color'],
    [[{ container: '#a', mode: 'iframe' }], 'buttons[0].mode'],
    [[null], 'buttons[0]'],
  ])('rejects %j naming %s, leaving nothing behind', async (bad, field) => {
    const { config, win } = page();
    await expect(init({ ...config, buttons: bad as never })).rejects.toMatchObject({ code: 'CONFIG_ERROR', field });
    expect(buttons(win)).toHaveLength(0);
    expect(win.document.querySelectorAll('style')).toHaveLength(0);
  });
});

describe('widget and curtain', () => {
  const message = (win: TestWindow, data: unknown, source: unknown, origin = AUTH) =>
    win.dispatchEvent(new win.MessageEvent('message', { data, origin, source: source as never }));

  it.each(['top-right', 'bottom-right', 'top-left', 'bottom-left'])('places the widget %s from w_pos', async (w_pos) => {
    remote({ w_auth: true, widget_settings: { w_pos } });
    const { config, win } = page({ scope: 'phone' });
    await init(config);
    const iframe = frame(win);
    expect(iframe?.className).toBe(`gid-frame gid-frame--${w_pos}`);
    expect(iframe?.src).toBe(`${AUTH}/oauth2/auth/v1/requests/wafa/widget?client_id=demo-site&scope=openid+phone`);
    expect(iframe?.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-storage-access-by-user-activation');
    expect(iframe?.title).toBe('Газпром ID');
  });

  // Issue 22: on a 360 px phone the widget floated over the header and the top of /login, which
  // shows its own button. A page says where, or that it floats nothing.
  it.each([
    ['top-right', 'bottom', 'bottom-right'],
    ['top-left', 'bottom', 'bottom-left'],
    ['bottom-right', 'top', 'top-right'],
    ['bottom-left', 'bottom', 'bottom-left'],
  ])('w_pos %s with the page’s widget: %s sits %s', async (w_pos, widget, placed) => {
    remote({ w_auth: true, widget_settings: { w_pos } });
    const { config, win } = page({ widget: widget as 'top' | 'bottom' });
    await init(config);
    expect(frame(win)?.className).toBe(`gid-frame gid-frame--${placed}`);
  });

  it.each([
    ['the widget', { w_auth: true, widget_settings: { w_pos: 'top-right' } }],
    ['the curtain', { web_curtain: true }],
  ])('widget: false floats neither on this page: %s stays away', async (_, remoteConfig) => {
    remote(remoteConfig);
    const { config, win } = page({ widget: false });
    const gid = await init(config);
    expect(frame(win)).toBeNull();
    // Its buttons and sign-in are all there.
    expect(typeof gid.login).toBe('function');
  });

  it('widget takes false, "top" or "bottom" only', async () => {
    const { config } = page({ widget: 'left' as never });
    await expect(init(config)).rejects.toThrow('Неверно задано «widget» (config): ожидается false | "top" | "bottom"');
  });

  it('on phones a bottom widget stays at the bottom, a top one at the top (both centred)', async () => {
    remote({ w_auth: true, widget_settings: { w_pos: 'bottom-right' } });
    const { config, win } = page();
    await init(config);
    const css = win.document.getElementById('gid-sdk-styles')?.textContent ?? '';
    const phone = css.slice(css.indexOf('@media (max-width:767px)'));
    expect(phone).toContain('left:50%');
    expect(phone).not.toMatch(/bottom:auto/);
    expect(phone).toMatch(/\.gid-frame--top-right,\.gid-frame--top-left[^{]*\{top:30px\}/);
  });

  it('the curtain is centred and uses its own page', async () => {
    remote({ web_curtain: true, w_auth: true, widget_settings: { w_pos: 'top-right' } });
    const { config, win } = page();
    await init(config);
    expect(win.document.querySelectorAll('iframe')).toHaveLength(1);
    expect(frame(win)?.className).toBe('gid-frame gid-frame--curtain');
    expect(frame(win)?.src).toContain('/oauth2/auth/v1/requests/wafa/web-curtain?client_id=demo-site&scope=openid');
  });

  it('widget enabled without settings: Не заданы настройки авторизационного виджета', async () => {
    remote({ w_auth: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { config, win } = page();
    await init(config);
    expect(error).toHaveBeenCalledWith('[GID SDK]', 'Не заданы настройки авторизационного виджета');
    expect(frame(win)).toBeNull();
    error.mockRestore();
  });

  it('shows nothing when the remote config enables nothing, or over a provider answer', async () => {
    remote({ w_auth: false, web_curtain: false });
    const { config, win } = page();
    await init(config);
    expect(frame(win)).toBeNull();
    remote({ web_curtain: true });
    const callback = setup(`${SITE}/auth/gid?code=c&state=s&scope=openid`);
    await init(callback.config);
    expect(frame(callback.win)).toBeNull();
    const plain = setup(`${SITE}/auth/gid`);
    await init(plain.config);
    expect(frame(plain.win)).not.toBeNull();
  });

  it('acts on init, resize and close from its own frame, clamping sizes', async () => {
    remote({ w_auth: true, widget_settings: { w_pos: 'top-left' } });
    const { config, win } = page();
    await init(config);
    const iframe = frame(win) as HTMLIFrameElement;
    // The frame brought its rules into the SDK's one <style>, once.
    const styles = win.document.querySelectorAll('style');
    expect(styles).toHaveLength(1);
    expect(styles[0]?.textContent?.split('.gid-frame{')).toHaveLength(2);
    const source = iframe.contentWindow;
    message(win, { source: 'gid-sdk', event: 'init', params: { minWidth: 100, minHeight: 5000 } }, source);
    expect(iframe.style.minWidth).toBe('379px');
    expect(iframe.style.minHeight).toBe('600px');
    message(win, { source: 'gid-sdk', event: 'resize', params: { height: 320 } }, source);
    expect(iframe.style.height).toBe('320px');
    message(win, { source: 'gid-sdk', event: 'resize', params: { height: 99999 } }, source);
    expect(iframe.style.height).toBe('600px');
    message(win, { source: 'gid-sdk', event: 'close', params: {} }, source);
    expect(frame(win)).toBeNull();
  });

  it("once closed, neither the widget nor the curtain floats again in the tab's session (a new session shows it)", async () => {
    remote({ w_auth: true, widget_settings: { w_pos: 'bottom-right' } });
    const { config, win } = page();
    const first = await init(config);
    message(win, { source: 'gid-sdk', event: 'close', params: {} }, (frame(win) as HTMLIFrameElement).contentWindow);
    expect(frame(win)).toBeNull();
    first.destroy();
    // The next page of the same tab (its sessionStorage kept): no widget, and no curtain either.
    remote({ w_auth: true, web_curtain: true, widget_settings: { w_pos: 'bottom-right' } });
    const again = await init(config);
    expect(frame(win)).toBeNull();
    again.destroy();
    // Another tab (its own session): the widget as before.
    remote({ w_auth: true, widget_settings: { w_pos: 'bottom-right' } });
    const other = page();
    await init(other.config);
    expect(frame(other.win)).not.toBeNull();
  });

  it.each([
    ['another origin', { source: 'gid-sdk', event: 'close' }, 'own', 'https://evil.example'],
    ['another window', { source: 'gid-sdk', event: 'close' }, 'other', AUTH],
    ['a wrong source tag', { source: 'other', event: 'close' }, 'own', AUTH],
    ['an unknown event', { source: 'gid-sdk', event: 'navigate' }, 'own', AUTH],
    ['a string', 'close', 'own', AUTH],
    ['bad params', { source: 'gid-sdk', event: 'close', params: 'x' }, 'own', AUTH],
  ])('ignores messages from %s', async (_label, data, from, origin) => {
    remote({ w_auth: true, widget_settings: { w_pos: 'top-left' } });
    const { config, win, assign } = page();
    await init(config);
    const iframe = frame(win) as HTMLIFrameElement;
    message(win, data, from === 'own' ? iframe.contentWindow : {}, origin);
    expect(frame(win)).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['another origin', 'own', 'https://evil.example'],
    ['another window', 'other', AUTH],
  ])('never signs in on a login message from %s', async (_label, from, origin) => {
    remote({ w_auth: true, widget_settings: { w_pos: 'top-left' } });
    const { config, win, assign } = page();
    await init(config);
    const iframe = frame(win) as HTMLIFrameElement;
    message(win, { source: 'gid-sdk', event: 'login', params: {} }, from === 'own' ? iframe.contentWindow : {}, origin);
    await new Promise((r) => setTimeout(r, 20));
    expect(frame(win)).not.toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['login', undefined],
    ['loginPrompt', 'login'],
  ])('%s removes the frame and signs in marked source=widget (prompt %s)', async (event, prompt) => {
    remote({ w_auth: true, widget_settings: { w_pos: 'top-right' } });
    const { config, win, assign } = page();
    await init(config);
    message(win, { source: 'gid-sdk', event, params: {} }, frame(win)?.contentWindow);
    expect(frame(win)).toBeNull();
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    const params = new URL(assign.mock.calls[0]?.[0]).searchParams;
    expect(params.get('source')).toBe('widget');
    expect(params.get('prompt')).toBe(prompt ?? null);
    // Issue 32: the redirect remembers where it started (the flow's appState comes back in callback's result).
    expect(JSON.parse(win.sessionStorage.getItem('demo-site') as string).appState).toEqual({
      returnTo: new URL(win.location.href).pathname + new URL(win.location.href).search,
    });
  });

  it('the curtain signs in by popup when webCurtainLoginType is popup', async () => {
    remote({ web_curtain: true });
    const { config, win } = page({ webCurtainLoginType: 'popup' });
    const popup = { closed: false, close: vi.fn(), focus: vi.fn(), location: { replace: vi.fn() } };
    const open = vi.fn(() => popup);
    (win as unknown as { open: unknown }).open = open;
    await init(config);
    message(win, { source: 'gid-sdk', event: 'login' }, frame(win)?.contentWindow);
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('shows a local button when the frame has not answered in 5 s', async () => {
    remote({ w_auth: true, widget_settings: { w_pos: 'top-right' } });
    const { config, win, assign } = page();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = init(config);
    await frameShown(win);
    vi.advanceTimersByTime(FRAME_TIMEOUT_MS - 1);
    expect(frame(win)).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(frame(win)).toBeNull();
    const fallback = win.document.querySelector('button.gid-fallback') as HTMLButtonElement;
    expect(fallback.textContent).toBe('Войти с Газпром ID');
    vi.useRealTimers();
    await pending;
    fallback.click();
    await vi.waitFor(() => expect(new URL(assign.mock.calls[0]?.[0]).searchParams.get('source')).toBe('widget'));
    expect(win.document.querySelector('button.gid-fallback')).toBeNull();
  });

  it('an answering frame keeps its place after 5 s', async () => {
    remote({ w_auth: true, widget_settings: { w_pos: 'top-right' } });
    const { config, win } = page();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = init(config);
    await frameShown(win);
    message(win, { source: 'gid-sdk', event: 'init', params: { minWidth: 379, minHeight: 200 } }, frame(win)?.contentWindow);
    vi.advanceTimersByTime(FRAME_TIMEOUT_MS * 2);
    expect(frame(win)).not.toBeNull();
    expect(win.document.querySelector('button.gid-fallback')).toBeNull();
    vi.useRealTimers();
    await pending;
  });

  it('destroy() removes the widget and its listener', async () => {
    remote({ w_auth: true, widget_settings: { w_pos: 'top-right' } });
    const { config, win, assign } = page();
    const client = await init(config);
    const source = frame(win)?.contentWindow;
    client.destroy();
    expect(frame(win)).toBeNull();
    message(win, { source: 'gid-sdk', event: 'login' }, source);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('device analytics', () => {
  it('loads kfpUrl with the nonce when the remote config enables it, never blocking', async () => {
    remote({ enable_kfp: true });
    const { config, win } = page({ kfpUrl: 'https://kfp.example/kfp.js', nonce: 'n1' });
    await init(config);
    const script = win.document.querySelector('script[src="https://kfp.example/kfp.js"]');
    expect(script?.getAttribute('nonce')).toBe('n1');
    expect((script as HTMLScriptElement | null)?.async).toBe(true);
  });

  it('does not load it otherwise', async () => {
    remote({ enable_kfp: false });
    const { config, win } = page({ kfpUrl: 'https://kfp.example/kfp.js' });
    await init(config);
    expect(win.document.querySelector('script')).toBeNull();
  });
});

describe('first paint', () => {
  /** Holds the page's animation frames until `paint()`: the browser's frame, run by hand. */
  function frames(win: TestWindow) {
    const pending: FrameRequestCallback[] = [];
    vi.spyOn(win, 'requestAnimationFrame').mockImplementation((callback) => pending.push(callback));
    return {
      paint: () => {
        for (const callback of pending.splice(0)) callback(0);
      },
    };
  }
  const asked = () => {
    const urls: string[] = [];
    server.events.on('request:start', ({ request }) => void urls.push(request.url));
    return urls;
  };

  it('renders the buttons and starts nothing else (no fetch) until their frame is painted', async () => {
    const urls = asked();
    const { config, win } = page({ buttons: [{ container: '#a' }] });
    const { paint } = frames(win);
    const pending = init(config);
    expect(buttons(win)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(urls).toEqual([]);
    paint();
    await pending;
    expect(urls.map((url) => new URL(url).pathname)).toEqual(['/api/v1/sdk/actions/wp-config']);
    server.events.removeAllListeners();
  });

  /** One turn of the event loop: a timer of 0 ms, due before any timer set earlier for later. */
  const turn = () => new Promise((r) => setTimeout(r, 0));

  it('once the frame is painted, waits for it to reach the screen before its own work', async () => {
    const { config, win } = page({ buttons: [{ container: '#a' }] });
    const fetch = vi.fn(config.fetch as typeof globalThis.fetch);
    const { paint } = frames(win);
    const pending = init({ ...config, fetch });
    paint();
    await turn();
    // Painted is not shown yet: a fetch or a session-storage read now would compete with the frame.
    expect(fetch).not.toHaveBeenCalled();
    expect(buttons(win)[0]?.id).toBe('');
    await pending;
    expect(fetch).toHaveBeenCalled();
    expect(buttons(win)[0]?.id).toMatch(/^gid-[a-z]{7}-0$/);
  });

  it('a provider answer on the redirect URI is taken as soon as the frame is painted', async () => {
    const s = setup(`${SITE}/auth/gid?code=c&state=s&scope=openid`, { buttons: [{ container: '#a' }] });
    s.win.document.body.innerHTML = '<div id="a"></div>';
    const fetch = vi.fn(s.config.fetch as typeof globalThis.fetch);
    const { paint } = frames(s.win);
    const pending = init({ ...s.config, fetch }).catch(() => undefined);
    paint();
    await turn();
    expect(fetch).toHaveBeenCalled();
    await pending;
  });

  it("the frame's own callback reads nothing: the address is read once the frame is painted", async () => {
    const { config, win } = page({ buttons: [{ container: '#a' }] });
    const { paint } = frames(win);
    // The page's window as the SDK sees it, recording what the SDK reads of it inside the frame.
    let inFrame = false;
    const read: PropertyKey[] = [];
    const seen = new Proxy(win, {
      get(target, key) {
        if (inFrame) read.push(key);
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const pending = init({ ...config, window: seen as unknown as Window });
    inFrame = true;
    paint();
    inFrame = false;
    // Only the task that follows the paint is queued there (reading the address took 0.1–0.3 ms of the frame).
    expect(read).toEqual(['setTimeout']);
    await pending;
  });

  it.each([
    ['a browser that holds frames back: after 100 ms', 'visible'],
    ['a hidden page: at once', 'hidden'],
  ])('no frame seen (%s), init goes on without waiting for one to settle', async (_, visibility) => {
    const { config, win } = page({ buttons: [{ container: '#a' }] });
    Object.defineProperty(win.document, 'visibilityState', { value: visibility });
    const fetch = vi.fn(config.fetch as typeof globalThis.fetch);
    const timers = vi.spyOn(win, 'setTimeout');
    frames(win); // never painted
    await init({ ...config, fetch });
    expect(fetch).toHaveBeenCalled();
    expect(buttons(win)[0]?.id).toMatch(/^gid-[a-z]{7}-0$/);
    // The 50 ms a painted frame is given to reach the screen: not waited for here.
    expect(timers.mock.calls.map(([, ms]) => ms)).not.toContain(50);
  });

  it('without buttons, or on a hidden page, there is nothing to wait for', async () => {
    const hidden = page({ buttons: [{ container: '#a' }] });
    Object.defineProperty(hidden.win.document, 'visibilityState', { value: 'hidden' });
    const held = frames(hidden.win);
    await init(hidden.config);
    const bare = page();
    frames(bare.win);
    await init(bare.config);
    held.paint();
  });
});

describe('renderButton', () => {
  it('renders one more button bound to the same client, with its own id, and removes it', async () => {
    const { config, win, assign } = page({ buttons: [{ container: '#a' }] });
    const client = await init(config);
    const target = win.document.getElementById('b') as unknown as HTMLElement;
    const remove = client.renderButton?.(target, { type: 'icon', color: 'dark' });
    const all = buttons(win);
    expect(all).toHaveLength(2);
    expect(new Set(all.map((b) => b.id)).size).toBe(2);
    expect(all[1]?.className).toBe('gid-btn gid-btn--icon gid-btn--dark');
    all[1]?.click();
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    remove?.();
    expect(buttons(win)).toHaveLength(1);
    client.destroy();
    expect(buttons(win)).toHaveLength(0);
  });

  it('checks its options', async () => {
    const { config, win } = page();
    const client = await init(config);
    const target = win.document.getElementById('b') as unknown as HTMLElement;
    expect(() => client.renderButton?.(target, { type: 'round' as never })).toThrow(
      expect.objectContaining({ code: 'CONFIG_ERROR', field: 'buttons[0].type' }),
    );
  });

  it('is not on the core client', async () => {
    const { createClient } = await import('./client');
    expect(createClient(page().config).renderButton).toBeUndefined();
  });
});
