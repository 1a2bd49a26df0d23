import type { GidErrorCode, GidErrorDetails } from './errors';
import { GidError, MSG_UNEXPECTED } from './errors';
import { clearFlow } from './flow-storage';
import type { GidCallbackResult, ResolvedConfig } from './types';

/** Everything one client instance works with; tests swap `win` and `fetch` through the config. */
export interface Context {
  cfg: ResolvedConfig;
  win: Window;
  fetch: typeof fetch;
  /** SDK session id (`sid`), 10 characters, one per client instance. */
  sid: string;
  /** Debug log: printed only with `debugConsole`. */
  debug: (...args: unknown[]) => void;
  /** Analytics hook; a no-op unless tracking is configured. */
  track: (action: string, label?: string) => void;
  /** The popup of a sign-in in progress. */
  popup?: Window | undefined;
  /** Teardown steps `destroy()` runs (listeners, popups, UI). */
  cleanup: Set<() => void>;
}

export const PREFIX = '[GID SDK]';

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
