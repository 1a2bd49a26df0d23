import { authorizeUrl, redirectLogin } from './authorize-url';
import { completeCallback } from './callback';
import { checkOptions, LOGIN_RULES } from './config';
import { type Context, contextFor, failure, guard, PREFIX } from './context';
import { aborted, GidError, MSG_CODE, MSG_POPUP_ALREADY_OPEN, MSG_POPUP_CLOSED, MSG_POPUP_OPEN } from './errors';
import { clearFlow } from './flow-storage';
import { clientChannel, isPopupMessage, POPUP_ACK, POPUP_NAME, stateChannel } from './popup-channel';
import type { GidTokens, LoginConfig, LoginOptions } from './types';

export const POLL_MS = 500;
/** What the opener's console says of a popup left on a page that is not the redirect URI. */
export const MSG_ASTRAY = 'Вход вернулся не на redirectUri:';
/**
 * A callback page sent with `Cross-Origin-Opener-Policy: same-origin` cuts the popup off from its
 * opener, and `popup.closed` turns true as the popup reaches the site. Before calling that a user's
 * close, wait this long for the page's BroadcastChannel message.
 */
export const CLOSE_GRACE_MS = 2000;
/** How long a sign-in in a popup cut off by COOP (seen as closed from here) is waited for (`popupTimeoutMs`). */
export const FLOW_TIMEOUT_MS = 600_000;

/**
 * The sign-in popup open over each window and the abort of its sign-in: one at a time,
 * whichever client or call opened it.
 */
const openPopups = new WeakMap<Window, [Window, () => void]>();

/**
 * Popup sign-in (spec 4.4). The 400×600 window, centred on this one, is opened before the first
 * `await`, so popup blockers allow it, then navigated once the authorize URL is ready. The result
 * comes back by `postMessage` from this origin or by the state's BroadcastChannel; closure is
 * polled every 500 ms. Resolves with the tokens, or `undefined` when a blocked popup continued by redirect.
 */
export const popupLogin = (ctx: Context, options: LoginOptions = {}): Promise<GidTokens | undefined> =>
  // Called synchronously: the window opens before the first `await`.
  guard(ctx, popupSteps(ctx, options));

async function popupSteps(ctx: Context, options: LoginOptions): Promise<GidTokens | undefined> {
  const { win } = ctx;
  checkOptions(options);
  const [open, abandon] = openPopups.get(win) ?? [];
  if (open && !open.closed) {
    open.focus();
    throw new GidError('POPUP_ALREADY_OPEN', MSG_POPUP_ALREADY_OPEN);
  }
  // A sign-in still waiting on a popup cut off by COOP: starting anew is the person giving it up.
  abandon?.();
  // The window the site opened itself, else the 400×600 window centred on this one (`| 0`: whole
  // pixels, fewer bytes than Math.round); none where it is blocked.
  let popup: Window | null | undefined = options.popup;
  try {
    popup ||= win.open(
      '',
      POPUP_NAME,
      `popup=1,width=400,height=600,left=${(win.screenX + (win.outerWidth - 400) / 2) | 0},top=${(win.screenY + (win.outerHeight - 600) / 2) | 0}`,
    );
  } catch {
    // blocked, as by a sandbox
  }
  if (!popup) {
    if (!ctx.cfg.popupFallbackToRedirect) throw failure(ctx, 'POPUP_ERROR', MSG_POPUP_OPEN, { error_description: MSG_POPUP_OPEN });
    return redirectLogin(ctx, options);
  }
  ctx.trackEvent('login', 'popup', options.source);

  // The state of this popup's flow: its failure clears that flow only, never one started meanwhile.
  let state: string | boolean = false;
  // The callback's parameters the popup hands over (none when it came back without a query).
  const params = await new Promise<URLSearchParams | undefined>((resolve, reject) => {
    let channel: BroadcastChannel | undefined;
    let grace: ReturnType<typeof setTimeout> | undefined;
    /** Reported closed already, the sign-in may still finish in a popup cut off by COOP (see the poll). */
    let late: boolean | undefined;
    const deadline = Date.now() + (ctx.cfg.popupTimeoutMs || FLOW_TIMEOUT_MS);
    // The answer is in, or the sign-in is over: nothing more may arrive, and the popup goes.
    const finish = (error: unknown, answer?: URLSearchParams) => {
      channel?.close();
      asks?.close();
      clearTimeout(grace);
      win.removeEventListener('message', onMessage);
      ctx.flows.delete(abort);
      clearInterval(poll);
      if (openPopups.get(win)?.[0] === popup) openPopups.delete(win);
      popup.close();
      if (error) reject(error);
      else resolve(answer);
    };
    const receive = (href: string) => {
      const answer = href ? new URL(href).searchParams : undefined;
      const quuid = answer?.get('quuid');
      if (quuid) navigate({ ...options, quuid });
      else {
        finish(undefined, answer);
        // Reported closed, but the person signed in all the same: the sign-in completes (`callback`, the client's tokens).
        if (late && answer) guard(ctx, completeCallback(ctx, answer)).catch(() => {});
      }
    };
    // Sends the popup to a new authorize URL (one cut off by COOP: over the client channel, the
    // popup goes there itself), and listens on the channel of its state.
    const navigate = (opts: LoginOptions) =>
      authorizeUrl(ctx, opts).then((url) => {
        channel?.close();
        state = url.searchParams.get('state')!;
        channel = stateChannel(win, state, (data) => {
          if (!isPopupMessage(data)) return;
          channel?.postMessage({ name: POPUP_ACK });
          receive(data.url);
        });
        if (popup.closed) asks?.postMessage({ name: POPUP_ACK, url: url.href });
        else popup.location.replace(url.href);
      }, finish);
    // A popup cut off by COOP asks here what to do with a `quuid` (it has no state to name a channel by).
    // (said again until acknowledged: the same words once)
    let heard: string | undefined;
    const asks = stateChannel(win, clientChannel(ctx.cfg.clientId), (data) => {
      if (popup.closed && isPopupMessage(data) && data.url !== heard) {
        heard = data.url;
        receive(heard);
      }
    });
    const onMessage = (event: MessageEvent) => {
      // Anything else is ignored.
      if (event.source === popup && event.origin === win.location.origin && isPopupMessage(event.data)) receive(event.data.url);
    };
    // A sign-out or `destroy()`: the site gave up this sign-in, the person closed nothing.
    const abort = () => finish(aborted());
    /** Seen at the provider (its page readable by none here): no provider page sent COOP, so a close then is a close. */
    let seen: boolean | undefined;
    /** The popup was seen back on this origin with this flow's answer, on a page that is not the redirect URI (said once). */
    let astray: boolean | undefined;
    const poll = setInterval(() => {
      try {
        // Readable only on this origin (about:blank, the site's pages): at the provider it throws.
        // So a readable page with the answer is on this origin: only its path can be another.
        const at = !popup.closed && popup.location;
        // Back here with this flow's answer on another page than the redirect URI: nothing there
        // hands it over, and the opener would wait in silence (a `redirectUri` whose page does not
        // run `handleRedirectCallback`).
        if (at && state && at.search?.includes(state as string) && !astray && at.pathname !== new URL(ctx.cfg.redirectUri).pathname) {
          astray = true;
          console.error(PREFIX, MSG_ASTRAY, at.href, ctx.cfg.redirectUri);
        }
      } catch {
        seen = true;
      }
      // Closed, or cut off by COOP on its way to the provider or back to the site's callback page
      // (it looks closed from here, also after it was seen at the provider: a callback page that
      // loads slowly is still on its way). A person who closed it is back on this page (it has the
      // focus); one still signing in, in a popup cut off, is not: listen on until they are back,
      // or until the flow's own timeout.
      if (popup.closed && (!channel || win.document.hasFocus() || Date.now() > deadline)) {
        clearInterval(poll);
        // After the grace for a BroadcastChannel message where one may still come. Back on this
        // page before the flow's timeout, the person may only have clicked it while signing in,
        // in a popup the provider's own COOP cut off: the close is reported, but the flow and the
        // channel stay until the timeout (a finished sign-in then completes, no STATE_MISMATCH).
        grace = setTimeout(
          () => {
            late = !!channel && !seen && Date.now() < deadline;
            const closed = failure(ctx, 'POPUP_CLOSED', MSG_POPUP_CLOSED, { error_description: MSG_POPUP_CLOSED }, !late && state);
            if (!late) return finish(closed);
            reject(closed);
            grace = setTimeout(() => {
              clearFlow(ctx, state);
              finish(closed);
            }, deadline - Date.now());
          },
          channel ? CLOSE_GRACE_MS : 0,
        );
      }
    }, POLL_MS);
    win.addEventListener('message', onMessage);
    ctx.flows.add(abort);
    // A new sign-in gives this one up: the person closed it (in effect).
    openPopups.set(win, [popup, () => finish(new GidError('POPUP_CLOSED', MSG_POPUP_CLOSED))]);
    navigate(options);
  });
  if (!params) throw failure(ctx, 'CODE_ERROR', MSG_CODE, {}, state);
  return completeCallback(ctx, params, undefined, state);
}

/**
 * Signs in in a 400×600 popup centred on the page. Call it straight from a click handler: the
 * window opens synchronously, before any `await`, so popup blockers let it through. Resolves with
 * the tokens once the site's backend has exchanged the code (`callback` gets them too); a popup
 * closed early rejects with `POPUP_CLOSED`, a second call while it is open with
 * `POPUP_ALREADY_OPEN` (the open one is focused). The popup's own `redirectUri` page must call
 * `handleRedirectCallback`, which hands the answer over. With `popupFallbackToRedirect`, a blocked
 * popup continues by redirect and the promise resolves `undefined`.
 * @example
 * import { handleRedirectCallback, loginWithPopup } from '@gid/sdk';
 * const config = { clientId: 'my-site', authUrl: 'https://id.example',
 *   redirectUri: location.origin + '/auth/gid', backendUrl: location.origin };
 * handleRedirectCallback(config); // on the redirect URI, inside the popup
 * button.onclick = () => loginWithPopup(config).then(signIn, showError);
 * @see accounts-sso.md 4.4
 */
export const loginWithPopup = async (config: LoginConfig, options?: LoginOptions): Promise<GidTokens | undefined> =>
  popupLogin(contextFor(config, LOGIN_RULES), options);
