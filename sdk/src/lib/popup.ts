import { buildAuthorizeUrl, redirectLogin } from './authorize-url';
import { completeCallback } from './callback';
import { checkOptions } from './config';
import { type Context, contextFor, failure, PREFIX } from './context';
import { GidError, MSG_CODE, MSG_POPUP_ALREADY_OPEN, MSG_POPUP_CLOSED, MSG_POPUP_OPEN } from './errors';
import { readFlow } from './flow-storage';
import { isPopupMessage, POPUP_ACK } from './popup-channel';
import type { GidConfig, GidTokens, LoginOptions } from './types';

export const POLL_MS = 500;
/**
 * A callback page sent with `Cross-Origin-Opener-Policy: same-origin` cuts the popup off from its
 * opener, and `popup.closed` turns true as the popup reaches the site. Before calling that a user's
 * close, wait this long for the page's BroadcastChannel message.
 */
export const CLOSE_GRACE_MS = 2000;

/** The sign-in popup open over each window: one at a time, whichever client or call opened it. */
const openPopups = new WeakMap<Window, Window>();

/**
 * Popup sign-in (spec 4.4). The 400×600 window, centred on this one, is opened before the first
 * `await`, so popup blockers allow it, then navigated once the authorize URL is ready. The result
 * comes back by `postMessage` from this origin or by the state's BroadcastChannel; closure is
 * polled every 500 ms. Resolves with the tokens, or `undefined` when a blocked popup continued by redirect.
 */
export async function popupLogin(ctx: Context, options: LoginOptions = {}): Promise<GidTokens | undefined> {
  const { win } = ctx;
  checkOptions(options);
  const open = openPopups.get(win);
  if (open && !open.closed) {
    open.focus();
    console.warn(PREFIX, MSG_POPUP_ALREADY_OPEN);
    throw new GidError('POPUP_ALREADY_OPEN', MSG_POPUP_ALREADY_OPEN);
  }
  let popup: Window | null = null;
  try {
    const left = Math.round(win.screenX + (win.outerWidth - 400) / 2);
    const top = Math.round(win.screenY + (win.outerHeight - 600) / 2);
    popup = win.open('', 'gid_auth', `popup=1,width=400,height=600,left=${left},top=${top}`);
  } catch {
    // blocked, as by a sandbox
  }
  if (!popup) {
    if (!ctx.cfg.popupFallbackToRedirect) throw failure(ctx, 'POPUP_ERROR', MSG_POPUP_OPEN, { error_description: MSG_POPUP_OPEN });
    await redirectLogin(ctx, options);
    return undefined;
  }
  const shown = popup;
  openPopups.set(win, shown);
  ctx.track('login', 'popup');

  let channel: BroadcastChannel | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;
  let onMessage = (_event: MessageEvent) => {};
  let abort = () => {};
  // The callback URL the popup hands over ('' when it came back without a query).
  const url = await new Promise<string>((resolve, reject) => {
    const receive = (href: string) => {
      const quuid = href && new URL(href).searchParams.get('quuid');
      if (quuid) navigate({ ...options, quuid });
      else resolve(href);
    };
    const navigate = async (opts: LoginOptions) => {
      try {
        const href = await buildAuthorizeUrl(ctx, opts);
        channel?.close();
        const Channel = (win as Window & typeof globalThis).BroadcastChannel;
        if (Channel) {
          const current = new Channel(readFlow(win, ctx.cfg.clientId)?.state ?? '');
          current.onmessage = ({ data }) => {
            if (!isPopupMessage(data)) return;
            current.postMessage({ name: POPUP_ACK });
            receive(data.url);
          };
          channel = current;
        }
        shown.location.replace(href);
      } catch (error) {
        reject(error);
      }
    };
    onMessage = (event) => {
      if (event.source === shown && event.origin === win.location.origin && isPopupMessage(event.data)) receive(event.data.url);
      else ctx.debug('message ignored from', event.origin);
    };
    abort = () => reject(new GidError('POPUP_CLOSED', MSG_POPUP_CLOSED));
    poll = setInterval(() => {
      if (!shown.closed) return;
      clearInterval(poll);
      const closed = () => reject(failure(ctx, 'POPUP_CLOSED', MSG_POPUP_CLOSED, { error_description: MSG_POPUP_CLOSED }));
      if (channel) grace = setTimeout(closed, CLOSE_GRACE_MS);
      else closed();
    }, POLL_MS);
    win.addEventListener('message', onMessage);
    ctx.cleanup.add(abort);
    navigate(options);
  }).finally(() => {
    // The answer is in (or the sign-in is over): nothing more may arrive, and the popup goes.
    clearInterval(poll);
    clearTimeout(grace);
    win.removeEventListener('message', onMessage);
    channel?.close();
    ctx.cleanup.delete(abort);
    if (openPopups.get(win) === shown) openPopups.delete(win);
    shown.close();
  });
  if (!url) throw failure(ctx, 'CODE_ERROR', MSG_CODE);
  return completeCallback(ctx, url);
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
export const loginWithPopup = async (config: GidConfig, options?: LoginOptions): Promise<GidTokens | undefined> =>
  popupLogin(contextFor(config), options);
