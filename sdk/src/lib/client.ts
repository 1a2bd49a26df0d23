import { authorizeUrl, redirectLogin } from './authorize-url';
import { handleCallback } from './callback';
import { CLIENT_RULES, CORE_RULES, check, LOGIN_RULES, LOGOUT_RULES, MODE_RULES } from './config';
import { type Context, contextFor, createContext, PREFIX, signOut, signOuts } from './context';
import { aborted, GidError } from './errors';
import { clearFlow, readFlow } from './flow-storage';
import { tokenKeeper } from './fresh';
import { claimsOf } from './jwt';
import { endSession } from './logout';
import { popupLogin } from './popup';
import { MSG_LOGIN_REQUIRED, silentLogin } from './silent';
import { refresh } from './token';
import type { GetTokenOptions, GidClient, GidConfig, GidEvents, GidTokens, LoginConfig, TokenResult } from './types';

/** Back or forward navigation onto a page while a flow is stored means the flow was abandoned. */
export function watchBackForward(ctx: Context): void {
  const { win } = ctx;
  const cancel = () => {
    if (!readFlow(ctx)) return;
    clearFlow(ctx);
    ctx.trackEvent('flow_canceled');
  };
  const entry = win.performance?.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (entry?.type === 'back_forward') cancel();
  const onPageShow = (event: PageTransitionEvent) => event.persisted && cancel();
  win.addEventListener('pageshow', onPageShow);
  ctx.cleanup.add(() => win.removeEventListener('pageshow', onPageShow));
}

type Listener = (detail: never) => void;

/** The client's methods over a context: the same functions as the function-style API, bound to one context, and the client's tokens. */
export function clientFor(ctx: Context): GidClient {
  const listeners = new Map<keyof GidEvents, Set<Listener>>();
  const emit = <E extends keyof GidEvents>(event: E, detail: GidEvents[E]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        (listener as (detail: GidEvents[E]) => void)(detail);
      } catch (error) {
        console.error(PREFIX, error);
      }
    }
  };
  // The client's tokens: made on first use (no storage, channel or timer before), so a client
  // that never signs in touches none of them.
  let keeper: ReturnType<typeof tokenKeeper> | undefined;
  const kept = () =>
    (keeper ??= tokenKeeper(
      ctx,
      {
        storage: ctx.cfg.storage,
        store: ctx.cfg.store,
        autoRefresh: ctx.cfg.autoRefresh,
        shareAcrossTabs: !ctx.answering,
        leewaySeconds: ctx.cfg.leeway,
        // From another tab (a sign-in, a refresh, a sign-out) or a refresh here.
        onTokens: (tokens) => {
          if (!tokens) signOut(ctx);
          told(tokens, false);
        },
        onExpiring: (tokens) => emit('expiring', tokens),
        onExpired: (tokens) => emit('expired', tokens),
        // An automatic refresh failed: the tokens are kept (they may work until they expire).
        // A sign-out that ended it is no failure.
        onError: (error) => {
          ctx.debugLog(error);
          if ((error as GidError | undefined)?.code !== 'ABORTED') emit('renewError', error);
        },
      },
      () => signOut(ctx),
    ));
  let claims: [string | undefined, Record<string, unknown> | null] | undefined;
  /** The `sub` of the person signed in now (undefined: nobody, or no ID token). */
  let person: unknown;
  /** Tells the listeners of new tokens (`local`: a sign-out here), and of another person. */
  const told = (tokens: GidTokens | undefined, local: boolean) => {
    emit('tokens', tokens);
    if (!tokens) emit('signedOut', { local });
    const now = client.user?.sub;
    if (now !== person) {
      person = now;
      emit('userChanged', client.user);
    }
  };
  const use = (tokens: GidTokens | undefined) => {
    // A sign-out: a sign-in, silent sign-in or refresh started before it never brings tokens back.
    if (!tokens) signOut(ctx);
    const before = kept().tokens;
    kept().set(tokens);
    if (kept().tokens !== before) told(tokens, true);
  };
  /**
   * Keeps the tokens a call resolved with, unless a sign-out came since it started or the client
   * was destroyed (another person's answer then signs nothing out: that would end a refresh still
   * out, whose rotated tokens a shared storage needs); hands the result on.
   */
  const keep = async <T>(call: Promise<T>, merge?: boolean): Promise<T> => {
    const started = ctx.out;
    const result = await call;
    if (result && started === ctx.out && !ctx.dead) {
      const { appState, ...tokens } = result as unknown as TokenResult;
      // A refresh's answer is merged: what it leaves out (an ID token) is kept.
      const next = merge ? { ...kept().tokens, ...tokens } : tokens;
      // Another person (a silent renewal, or a refresh, with another `sub`) is no renewal of this
      // session: this one is signed out (`signedOut`), then the new one signs in.
      const was = client.user?.sub;
      const now = claimsOf(next.id_token)?.sub;
      if (was && now && now !== was) use(undefined);
      use(next);
    } else if (result && started !== ctx.out) throw aborted(); // signed out meanwhile: its tokens are no one's
    return result;
  };
  // Every sign-in over this context passes `keep` (see `guard`): the client's own, and for the
  // function forms' client the function-style sign-ins with the same config.
  ctx.keep = keep;
  const checkSession: GidClient['checkSession'] = (options) =>
    silentLogin(ctx, options).then(
      (tokens) => {
        emit('session', { ok: true, tokens });
        return tokens;
      },
      (error) => {
        emit('session', { ok: false, error });
        throw error;
      },
    );
  const client: GidClient = {
    async login(options = {}) {
      check('login options', options, MODE_RULES);
      // popupLogin opens the window synchronously: no await may come before it.
      if (options.mode === 'popup') await popupLogin(ctx, options);
      else await redirectLogin(ctx, options);
    },
    handleCallback: (url) => handleCallback(ctx, url),
    checkSession,
    // The client's own refresh token goes through its keeper: one tab at a time (Web Locks), the
    // shared storage read first. Any other is exchanged as it is.
    refresh: async (refreshToken) => {
      if (!refreshToken || refreshToken !== kept().tokens?.refresh_token) return keep(refresh(ctx, refreshToken), true);
      const tokens = await kept().refresh();
      if (!tokens) throw aborted();
      return tokens;
    },
    async logout(token, options) {
      // This tab forgets the tokens first (and the site's other tabs hear of it): whatever the
      // backend says, the person asked to be signed out here.
      use(undefined);
      await endSession(ctx, token, options);
    },
    async buildAuthorizeUrl(options = {}) {
      check('login options', options, MODE_RULES);
      return (await authorizeUrl(ctx, options)).href;
    },
    async getAccessToken({ minValiditySeconds = ctx.cfg.leeway ?? 60, cacheMode, fallback } = {}) {
      // The SDK's own popup or silent frame gets no token of its own (no refresh, no silent sign-in).
      if (ctx.answering) throw aborted();
      const started = ctx.out;
      const k = kept();
      // Valid for `seconds` more, or of unknown lifetime.
      // Expired at its expiry's very millisecond (`expires_in: 0` is expired at once).
      const valid = (seconds = minValiditySeconds) => k.tokens && !((k.expiresAt as number) <= Date.now() + seconds * 1000);
      const before = k.tokens;
      if (cacheMode !== 'off' && valid()) return before!.access_token;
      if (cacheMode === 'cache-only') throw new GidError('LOGIN_REQUIRED', MSG_LOGIN_REQUIRED);
      if (before?.refresh_token) {
        try {
          await k.refresh();
        } catch (error) {
          // On to a silent sign-in.
          ctx.debugLog(error);
        }
      }
      // Still not valid (the refresh failed, or what it left is no better: never an expired
      // token; `off`: nothing new). A sign-out while this waited (here or, heard meanwhile, in
      // another tab), or `destroy()`: no silent sign-in after it (a destroyed client's would be
      // aborted by nothing, and would exchange its code after a later sign-out).
      if (!valid(0) || (cacheMode === 'off' && k.tokens === before)) {
        if (started !== ctx.out || ctx.dead) throw aborted();
        try {
          await checkSession();
        } catch (error) {
          // The provider needs the person: in a popup, where the site asked for it.
          const code = (error as GidError).code;
          if (fallback !== 'popup' || (code !== 'LOGIN_REQUIRED' && code !== 'SILENT_TIMEOUT')) throw error;
          await client.login({ mode: 'popup' });
        }
      }
      // A sign-out while this waited, or nothing valid kept (`destroy()` meanwhile): no token
      // comes out of this call (never an expired one).
      if (started !== ctx.out || !valid(0)) throw aborted();
      return k.tokens!.access_token;
    },
    get user() {
      const idToken = kept().tokens?.id_token;
      // Decoded once per ID token.
      if (!claims || claims[0] !== idToken) claims = [idToken, claimsOf(idToken)];
      return claims[1];
    },
    get tokens() {
      return kept().tokens;
    },
    setTokens: use,
    on(event, listener) {
      kept();
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(listener as Listener));
      return () => void set.delete(listener as Listener);
    },
    destroy() {
      ctx.dead = true;
      for (const step of [...ctx.cleanup, ...ctx.flows]) step();
      ctx.cleanup.clear();
      keeper?.stop();
      listeners.clear();
    },
  };
  // The function forms' client, made after a function-style sign-in with its config: it has its
  // tokens; made during a silent one (`loginSilently`, then `getAccessToken`, which joins it): it keeps its tokens too.
  // (Not after a sign-out anywhere on the page since: see `signOuts`.)
  if (ctx.got?.[1] === signOuts) use(ctx.got[0]);
  ctx.silentRun && keep(ctx.silentRun).catch(() => {});
  return client;
}

/** The client the function forms (`getAccessToken`, `getUser`, `on`) share for one config object. */
const clientOf = (config: ClientConfig): GidClient => {
  const ctx = contextFor(config, { ...LOGIN_RULES, ...CLIENT_RULES });
  ctx.fnClient ??= clientFor(ctx);
  return ctx.fnClient;
};

/**
 * What the function forms `getAccessToken`, `getUser` and `on` read: a `LoginConfig`, and where
 * the tokens are kept (`storage`) and whether they are refreshed before expiry (`autoRefresh`).
 * @example
 * const config: ClientConfig = { clientId: 'my-site', authUrl: 'https://id.example',
 *   redirectUri: `${location.origin}/auth/gid`, backendUrl: location.origin, storage: 'session' };
 */
export type ClientConfig = LoginConfig & Pick<GidConfig, 'storage' | 'autoRefresh' | 'store' | 'leeway'>;

/**
 * A valid access token for the sign-ins made with this config object (`loginWithPopup`,
 * `handleRedirectCallback`, `loginSilently`, `refreshTokens` with the same object hand theirs
 * over): the kept one while valid for `minValiditySeconds` more (default 60), else refreshed (one
 * request at a time across the site's tabs), else by a silent sign-in. Rejects like
 * `loginSilently` when none can be had (`LOGIN_REQUIRED`, …), and with `ABORTED` after a
 * `logout` with the same config while it waited. The function form of `GidClient.getAccessToken`.
 * @example
 * import { getAccessToken, loginWithPopup } from '@gid/sdk';
 * const config = { clientId: 'my-site', authUrl: 'https://id.example',
 *   redirectUri: location.origin + '/auth/gid', backendUrl: location.origin, storage: 'session' };
 * button.onclick = () => loginWithPopup(config);
 * const orders = await fetch('/api/orders', { headers: { Authorization: `Bearer ${await getAccessToken(config)}` } });
 */
export const getAccessToken = async (config: ClientConfig, options?: GetTokenOptions): Promise<string> =>
  clientOf(config).getAccessToken(options);

/**
 * The claims of the ID token of the sign-ins made with this config object, decoded only (the
 * backend verifies it); null before a sign-in and after a sign-out. The function form of `GidClient.user`.
 * @example
 * import { getUser } from '@gid/sdk';
 * greeting.textContent = `Здравствуйте, ${getUser(config)?.name ?? 'гость'}`;
 */
export const getUser = (config: ClientConfig): Record<string, unknown> | null => clientOf(config).user;

/**
 * Listens to the events of the sign-ins made with this config object (`tokens`, `expired`,
 * `signedOut`, `session`; see `GidEvents`), also those of the site's other tabs; returns the
 * unsubscribe. The function form of `GidClient.on`.
 * @example
 * import { on } from '@gid/sdk';
 * const off = on(config, 'signedOut', ({ local }) => location.assign('/login'));
 */
export const on = <E extends keyof GidEvents>(config: ClientConfig, event: E, listener: (detail: GidEvents[E]) => void): (() => void) =>
  clientOf(config).on(event, listener);

/**
 * The core client without UI, remote config or analytics, for a site that draws its own button
 * and wants one object; `init` is this plus everything else. The function-style API
 * (`loginWithPopup`, `loginWithRedirect`, `handleRedirectCallback`, …) is the same code without
 * the object, for the smallest bundles. The client keeps the tokens of its sign-ins: a valid
 * access token from `getAccessToken()`, the person's claims as `user`, and events (`on`).
 * @example
 * const gid = createClient({ clientId, authUrl, redirectUri, backendUrl, callback });
 * button.onclick = () => gid.login({ mode: 'popup' });
 * const response = await fetch('/api/orders', { headers: { Authorization: `Bearer ${await gid.getAccessToken()}` } });
 * gid.on('signedOut', () => location.assign('/login'));
 */
export function createClient(config: GidConfig): GidClient {
  check('config', config, CORE_RULES, LOGIN_RULES, LOGOUT_RULES, CLIENT_RULES);
  const ctx = createContext(config);
  watchBackForward(ctx);
  return clientFor(ctx);
}
