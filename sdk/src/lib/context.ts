import { resolveConfig } from './config';
import type { GidErrorCode, GidErrorDetails } from './errors';
import { GidError, MSG_UNEXPECTED } from './errors';
import { clearFlow } from './flow-storage';
import { LETTERS, randomString } from './pkce';
import type { GidCallbackResult, GidConfig, GidTokens, ResolvedConfig } from './types';

/** Everything one client instance works with; tests swap `win` and `fetch` through the config. */
export interface Context {
  cfg: ResolvedConfig;
  win: Window;
  fetch: typeof fetch;
  /** SDK session id (`sid`), 10 characters, one per client: made on first use (see `sessionId`). */
  sid?: string;
  /** Debug log: printed only with `debugConsole`. */
  debug: (...args: unknown[]) => void;
  /** Analytics hook; a no-op unless tracking is configured. */
  track: (action: string, label?: string) => void;
  /** Refreshes in flight, by refresh token: concurrent calls share one request (made on first refresh). */
  refreshes?: Map<string, Promise<GidTokens>>;
  /** Teardown steps `destroy()` runs (listeners, popups, UI). */
  cleanup: Set<() => void>;
}

export const PREFIX = '[GID SDK]';

/** Validates the config and builds the context one client works in. Touches no browser API itself (SSR-safe). */
export function createContext(config: GidConfig): Context {
  const cfg = resolveConfig(config);
  const win = cfg.window ?? globalThis.window;
  if (!win) throw new GidError('CONFIG_ERROR', 'Invalid config: "window" is required outside a browser', { field: 'window' });
  return {
    cfg,
    win,
    fetch: cfg.fetch ?? ((input, init) => win.fetch(input, init)),
    debug: (...args) => cfg.debugConsole && console.debug(PREFIX, ...args),
    track: () => {},
    cleanup: new Set(),
  };
}

const contexts = new WeakMap<object, Context>();

/**
 * The context of the function-style API: one per config object, validated on first use, so a
 * site that keeps its config in a constant gets one session id and one set of in-flight refreshes.
 */
export function contextFor(config: GidConfig): Context {
  const ctx = contexts.get(config) ?? createContext(config);
  contexts.set(config, ctx);
  return ctx;
}

/** The client's session id, made on first use: no crypto work before the buttons are painted. */
export const sessionId = (ctx: Context): string => (ctx.sid ??= randomString(10, LETTERS, ctx.win.crypto));

/** Hands a result to the site's `callback`; a throwing callback is logged, never breaks the flow. */
export function report(ctx: Context, result: GidCallbackResult): void {
  try {
    ctx.cfg.callback?.(result);
  } catch (error) {
    console.error(PREFIX, 'callback threw', error);
  }
}

/**
 * Ends a sign-in with an error: clears the flow data, tells `callback` the error and its
 * description (or the spec's defaults), and returns the `GidError` for the caller to throw.
 */
export function failure(ctx: Context, code: GidErrorCode, message: string, details: GidErrorDetails = {}, endsFlow = true): GidError {
  if (endsFlow && !ctx.cfg.preventAutoStorageCleanup) clearFlow(ctx.win, ctx.cfg.clientId);
  const { error = message, error_description = MSG_UNEXPECTED, status, retry_after_seconds } = details;
  report(ctx, {
    ok: false,
    error,
    error_description,
    ...(status === undefined ? {} : { status }),
    ...(retry_after_seconds === undefined ? {} : { retry_after_seconds }),
  });
  ctx.track('error', code);
  return new GidError(code, message, { ...details, error, error_description });
}
