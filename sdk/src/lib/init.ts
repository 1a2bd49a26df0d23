import { createTracker, trackerUrls } from './analytics';
import { checkButtons, renderButtons } from './buttons';
import { hostOf } from './callback';
import { clientFor, watchBackForward } from './client';
import { CLIENT_RULES, CORE_RULES, check, INIT_RULES, LOGIN_RULES, LOGOUT_RULES } from './config';
import { type Context, createContext, failure, PREFIX } from './context';
import { MSG_WIDGET } from './errors';
import { sessionValue } from './flow-storage';
import { FRAME_CLOSED_KEY, openFrame, WIDGET_POSITIONS } from './frame';
import { randomString } from './pkce';
import { SILENT_NAME } from './popup-channel';
import { fetchRemoteConfig, type RemoteConfig } from './remote-config';
import { useStyles } from './styles';
import type { GidButtonConfig, GidClient, GidConfig } from './types';

/** True when the page is the configured redirect URI (same origin and path). */
const onRedirectUri = (ctx: Context): boolean => {
  const here = ctx.win.location;
  const target = new URL(ctx.cfg.redirectUri);
  return here.origin === target.origin && here.pathname === target.pathname;
};

/** True when the address carries a provider answer: no widget or curtain over it. */
const carriesAnswer = (ctx: Context): boolean => {
  const params = new URLSearchParams(ctx.win.location.search);
  return ['code', 'state', 'error', 'quuid'].some((name) => params.has(name));
};

/** What the remote config turns on: the web curtain, else the widget; and the device-analytics script. */
function showRemoteUi(ctx: Context, client: GidClient, remote: RemoteConfig): void {
  // A redirect sign-in remembers where it started: `appState.returnTo`, this page's path (see `callback`).
  const { pathname, search, hash } = ctx.win.location;
  const login = (prompt: boolean) =>
    client
      .login({
        mode: ctx.cfg.webCurtainLoginType ?? 'redirect',
        source: 'widget',
        appState: { returnTo: pathname + search + hash },
        ...(prompt ? { prompt: 'login' } : {}),
      })
      .catch(() => {});
  const { widget } = ctx.cfg;
  // `widget: false`: this page floats neither (it shows its own button); nor once the person closed one in this tab.
  let closed = false;
  try {
    closed = !!ctx.win.sessionStorage.getItem(FRAME_CLOSED_KEY);
  } catch {}
  const floats = widget !== false && !closed;
  if (floats && remote.web_curtain) openFrame(ctx, 'web-curtain', '', login);
  else if (floats && remote.w_auth) {
    const position = remote.widget_settings?.w_pos;
    // The page's `widget: 'top' | 'bottom'` overrides the vertical half of `w_pos`, keeping its side.
    if (typeof position === 'string' && WIDGET_POSITIONS.includes(position))
      openFrame(ctx, 'widget', widget ? position.replace(/^[a-z]+/, widget) : position, login);
    else console.error(PREFIX, MSG_WIDGET);
  }
  if (remote.enable_kfp && ctx.cfg.kfpUrl) {
    // Device analytics never blocks sign-in: async, and a failure is only logged.
    const script = ctx.win.document.createElement('script');
    script.src = ctx.cfg.kfpUrl;
    script.async = true;
    if (ctx.cfg.nonce) script.setAttribute('nonce', ctx.cfg.nonce);
    script.onerror = () => console.warn(PREFIX, 'kfp script failed to load');
    ctx.win.document.head.append(script);
    ctx.cleanup.add(() => script.remove());
  }
}

/**
 * The provider does not know this client (its remote config answered 404): a `CONFIG_ERROR`
 * naming `clientId` reaches `callback` and the console now, and again for every sign-in asked for
 * after, which is refused before a popup opens or the page leaves.
 */
function refuse(ctx: Context, client: GidClient): void {
  const refused = () => {
    const error = failure(ctx, 'CONFIG_ERROR', MSG_UNKNOWN_CLIENT(ctx.cfg.clientId), { field: 'clientId' }, false);
    console.error(PREFIX, error.message);
    return error;
  };
  refused();
  client.login = async () => {
    throw refused();
  };
}

/** The `CONFIG_ERROR` of a client the provider does not know. */
export const MSG_UNKNOWN_CLIENT = (clientId: string): string => `Газпром ID не знает клиента «${clientId}»: проверьте clientId (404)`;

/**
 * Resolves once the frame now being prepared has been painted: a task queued from a
 * `requestAnimationFrame` callback runs after that frame's paint. The callback itself runs inside
 * the frame, before its paint, so it does nothing else: what the caller does next (such as reading
 * the address) comes after the paint. A hidden page paints nothing, so there is nothing to wait for;
 * the timeout covers a browser that holds frames back. Those two resolve with `true`: no frame was seen.
 */
export const afterPaint = (win: Window): Promise<true | undefined> =>
  new Promise((resolve) => {
    if (win.document.visibilityState === 'hidden' || !win.requestAnimationFrame) return resolve(true);
    // Whichever comes first resolves; the other's call does nothing.
    win.setTimeout(resolve, 100, true);
    win.requestAnimationFrame(() => win.setTimeout(resolve));
  });

/**
 * How long the SDK's own work waits after the buttons' frame is painted, so that it is on the
 * screen first. Painted is not yet shown: the frame is still rasterised and drawn by other threads
 * and processes, and work started at once (a session-storage read and a fetch both talk to the
 * browser process) competes with that. In Chromium on 2 cores, waiting 50 ms more took the
 * buttons' time to the screen over a hand-written button's from 1.0 ms to −0.4–0.0 ms (the median
 * of three runs of `bench/paint.mjs`). The remote config and the ids come that much later.
 */
const SETTLE_MS = 50;

/**
 * What `init` returns: the promise of the started client, carrying that client at once.
 * @example
 * const pending = GidSdk.init(config);
 * pending.client?.renderButton?.(document.getElementById('more')!);
 * const gid = await pending;
 */
export type GidInit = Promise<GidClient> & {
  /**
   * The same client, there as soon as `init` returns (undefined after a bad config): its buttons
   * are drawn and it signs in already; the promise settles once the remote config (and, on the
   * redirect URI, the callback) has been processed.
   */
  readonly client?: GidClient;
};

/**
 * Starts the SDK on a page: validates the config and renders the buttons synchronously, so they
 * are in the first paint; then, once the next frame is painted (with or without buttons of its
 * own, so a page drawing with `renderButton` right after is not held up), gives the buttons their
 * session-scoped ids (`gid-{7 letters}-{n}`), fetches the remote config (widget,
 * curtain, trackers, device analytics), watches back/forward navigation and, on the redirect URI,
 * processes the provider's callback. Resolves with the client once that is done; callback errors
 * reach `config.callback`. The returned promise's `client` is that client at once, for drawing
 * more buttons (`renderButton`) before the remote config is in.
 * @example
 * const gid = await GidSdk.init({ clientId: 'my-site', authUrl: 'https://id.example',
 *   redirectUri: location.origin + '/auth/gid', backendUrl: location.origin,
 *   buttons: [{ container: '#gid-login' }], callback: console.log });
 * @see accounts-sso.md 4.4, 7.2
 */
export function init(config: GidConfig): GidInit {
  let started: [Context, GidClient, () => void];
  try {
    started = start(config);
  } catch (error) {
    return Promise.reject(error);
  }
  return Object.assign(run(...started), { client: started[1] });
}

/** `init`'s synchronous part: the checked config, its client, the styles and the config's buttons. */
function start(config: GidConfig): [Context, GidClient, () => void] {
  check('config', config, CORE_RULES, LOGIN_RULES, LOGOUT_RULES, CLIENT_RULES, INIT_RULES);
  const ctx = createContext(config);
  checkButtons(ctx.cfg.buttons);
  // The redirect URI page in the SDK's own popup or silent frame only hands the answer over: no
  // stored tokens, refreshes or tab channel (a refresh the opener then cuts off would lose the
  // rotated refresh token), no remote config, analytics or UI (see `run`).
  if (onRedirectUri(ctx) && hostOf(ctx.win)) {
    ctx.answering = true;
    ctx.cfg = { ...ctx.cfg, storage: undefined, autoRefresh: false };
  }
  const client = clientFor(ctx);
  const doc = ctx.win.document;
  ctx.cleanup.add(useStyles(doc, ctx.cfg.nonce));
  // The buttons' ids: the session-scoped button id (7 letters, kept for the browser session),
  // numbered per button. The first read of session storage in a tab is a synchronous round trip
  // to the browser (milliseconds on a cold load), so the buttons are painted first and get their
  // ids once that frame is out (`nameButtons`); later ones get theirs at once.
  let buttonId: string | undefined;
  const unnamed: [HTMLButtonElement, number][] = [];
  let buttonCount = 0;
  const name = (element: HTMLButtonElement, n: number) => {
    element.id = `gid-${buttonId}-${n}`;
  };
  const nameButtons = () => {
    buttonId ??= sessionValue(ctx, 'gid_bid', () => randomString(7, ctx.win.crypto, true).toLowerCase());
    for (const [element, n] of unnamed.splice(0)) name(element, n);
  };
  const render = (buttons: GidButtonConfig[]) => {
    const remove = renderButtons(
      doc,
      buttons,
      (element) => (buttonId ? name(element, buttonCount++) : unnamed.push([element, buttonCount++])),
      (button) => client.login({ mode: button.mode }).catch(() => {}),
    );
    ctx.cleanup.add(remove);
    return () => {
      remove();
      ctx.cleanup.delete(remove);
    };
  };
  client.renderButton = (container, options = {}) => {
    const button = { ...options, container };
    checkButtons([button]);
    return render([button]);
  };
  const buttons = ctx.cfg.buttons ?? [];
  try {
    if (buttons.length) render(buttons);
  } catch (error) {
    client.destroy();
    throw error;
  }
  return [ctx, client, nameButtons];
}

/** `init`'s asynchronous part, after the buttons' first paint: remote config, analytics, callback. */
async function run(ctx: Context, client: GidClient, nameButtons: () => void): Promise<GidClient> {
  // Events raised before the remote config arrives are held, then sent or dropped (this runs
  // synchronously within `init`, before its first await).
  if (ctx.answering) {
    await client.handleCallback().catch(() => undefined);
    return client;
  }
  const queued: [string, string?, string?][] = [];
  ctx.trackEvent = (...event) => void queued.push(event);
  // Nothing else may delay the first paint: starting a fetch alone costs milliseconds (about 10
  // ms with the back/forward check and the callback on a cold load). Also without buttons of its
  // own: `@gid/sdk-react` and sites drawing with `renderButton` right after `init` draw theirs now.
  // Not in the hidden frame of a silent sign-in: it paints nothing, and its answer is awaited.
  // Nor does a provider's answer on the redirect URI wait for the frame to settle: the visitor is
  // waiting for the sign-in, not for the buttons. The address is read for that once the frame is
  // painted, not in the frame's own callback (its first read took 0.1–0.3 ms before the paint).
  if (ctx.win.name !== SILENT_NAME && !(await afterPaint(ctx.win)) && !(carriesAnswer(ctx) && onRedirectUri(ctx)))
    await new Promise((resolve) => ctx.win.setTimeout(resolve, SETTLE_MS));
  // Every step after an await checks that the client is alive: `destroy()` may have come first.
  if (ctx.dead) return client;
  nameButtons();
  watchBackForward(ctx);
  const answer = carriesAnswer(ctx);
  const remotePromise = fetchRemoteConfig(ctx);
  const callback = onRedirectUri(ctx) ? client.handleCallback().catch(() => undefined) : undefined;
  const remote = await remotePromise;
  if (ctx.dead) return client;
  if (remote === false) refuse(ctx, client);
  const urls = trackerUrls(ctx, remote || undefined);
  ctx.trackEvent = urls.length ? createTracker(ctx, urls) : () => {};
  for (const event of queued.splice(0)) ctx.trackEvent(...event);
  ctx.trackEvent('init');
  if (remote && !answer) showRemoteUi(ctx, client, remote);
  await callback;
  return client;
}
