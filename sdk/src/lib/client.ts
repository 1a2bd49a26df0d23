import { buildAuthorizeUrl } from './authorize-url';
import { cleanAddressBar, completeCallback } from './callback';
import { checkOptions, resolveConfig } from './config';
import { type Context, PREFIX } from './context';
import { GidError, MSG_LOGOUT } from './errors';
import { clearFlow, readFlow } from './flow-storage';
import { randomString } from './pkce';
import { broadcastToOpener, popupLogin, postToOpener, sameOriginOpener } from './popup';
import { backendEndpoint, postJson, requestTokens } from './token';
import type { GidClient, GidConfig, GidTokens, LoginOptions } from './types';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Builds the context one client works in. Touches the browser only when called (SSR-safe import). */
export function createContext(config: GidConfig): Context {
  const cfg = resolveConfig(config);
  const win = cfg.window ?? globalThis.window;
  if (!win) throw new GidError('CONFIG_ERROR', 'Invalid config: "window" is required outside a browser', { field: 'window' });
  return {
    cfg,
    win,
    fetch: cfg.fetch ?? ((input, init) => win.fetch(input, init)),
    sid: randomString(10, LETTERS, win.crypto),
    debug: (...args) => cfg.debugConsole && console.debug(PREFIX, ...args),
    track: () => {},
    cleanup: new Set(),
  };
}

/** Back or forward navigation onto a page while a flow is stored means the flow was abandoned. */
function watchBackForward(ctx: Context): void {
  const { win, cfg } = ctx;
  const cancel = () => {
    if (!readFlow(win, cfg.clientId)) return;
    clearFlow(win, cfg.clientId);
    ctx.track('flow_canceled');
  };
  const entry = win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (entry?.type === 'back_forward') cancel();
  const onPageShow = (event: PageTransitionEvent) => event.persisted && cancel();
  win.addEventListener('pageshow', onPageShow);
  ctx.cleanup.add(() => win.removeEventListener('pageshow', onPageShow));
}

/** The client's methods over a context: the core that `init` builds on. */
export function clientFor(ctx: Context): GidClient {
  const { cfg, win } = ctx;
  const refreshing = new Map<string, Promise<GidTokens>>();

  const redirect = async (options: LoginOptions) => {
    const url = await buildAuthorizeUrl(ctx, options);
    ctx.track('login', 'redirect');
    win.location.assign(url);
  };

  const client: GidClient = {
    async login(options = {}) {
      checkOptions(options);
      // popupLogin opens the window synchronously: no await may come before it.
      return options.mode === 'popup' ? popupLogin(ctx, options, () => redirect(options)) : redirect(options);
    },

    async handleCallback(href = win.location.href) {
      const url = new URL(href, win.location.href);
      const params = url.searchParams;
      const opener = sameOriginOpener(win);
      if (!url.search) {
        if (opener) postToOpener(opener, win, '');
        return undefined;
      }
      const quuid = params.get('quuid');
      if (quuid) {
        if (opener) postToOpener(opener, win, url.href);
        else await redirect({ quuid });
        return undefined;
      }
      const state = params.get('state');
      if (!state || (!params.get('error') && (!params.get('code') || !params.get('scope')))) return undefined;
      if (opener) {
        postToOpener(opener, win, url.href);
        return undefined;
      }
      if (url.href === win.location.href) cleanAddressBar(win);
      // No flow of ours for this state: maybe a popup whose opener COOP cut off.
      if (readFlow(win, cfg.clientId)?.state !== state && (await broadcastToOpener(win, state, url.href))) {
        win.close();
        return undefined;
      }
      return completeCallback(ctx, url.href);
    },

    refresh(refreshToken) {
      if (typeof refreshToken !== 'string' || !refreshToken) {
        return Promise.reject(new GidError('CONFIG_ERROR', 'Invalid refresh token', { field: 'refreshToken' }));
      }
      // Concurrent refreshes of one token share one request (refresh tokens are often single-use).
      let pending = refreshing.get(refreshToken);
      if (!pending) {
        pending = requestTokens(ctx, { grant_type: 'refresh_token', client_id: cfg.clientId, refresh_token: refreshToken });
        refreshing.set(refreshToken, pending);
        pending.then(
          () => refreshing.delete(refreshToken),
          () => refreshing.delete(refreshToken),
        );
      }
      return pending;
    },

    async logout(token, options: { idToken?: string } = {}) {
      if (typeof token !== 'string' || !token) {
        throw new GidError('CONFIG_ERROR', 'Invalid token', { field: 'token' });
      }
      const endpoint = backendEndpoint(ctx, cfg.logoutPath);
      if (endpoint) {
        try {
          const response = await postJson(ctx, endpoint, { client_id: cfg.clientId, token });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
        } catch (cause) {
          console.error(PREFIX, MSG_LOGOUT, cause);
          throw new GidError('LOGOUT_ERROR', MSG_LOGOUT, { cause });
        }
      }
      const url = new URL(`${cfg.authUrl}/oauth2/sessions/logout`);
      url.searchParams.set('client_id', cfg.clientId);
      if (cfg.postLogoutUri) url.searchParams.set('post_logout_redirect_uri', cfg.postLogoutUri);
      if (options.idToken) url.searchParams.set('id_token_hint', options.idToken);
      ctx.track('logout');
      win.location.assign(url.href);
    },

    buildAuthorizeUrl: (options) => buildAuthorizeUrl(ctx, options),

    destroy() {
      for (const step of [...ctx.cleanup]) step();
      ctx.cleanup.clear();
    },
  };
  return client;
}

/**
 * The core client without UI, remote config or analytics: the smallest bundle for a site that
 * draws its own button. `init` is this plus everything else.
 * @example
 * const gid = createClient({ clientId, authUrl, redirectUri, backendUrl, callback });
 * button.onclick = () => gid.login({ mode: 'popup' });
 */
export function createClient(config: GidConfig): GidClient {
  const ctx = createContext(config);
  watchBackForward(ctx);
  return clientFor(ctx);
}

export { watchBackForward };
