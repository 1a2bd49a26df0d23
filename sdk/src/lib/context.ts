import { CORE_RULES, check, configError, isPlainObject, type Rules } from './config';
import type { GidErrorCode, GidErrorDetails } from './errors';
import { GidError, MSG_AUTH, MSG_UNEXPECTED } from './errors';
import { clearFlow, sessionValue } from './flow-storage';
import { randomString } from './pkce';
import type { CoreConfig, GidCallbackResult, GidClient, GidConfig, GidTokens, TokenResult } from './types';

/** Everything one client instance works with; tests swap `win` and `fetch` through the config. */
export interface Context {
  /**
   * The site's config, as given. Only the fields the running call has checked are read: the
   * function-style API checks what each function reads, `createClient` and `init` check everything.
   */
  cfg: GidConfig;
  win: Window;
  fetchFn: typeof fetch;
  /** SDK session id (`sid`), 10 letters, kept for the browser session: read or made on first use (see `sessionId`). */
  sidKept?: string;
  /** Debug log: printed only with `debugConsole`. */
  debugLog: (...args: unknown[]) => void;
  /** Analytics hook; a no-op unless tracking is configured. `location` `widget`: started from the widget. */
  trackEvent: (action: string, label?: string, location?: string) => void;
  /** Set by `destroy()`: steps still under way (remote config, late UI) stop there. */
  dead?: boolean;
  /** Refreshes in flight, by refresh token: concurrent calls share one request (made on first refresh). */
  refreshes?: Map<string, Promise<GidTokens>>;
  /** The silent sign-in under way: concurrent calls share it (each one would spoil the other's answer). */
  silentRun?: Promise<TokenResult>;
  /** Teardown steps `destroy()` runs (listeners, UI). */
  cleanup: Set<() => void>;
  /** The aborts of the sign-ins under way (a popup, a silent frame): a sign-out and `destroy()` end them with `ABORTED`. */
  flows: Set<() => void>;
  /**
   * Sign-outs so far (see `signOut`): a token call answered after one more came than when it was
   * sent never reaches `callback`, the tokens or the storage.
   */
  out?: number;
  /**
   * The client over this context (`createClient`, `init`, or the one the function forms
   * `getAccessToken`, `getUser` and `on` make for a config): made on first use.
   */
  fnClient?: GidClient;
  /** Set by the client: every sign-in's outcome passes it (see `guard`), so the client keeps the tokens. */
  keep?: <T>(call: Promise<T>) => Promise<T>;
  /** The redirect URI page in the SDK's own popup or silent frame (`init`): it only hands the answer over. */
  answering?: boolean;
  /**
   * The tokens of the last sign-in or refresh, and `signOuts` then: a client made later over this
   * context starts with them, unless a sign-out came since (see `signOuts`).
   */
  got?: [GidTokens, number];
}

export const PREFIX = '[GID SDK]';

/**
 * The context one client works in, over a config the caller has checked, except for `window`:
 * checked here, as the config's or the global one. Touches no browser API itself (SSR-safe);
 * outside a browser the config must bring its `window`.
 */
export const createContext = (cfg: GidConfig): Context => {
  const win = cfg.window ?? globalThis.window;
  if (!isPlainObject(win) || !win.location) throw configError('config', 'window', 'Window');
  return {
    cleanup: new Set(),
    flows: new Set(),
    trackEvent: () => {},
    cfg,
    win,
    fetchFn: cfg.fetch ?? ((input, init) => win.fetch(input, init)),
    debugLog: (...args) => cfg.debugConsole && console.debug(PREFIX, ...args),
  };
};

const contexts = new WeakMap<object, Context>();

/**
 * The context of the function-style API. Each call checks the config fields it reads (the core
 * and `group`); the context is one per config object, so a site that keeps its config in a
 * constant gets one session id and one set of in-flight refreshes.
 */
export function contextFor(config: CoreConfig, group: Rules = {}): Context {
  check('config', config, CORE_RULES, group);
  const ctx = contexts.get(config) ?? createContext(config as GidConfig);
  contexts.set(config, ctx);
  return ctx;
}

/**
 * The session id (`sid`): kept in session storage for the browser session (spec 4.4), made on
 * first use, so no crypto work comes before the buttons are painted.
 */
export const sessionId = (ctx: Context): string =>
  (ctx.sidKept ??= sessionValue(ctx, 'gid_sid', () => randomString(10, ctx.win.crypto, true)));

/** `{base}{path}` (the base's trailing slashes dropped) as a URL, resolved against the page. */
export const endpoint = (ctx: Context, base: string, path: string): URL => new URL(base.replace(/\/+$/, '') + path, ctx.win.location.href);

/** Copies the fields of `keys` that `from` defines onto `to`, and returns `to`. */
export const copyDefined = <T extends object>(to: T, from: object, keys: readonly string[]): T => {
  for (const key of keys) {
    const value = (from as Record<string, unknown>)[key];
    if (value !== undefined) (to as Record<string, unknown>)[key] = value;
  }
  return to;
};

/**
 * Sign-outs on this page so far, over every context: a client's (`logout`, or another tab's heard by
 * it) and the function forms'. The tokens a function-style sign-in left for the function forms'
 * client, not made yet, are its own only if none came since: that client, made later (`getUser`),
 * would otherwise write them as the newest news, after a sign-out made meanwhile by the page's own
 * client, and sign the person in again in every tab.
 */
export let signOuts = 0;

/**
 * A sign-out over this context: every sign-in and refresh under way ends here (`ABORTED`; a token
 * call already sent is dropped when it answers), and nothing started before it is joined or kept
 * by a later call (the shared silent sign-in, the shared refreshes, the tokens a function-style
 * sign-in left for the function forms' client).
 */
export function signOut(ctx: Context): void {
  signOuts++;
  ctx.out = (ctx.out ?? 0) + 1;
  ctx.got = ctx.silentRun = undefined;
  ctx.refreshes?.clear();
  for (const abort of [...ctx.flows]) abort();
}

/** Hands a result to the site's `callback`; a throwing callback is logged, never breaks the flow. */
export function report(ctx: Context, result: GidCallbackResult): void {
  try {
    ctx.cfg.callback?.(result);
  } catch (error) {
    console.error(PREFIX, 'callback threw', error);
  }
}

/**
 * Ends a sign-in with an error: clears the flow data (`endsFlow` a state: only that flow's, never
 * another sign-in's stored meanwhile; false: none), tells `callback` the error (default: the
 * message) and its description (or the spec's default) with the `code` beside them, and returns
 * the `GidError` to throw.
 */
export function failure(
  ctx: Context,
  code: GidErrorCode,
  message: string,
  details: GidErrorDetails = {},
  endsFlow: boolean | string = true,
): GidError {
  if (endsFlow && !ctx.cfg.preventAutoStorageCleanup) clearFlow(ctx, endsFlow);
  const { error = message, error_description = MSG_UNEXPECTED } = details;
  report(ctx, copyDefined({ ok: false, code, error, error_description }, details, ['status', 'retry_after_seconds']));
  ctx.trackEvent('error', code);
  return new GidError(code, message, { ...details, error, error_description });
}

/**
 * Runs a sign-in step so that whatever else breaks it (a browser API missing or refusing) ends the
 * flow like any failure: logged, `callback` told, rejected with an `UNEXPECTED_ERROR` carrying it
 * as `cause`. `GidError`s pass as they are (each has been reported where it was made).
 */
export async function guard<T>(ctx: Context, step: Promise<T>, endsFlow?: boolean): Promise<T> {
  try {
    // A client over this context keeps the tokens (the function forms' sign-ins reach theirs too,
    // also one made while the sign-in was under way).
    return await (ctx.keep?.(step) ?? step.then((result) => ctx.keep?.(Promise.resolve(result)) ?? result));
  } catch (error) {
    if (error instanceof GidError) throw error;
    console.error(PREFIX, error);
    throw failure(ctx, 'UNEXPECTED_ERROR', MSG_AUTH, { cause: error }, endsFlow);
  }
}
