import { authorizeUrl } from './authorize-url';
import { completeCallback } from './callback';
import { LOGIN_RULES } from './config';
import { type Context, contextFor, guard } from './context';
import { aborted, GidError, MSG_AUTH } from './errors';
import type { FlowData } from './flow-storage';
import { isPopupMessage, SILENT_NAME } from './popup-channel';
import type { AuthParams, LoginConfig, TokenResult } from './types';

/**
 * Options of a silent sign-in.
 * @example
 * await loginSilently(config, { timeoutMs: 5000 });
 */
export interface SilentOptions extends AuthParams {
  /** How long to wait for the provider's answer; default 10 000 ms. */
  timeoutMs?: number;
}

export const SILENT_TIMEOUT_MS = 10_000;
export const MSG_SILENT_TIMEOUT = 'Нет ответа: сторонние cookie или фреймы заблокированы?';
export const MSG_LOGIN_REQUIRED = 'Нужен вход';
export const MSG_THIRD_PARTY = 'Нужен вход (или заблокированы сторонние cookie)';

/**
 * The site of a URL as cookies see it: the scheme and the registrable domain, taken as the last two
 * labels of the host name (an IP address, or a name of one label like `localhost`, as it is; the
 * port never counts). Without the public-suffix list, `a.co.uk` and `b.co.uk` count as one site:
 * the third-party hint below then stays silent, never wrong the other way.
 */
export const siteOf = (url: string): string => {
  const { protocol, hostname } = new URL(url);
  return protocol + (/^[\d.]+$|:/.test(hostname) ? hostname : hostname.split('.').slice(-2).join('.'));
};

/**
 * A silent sign-in (`prompt=none`) in a hidden iframe. Its flow stays in memory: it never touches
 * the flow a popup or redirect sign-in keeps under the client id, so one started on load never
 * spoils the sign-in a person starts meanwhile. Concurrent calls share one sign-in (two would
 * each spoil the other's answer). `destroy()` ends it with `ABORTED`. The provider answers at once with a code
 * (exchanged as usual, tokens to `callback`) or with `login_required` and the like (rejected as
 * `LOGIN_REQUIRED`, `callback` not told: nothing went wrong). No answer within the timeout, as
 * where the provider's frame gets no cookies or may not be framed, rejects as `SILENT_TIMEOUT`
 * instead of hanging. The redirect URI page, loaded in the frame, hands the answer over.
 *
 * Third-party cookies: where the provider is another site than the page, its frame here is a
 * third party, and a browser that blocks third-party cookies (Safari, Firefox's strict mode,
 * Chrome when set so), or a provider whose session cookie is `SameSite=Lax`, hides the session
 * from it: the provider then answers `login_required` although the person is signed in there.
 * Nothing on this page can tell that apart from no session (only the provider's own frame could
 * ask `document.hasStorageAccess()`), so such a `login_required`, and a timeout, carry
 * `thirdParty: true` and say so: the site should sign in by popup or redirect (a top-level visit
 * to the provider sees its cookies) and stop asking silently in that browser.
 */
export const silentLogin = (ctx: Context, options: SilentOptions = {}): Promise<TokenResult> => {
  if (ctx.silentRun) return ctx.silentRun;
  const silent: Promise<TokenResult> = guard(ctx, silentSteps(ctx, options), false).finally(() => {
    // (a sign-out forgot it already, and a later call may have started its own)
    if (ctx.silentRun === silent) ctx.silentRun = undefined;
  });
  ctx.silentRun = silent;
  return silent;
};

async function silentSteps(ctx: Context, options: SilentOptions): Promise<TokenResult> {
  const { win } = ctx;
  const doc = win.document;
  let flow: FlowData | undefined;
  const since = ctx.out;
  const url = await authorizeUrl(ctx, { ...options, prompt: 'none' }, (made) => (flow = made));
  // Signed out while the URL was made: no frame.
  if (since !== ctx.out) throw aborted();
  // The provider's frame is a third party here: its cookies may be blocked (see above).
  const thirdParty = siteOf(url.href) !== siteOf(win.location.href) || undefined;
  const frame = doc.createElement('iframe');
  frame.name = SILENT_NAME;
  frame.hidden = true;
  frame.title = 'Газпром ID';
  const params = await new Promise<URLSearchParams>((resolve, reject) => {
    const done = (error?: GidError, answer?: URLSearchParams) => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      ctx.flows.delete(abort);
      frame.remove();
      if (error) reject(error);
      else resolve(answer!);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === frame.contentWindow && event.origin === win.location.origin && isPopupMessage(event.data)) {
        done(undefined, new URL(event.data.url || win.location.href).searchParams);
      }
    };
    // A sign-out or `destroy()`: the site gave up, nothing is known about cookies or framing.
    const abort = () => done(aborted());
    const timer = setTimeout(
      () => done(new GidError('SILENT_TIMEOUT', MSG_SILENT_TIMEOUT, { thirdParty })),
      options.timeoutMs ?? SILENT_TIMEOUT_MS,
    );
    win.addEventListener('message', onMessage);
    ctx.flows.add(abort);
    frame.src = url.href;
    (doc.body ?? doc.documentElement).append(frame);
  });
  const error = params.get('error');
  if (error && params.get('state') === flow!.state) {
    // Only `login_required` is the provider seeing no session; `consent_required` and the like saw one.
    const hidden = error === 'login_required' && thirdParty;
    throw new GidError('LOGIN_REQUIRED', hidden ? MSG_THIRD_PARTY : MSG_LOGIN_REQUIRED, {
      error,
      error_description: params.get('error_description') || MSG_AUTH,
      thirdParty: hidden,
    });
  }
  return completeCallback(ctx, params, flow, false);
}

/**
 * Signs in without a visible step, if the person has a session at the provider: `prompt=none` in
 * a hidden iframe. Resolves with the tokens (also given to `callback`); rejects with
 * `LOGIN_REQUIRED` when the provider needs the person (then call `loginWithPopup` or
 * `loginWithRedirect`), or `SILENT_TIMEOUT` when no answer came (third-party cookies or framing
 * blocked). Never touches a popup or redirect sign-in in progress; calls made while one is under
 * way share it. Either carries `thirdParty: true` when the provider is another site than the page,
 * where blocked third-party cookies hide the provider's session from the frame: a
 * `login_required` may then mean that, and silent sign-in will not work in this browser. The `redirectUri` page must run `handleRedirectCallback` (or `init`), which hands the
 * answer from the frame to this page.
 * @example
 * import { loginSilently } from '@gid/sdk';
 * loginSilently(config).then(signIn, (e) => {
 *   if (e.thirdParty) localStorage.setItem('no-silent', '1'); // do not ask silently again here
 *   if (e.code === 'LOGIN_REQUIRED') showLoginButton();
 * });
 * @see accounts-sso.md 7.1
 */
export const loginSilently = async (config: LoginConfig, options?: SilentOptions): Promise<TokenResult> =>
  silentLogin(contextFor(config, LOGIN_RULES), options);
