import { authorizeUrl } from './authorize-url';
import { completeCallback } from './callback';
import { LOGIN_RULES } from './config';
import { type Context, contextFor, guard } from './context';
import { GidError, MSG_AUTH } from './errors';
import { clearFlow } from './flow-storage';
import { isPopupMessage, SILENT_NAME } from './popup-channel';
import type { LoginConfig, TokenResult } from './types';

/**
 * Options of a silent sign-in.
 * @example
 * await loginSilently(config, { timeoutMs: 5000 });
 */
export interface SilentOptions {
  /** How long to wait for the provider's answer; default 10 000 ms. */
  timeoutMs?: number;
}

export const SILENT_TIMEOUT_MS = 10_000;
export const MSG_SILENT_TIMEOUT = 'No answer: third-party cookies or framing blocked?';
export const MSG_LOGIN_REQUIRED = 'Login required';

/**
 * A silent sign-in (`prompt=none`) in a hidden iframe: the provider answers at once with a code
 * (exchanged as usual, tokens to `callback`) or with `login_required` and the like (rejected as
 * `LOGIN_REQUIRED`, `callback` not told: nothing went wrong). No answer within the timeout, as
 * where the provider's frame gets no cookies or may not be framed, rejects as `SILENT_TIMEOUT`
 * instead of hanging. The redirect URI page, loaded in the frame, hands the answer over.
 */
export const silentLogin = (ctx: Context, options: SilentOptions = {}): Promise<TokenResult> => guard(ctx, silentSteps(ctx, options));

async function silentSteps(ctx: Context, { timeoutMs = SILENT_TIMEOUT_MS }: SilentOptions): Promise<TokenResult> {
  const { win } = ctx;
  const doc = win.document;
  const url = await authorizeUrl(ctx, { prompt: 'none' });
  const frame = doc.createElement('iframe');
  frame.name = SILENT_NAME;
  frame.hidden = true;
  frame.title = 'Газпром ID';
  const params = await new Promise<URLSearchParams>((resolve, reject) => {
    const done = (error?: GidError, answer?: URLSearchParams) => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      ctx.cleanup.delete(abort);
      frame.remove();
      if (error) {
        clearFlow(ctx);
        reject(error);
      } else resolve(answer!);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === frame.contentWindow && event.origin === win.location.origin && isPopupMessage(event.data)) {
        done(undefined, new URL(event.data.url || win.location.href).searchParams);
      }
    };
    const abort = () => done(new GidError('SILENT_TIMEOUT', MSG_SILENT_TIMEOUT));
    const timer = setTimeout(abort, timeoutMs);
    win.addEventListener('message', onMessage);
    ctx.cleanup.add(abort);
    frame.src = url.href;
    (doc.body ?? doc.documentElement).append(frame);
  });
  const error = params.get('error');
  if (error && params.get('state') === url.searchParams.get('state')) {
    clearFlow(ctx);
    throw new GidError('LOGIN_REQUIRED', MSG_LOGIN_REQUIRED, {
      error,
      error_description: params.get('error_description') || MSG_AUTH,
    });
  }
  return completeCallback(ctx, params);
}

/**
 * Signs in without a visible step, if the person has a session at the provider: `prompt=none` in
 * a hidden iframe. Resolves with the tokens (also given to `callback`); rejects with
 * `LOGIN_REQUIRED` when the provider needs the person (then call `loginWithPopup` or
 * `loginWithRedirect`), or `SILENT_TIMEOUT` when no answer came (third-party cookies or framing
 * blocked). The `redirectUri` page must run `handleRedirectCallback` (or `init`), which hands the
 * answer from the frame to this page.
 * @example
 * import { loginSilently } from '@gid/sdk';
 * loginSilently(config).then(signIn, (e) => e.code === 'LOGIN_REQUIRED' && showLoginButton());
 * @see accounts-sso.md 7.1
 */
export const loginSilently = async (config: LoginConfig, options?: SilentOptions): Promise<TokenResult> =>
  silentLogin(contextFor(config, LOGIN_RULES), options);
