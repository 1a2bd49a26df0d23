import { authorizeUrl, redirectLogin } from './authorize-url';
import { handleCallback } from './callback';
import { CORE_RULES, check, LOGIN_RULES, LOGOUT_RULES, MODE_RULES } from './config';
import { type Context, createContext } from './context';
import { clearFlow, readFlow } from './flow-storage';
import { endSession } from './logout';
import { popupLogin } from './popup';
import { silentLogin } from './silent';
import { refresh } from './token';
import type { GidClient, GidConfig } from './types';

/** Back or forward navigation onto a page while a flow is stored means the flow was abandoned. */
export function watchBackForward(ctx: Context): void {
  const { win } = ctx;
  const cancel = () => {
    if (!readFlow(ctx)) return;
    clearFlow(ctx);
    ctx.track('flow_canceled');
  };
  const entry = win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (entry?.type === 'back_forward') cancel();
  const onPageShow = (event: PageTransitionEvent) => event.persisted && cancel();
  win.addEventListener('pageshow', onPageShow);
  ctx.cleanup.add(() => win.removeEventListener('pageshow', onPageShow));
}

/** The client's methods over a context: the same functions as the function-style API, bound to one context. */
export function clientFor(ctx: Context): GidClient {
  return {
    async login(options = {}) {
      check('login options', options, MODE_RULES);
      // popupLogin opens the window synchronously: no await may come before it.
      if (options.mode === 'popup') await popupLogin(ctx, options);
      else await redirectLogin(ctx, options);
    },
    handleCallback: (url) => handleCallback(ctx, url),
    checkSession: (options) => silentLogin(ctx, options),
    refresh: (refreshToken) => refresh(ctx, refreshToken),
    logout: (token, options) => endSession(ctx, token, options),
    async buildAuthorizeUrl(options = {}) {
      check('login options', options, MODE_RULES);
      return (await authorizeUrl(ctx, options)).href;
    },
    destroy() {
      ctx.dead = true;
      for (const step of [...ctx.cleanup]) step();
      ctx.cleanup.clear();
    },
  };
}

/**
 * The core client without UI, remote config or analytics, for a site that draws its own button
 * and wants one object; `init` is this plus everything else. The function-style API
 * (`loginWithPopup`, `loginWithRedirect`, `handleRedirectCallback`, …) is the same code without
 * the object, for the smallest bundles.
 * @example
 * const gid = createClient({ clientId, authUrl, redirectUri, backendUrl, callback });
 * button.onclick = () => gid.login({ mode: 'popup' });
 */
export function createClient(config: GidConfig): GidClient {
  check('config', config, CORE_RULES, LOGIN_RULES, LOGOUT_RULES);
  const ctx = createContext(config);
  watchBackForward(ctx);
  return clientFor(ctx);
}
