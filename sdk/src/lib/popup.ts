import { buildAuthorizeUrl } from './authorize-url';
import { completeCallback } from './callback';
import { type Context, failure, PREFIX } from './context';
import { GidError, MSG_CODE, MSG_POPUP_ALREADY_OPEN, MSG_POPUP_CLOSED, MSG_POPUP_OPEN } from './errors';
import { readFlow } from './flow-storage';
import type { LoginOptions } from './types';

export const POPUP_WIDTH = 400;
export const POPUP_HEIGHT = 600;
export const POLL_MS = 500;
/**
 * A callback page sent with `Cross-Origin-Opener-Policy: same-origin` cuts the popup off from its
 * opener, and `popup.closed` turns true as the popup reaches the site. Before calling that a user's
 * close, wait this long for the page's BroadcastChannel message.
 */
export const CLOSE_GRACE_MS = 2000;
const NAME = 'popup_auth';
const ACK = 'popup_auth_ack';

interface PopupMessage {
  name: typeof NAME;
  url: string;
}

const isPopupMessage = (data: unknown): data is PopupMessage =>
  typeof data === 'object' && data !== null && (data as PopupMessage).name === NAME && typeof (data as PopupMessage).url === 'string';

/** Opens the 400×600 window centred on the opener. Must run synchronously inside the user's click. */
export function openPopup(win: Window): Window | null {
  const left = Math.round(win.screenX + (win.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(win.screenY + (win.outerHeight - POPUP_HEIGHT) / 2);
  try {
    return win.open('', 'gid_auth', `popup=1,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`);
  } catch {
    return null;
  }
}

/** The window that opened this one, when it is a page of this same origin (our popup's opener). */
export function sameOriginOpener(win: Window): Window | undefined {
  try {
    const opener = win.opener as Window | null;
    return opener && opener !== win && opener.location.origin === win.location.origin ? opener : undefined;
  } catch {
    return undefined; // cross-origin opener: not ours
  }
}

/** In the popup: hands the callback URL to the opener, never to another origin. */
export const postToOpener = (opener: Window, win: Window, url: string): void =>
  opener.postMessage({ name: NAME, url } satisfies PopupMessage, win.location.origin);

/**
 * In a popup whose opener was cut off by COOP: hands the callback URL over a BroadcastChannel
 * named by the state and resolves true once the opener acknowledges it.
 */
export function broadcastToOpener(win: Window, state: string, url: string, wait = 1500): Promise<boolean> {
  const Channel = (win as Window & typeof globalThis).BroadcastChannel;
  if (!Channel) return Promise.resolve(false);
  return new Promise((resolve) => {
    const channel = new Channel(state);
    const done = (acknowledged: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(acknowledged);
    };
    const timer = setTimeout(done, wait, false);
    channel.onmessage = (event) => event.data?.name === ACK && done(true);
    channel.postMessage({ name: NAME, url } satisfies PopupMessage);
  });
}

/**
 * Popup sign-in (spec 4.4). The window is opened before the first `await`, so popup blockers
 * allow it, then navigated once the authorize URL is ready. The result comes back by
 * `postMessage` from this origin or by the state's BroadcastChannel; closure is polled every 500 ms.
 */
export function popupLogin(ctx: Context, options: LoginOptions, fallback: () => Promise<void>): Promise<void> {
  const { win } = ctx;
  const open = ctx.popup;
  if (open && !open.closed) {
    open.focus();
    console.warn(PREFIX, MSG_POPUP_ALREADY_OPEN);
    return Promise.reject(new GidError('POPUP_ALREADY_OPEN', MSG_POPUP_ALREADY_OPEN));
  }
  const popup = openPopup(win);
  if (!popup) {
    if (ctx.cfg.popupFallbackToRedirect) return fallback();
    return Promise.reject(failure(ctx, 'POPUP_ERROR', MSG_POPUP_OPEN, { error_description: MSG_POPUP_OPEN }));
  }
  ctx.popup = popup;
  ctx.track('login', 'popup');

  return new Promise((resolve, reject) => {
    let channel: BroadcastChannel | undefined;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      clearInterval(poll);
      clearTimeout(grace);
      win.removeEventListener('message', onMessage);
      channel?.close();
      ctx.cleanup.delete(abort);
      if (ctx.popup === popup) ctx.popup = undefined;
      try {
        popup.close();
      } catch {
        // already gone
      }
    };
    const settle = (error?: unknown) => {
      stop();
      if (error) reject(error);
      else resolve();
    };
    const abort = () => settle(new GidError('POPUP_CLOSED', MSG_POPUP_CLOSED));
    const receive = (url: string) => {
      const quuid = url && new URL(url).searchParams.get('quuid');
      if (quuid) return navigate({ ...options, quuid });
      stop();
      if (!url) return settle(failure(ctx, 'CODE_ERROR', MSG_CODE));
      completeCallback(ctx, url).then(() => settle(), settle);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source === popup && event.origin === win.location.origin && isPopupMessage(event.data)) {
        receive(event.data.url);
      } else ctx.debug('message ignored from', event.origin);
    };
    const navigate = async (opts: LoginOptions) => {
      try {
        const url = await buildAuthorizeUrl(ctx, opts);
        channel?.close();
        const Channel = (win as Window & typeof globalThis).BroadcastChannel;
        if (Channel) {
          const current = new Channel(readFlow(win, ctx.cfg.clientId)?.state ?? '');
          current.onmessage = (event) => {
            if (!isPopupMessage(event.data)) return;
            current.postMessage({ name: ACK });
            receive(event.data.url);
          };
          channel = current;
        }
        popup.location.replace(url);
      } catch (error) {
        settle(error);
      }
    };
    const poll = setInterval(() => {
      if (!popup.closed || grace) return;
      clearInterval(poll);
      const closed = () => settle(failure(ctx, 'POPUP_CLOSED', MSG_POPUP_CLOSED, { error_description: MSG_POPUP_CLOSED }));
      if (channel) grace = setTimeout(closed, CLOSE_GRACE_MS);
      else closed();
    }, POLL_MS);
    win.addEventListener('message', onMessage);
    ctx.cleanup.add(abort);
    navigate(options);
  });
}
