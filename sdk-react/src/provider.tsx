import { type GidClient, type GidConfig, type GidError, init, isGidError } from '@gid/sdk';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { createButtonSlots } from './buttons';
import { GidContext, type GidFailure, type GidState } from './context';
import { localPath, rememberReturn, takeReturn } from './persist';

/**
 * Where `<GidProvider storage>` keeps the signed-in state: the tab's session, or every tab's.
 * @example
 * <GidProvider config={config} storage="local">…</GidProvider>
 */
export type GidStorage = 'session' | 'local';

/**
 * The SDK's config without what the provider manages itself: buttons and the result callback.
 * @example
 * const config: GidProviderConfig = { clientId: 'my-site', authUrl: 'https://id.example',
 *   redirectUri: `${location.origin}/auth/gid`, backendUrl: location.origin, popupFallbackToRedirect: true };
 */
export type GidProviderConfig = Omit<GidConfig, 'buttons' | 'callback'>;

/**
 * export interface GidProviderProps
 * @example
 * <GidProvider config={config} storage="session" autoRefresh onReturn={(path) => navigate(path)}>
 *   <App />
 * </GidProvider>
 */
export interface GidProviderProps {
  /** Read once, when the provider mounts; to start over with another, give the provider a new `key`. */
  config: GidProviderConfig;
  children?: ReactNode;
  /**
   * Opt-in: keep the signed-in state across reloads in the tab's `sessionStorage` (`session`) or
   * in `localStorage` (`local`, shared by the site's tabs). By default the tokens live in memory
   * only (a script injected into the page can read a storage: opt in knowingly). Read once, on mount.
   */
  storage?: GidStorage;
  /**
   * Opt-in: refresh the tokens by themselves shortly before they expire (one tab at a time). A
   * sign-in, refresh or sign-out in one of the site's tabs reaches the others in any case.
   */
  autoRefresh?: boolean;
  /**
   * Called once a redirect sign-in has come back to the redirect URI, with the path where it
   * started (`returnTo` of `login`/`<GidLoginButton>`, default the page it started on). The
   * default replaces the address with it and sends a `popstate` so routers follow; pass your
   * router's navigate instead.
   */
  onReturn?: (returnTo: string) => void;
  /**
   * Called instead of `onReturn` once a redirect sign-in has come back, with the `appState` it was
   * started with (`login({ appState })`) and the path where it started.
   * @example
   * <GidProvider config={config} onRedirectCallback={(appState, returnTo) => navigate((appState as { to?: string })?.to ?? returnTo)}>
   */
  onRedirectCallback?: (appState: unknown, returnTo: string) => void;
}

/** The default `onReturn`: the address becomes `returnTo` (no reload), and routers hear of it. */
function goBack(returnTo: string): void {
  history.replaceState(null, '', returnTo);
  dispatchEvent(new PopStateEvent('popstate'));
}

type Snapshot = Pick<GidState, 'status' | 'tokens' | 'error'>;

const IDLE: Snapshot = { status: 'idle', tokens: undefined, error: undefined };
/** The first render, on the server and in the browser: the SDK has not said yet (a guard on `idle` must not fire). */
const STARTING: Snapshot = { ...IDLE, status: 'loading' };

/** A finished call that `callback` said nothing about leaves the state as the tokens make it. */
const settle = (s: Snapshot): Snapshot =>
  s.status === 'loading' ? { ...s, status: s.tokens ? 'authenticated' : 'idle', error: undefined } : s;

/** A rejected call as a failure: the `GidError`'s code and the spec's error fields. */
function failureOf(error: unknown): GidFailure {
  const message = error instanceof Error ? error.message : String(error);
  const gid: Partial<GidError> = isGidError(error) ? error : {};
  const { code, status, retry_after_seconds, error: name = message, error_description = message } = gid;
  return { code, error: name, error_description, status, retry_after_seconds };
}

/**
 * Starts one SDK client (`init`) for the tree below and destroys it on unmount; its buttons are
 * `<GidLoginButton>`s, drawn as soon as `init` has made the client (before the remote config is
 * in), its state `useGid()`. On the redirect URI, `init` processes the callback.
 * Renders nothing of its own and touches no browser API while rendering (SSR-safe).
 * @example
 * <GidProvider config={{ clientId: 'my-site', authUrl: 'https://id.example',
 *   redirectUri: `${location.origin}/callback`, backendUrl: location.origin }}>
 *   <GidLoginButton />
 * </GidProvider>
 * @see sdk-contract.md
 */
export function GidProvider(props: GidProviderProps) {
  // The props as they were on mount: the provider starts once (a new `key` starts it over).
  const first = useRef(props);
  // The client to call: the one `init` hands out at once (a popup must open inside the click,
  // never after an `await`), until unmount.
  const current = useRef<GidClient>(undefined);
  // Why there is no client: `init` refused the config (calls made then report it).
  const failed = useRef<unknown>(undefined);
  const [buttons] = useState(createButtonSlots);
  const [snapshot, setSnapshot] = useState<Snapshot>(STARTING);
  // A rejected call (or start) lands in `error`.
  // `ABORTED`: a sign-out (or unmount) ended the call, nothing failed: the state is the tokens'.
  const [fail] = useState(
    () => (error: unknown) =>
      setSnapshot((s) => (isGidError(error) && error.code === 'ABORTED' ? settle(s) : { ...s, status: 'error', error: failureOf(error) })),
  );
  // A popup sign-in's `returnTo`, kept in case the popup is blocked and it goes by redirect: forgotten
  // as soon as a result comes to this page (the popup answered, or it failed here).
  const popupReturn = useRef(false);
  // Remembers where a sign-in that leaves the page (redirect) starts for `onReturn`: a path on this
  // site; by default this page's path, query and hash. A popup sign-in never leaves the page.
  const [remember] = useState(() => (returnTo?: string, mode?: 'redirect' | 'popup') => {
    const { clientId, popupFallbackToRedirect } = first.current.config;
    popupReturn.current = mode === 'popup';
    if (!popupReturn.current || popupFallbackToRedirect) rememberReturn(clientId, returnTo ?? location.href.slice(location.origin.length));
  });

  useEffect(() => {
    let cancelled = false;
    // StrictMode mounts, unmounts and mounts again in one go: starting on a microtask lets only
    // the mount that stays create a client (one set of buttons, listeners, one callback exchange).
    queueMicrotask(() => {
      if (cancelled) return;
      const { config, storage, autoRefresh, onReturn = goBack, onRedirectCallback } = first.current;
      // A provider answer (`state`) in the address of the redirect URI, where init processes it: a
      // redirect sign-in may be back. Not on other pages with a `state` (another provider's callback).
      // (init calls `callback` only with an answer from its own origin's redirect URI or popup.)
      const returning = new URL(config.redirectUri, location.href).pathname === location.pathname && /[?&]state=/.test(location.search);
      // …and back for real once a result came here: in a popup the answer goes to the opener instead.
      let answered = false;
      let appState: unknown;
      const pending = init({
        ...config,
        // The client keeps the tokens: watches their expiry, shares them between tabs, stores them
        // where the site opted in (by the provider's props, else the config's own fields).
        storage: storage ?? config.storage,
        autoRefresh: autoRefresh ?? config.autoRefresh,
        callback: (result) => {
          answered = true;
          if (result.ok) appState = result.appState;
          if (popupReturn.current) {
            popupReturn.current = false;
            rememberReturn(config.clientId, '');
          }
          setSnapshot((s) => {
            if (result.ok) return { status: 'authenticated', tokens: result.tokens, error: undefined };
            // A background refresh that failed while the person is signed in (nothing of theirs
            // under way): the tokens are kept and may work until they expire, so the UI stays
            // signed in; `renewError` and the expiry tell the rest.
            if (s.status === 'authenticated') return s;
            const { ok, ...error } = result;
            return { ...s, status: 'error', error };
          });
        },
      });
      const early = pending.client;
      current.current = early;
      buttons.use(early);
      // A client: the config is valid. Another tab's (or an automatic) sign-in, refresh or sign-out lands here.
      // A sign-in, refresh or sign-out, here or in another tab (or an automatic refresh), lands here.
      early?.on('tokens', (tokens) => setSnapshot(tokens ? { status: 'authenticated', tokens, error: undefined } : IDLE));
      // Starting: with the tokens an earlier page load kept, if the site opted into a storage. Only
      // an answer on the redirect URI keeps `loading` until it is exchanged; the remote config
      // (up to 5 s) is never waited for.
      setSnapshot((s) => (returning ? { ...s, tokens: early?.tokens, status: 'loading' } : settle({ ...s, tokens: early?.tokens })));
      pending.then(
        () => {
          // Unmounted meanwhile: the client was destroyed then (below).
          if (cancelled) return;
          setSnapshot(settle);
          // The callback on the redirect URI is processed: back to where the sign-in started.
          // (a sign-in from the SDK's widget or curtain remembered it in its `appState`)
          const returnTo =
            returning && answered
              ? (takeReturn(config.clientId) ?? localPath((appState as { returnTo?: string } | undefined)?.returnTo))
              : undefined;
          if (returnTo && onRedirectCallback) onRedirectCallback(appState, returnTo);
          else if (returnTo) onReturn(returnTo);
        },
        (error) => {
          if (cancelled) return;
          failed.current = error;
          fail(error);
        },
      );
    });
    return () => {
      cancelled = true;
      // Also while still starting: nothing of it appears later (destroy stops init's late steps).
      current.current?.destroy();
      current.current = undefined;
      buttons.use(undefined);
    };
  }, [buttons, fail]);

  const state = useMemo<GidState>(() => {
    const run = (action: (gid: GidClient) => Promise<unknown>, done: (s: Snapshot) => Snapshot = settle) => {
      setSnapshot((s) => ({ ...s, status: 'loading' }));
      // The client at hand (from the moment `init` made it) is called synchronously: a popup has
      // to open inside the click. Without one, the call reports why (`init` refused the config).
      const gid = current.current;
      return (gid ? action(gid) : Promise.reject(failed.current)).then(() => setSnapshot(done), fail);
    };
    const { tokens } = snapshot;
    const gid = current.current;
    return {
      ...snapshot,
      isLoading: snapshot.status === 'loading',
      // The claims of the client's ID token, decoded only (the backend verifies it).
      user: gid?.user ?? null,
      // Rejects when no token can be had (`LOGIN_REQUIRED`, …): the caller asked for a token, not a state.
      getAccessToken: (options) => (gid ? gid.getAccessToken(options) : Promise.reject(failed.current)),
      login: ({ returnTo, ...options } = {}) => {
        remember(returnTo, options.mode);
        return run((gid) => gid.login(options));
      },
      // The new tokens are merged into the client's (and reach `tokens` through its event).
      refresh: () => run((gid) => gid.refresh(tokens?.refresh_token as string)),
      logout: (options) =>
        run(
          // Signed out: other tabs and the opted-in storage hear of it at once, while the
          // provider's logout page is still loading (the effect above could come after it).
          // The client forgets the tokens first (storage, other tabs), before the provider's logout page.
          // (`onClick={logout}` hands it the click event: no options.)
          (gid) =>
            gid.logout(tokens?.access_token as string, {
              idToken: tokens?.id_token,
              ...(options && !('nativeEvent' in options) ? options : {}),
            }),
          () => IDLE,
        ),
    };
  }, [snapshot, remember, fail]);

  const value = useMemo(() => ({ buttons, state, remember }), [buttons, state, remember]);
  return <GidContext.Provider value={value}>{props.children}</GidContext.Provider>;
}
