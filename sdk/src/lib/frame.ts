import { BUTTON_LABEL } from './buttons';
import { normaliseScope } from './config';
import { type Context, endpoint } from './context';
import { useFrameStyles } from './styles';

export type FrameKind = 'widget' | 'web-curtain';
export const WIDGET_POSITIONS = ['top-right', 'bottom-right', 'top-left', 'bottom-left'];
/** Without the frame's `init` message by then, a local button takes its place. */
export const FRAME_TIMEOUT_MS = 5000;
const MIN_WIDTH = 379;
const MAX_HEIGHT = 600;

interface FrameMessage {
  source: 'gid-sdk';
  event: 'init' | 'resize' | 'close' | 'login' | 'loginPrompt';
  params?: Record<string, unknown>;
}

const isFrameMessage = (data: unknown): data is FrameMessage => {
  // No string or number has a `source` property: an object's is checked.
  const message = data as FrameMessage | null;
  return (
    message?.source === 'gid-sdk' &&
    ['init', 'resize', 'close', 'login', 'loginPrompt'].includes(message.event) &&
    (message.params === undefined || typeof message.params === 'object')
  );
};

/** A number from the frame, kept within bounds; anything else gives `fallback`. */
const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;

/** sessionStorage: set when the person closes the widget or curtain; neither floats again in this tab's session. */
export const FRAME_CLOSED_KEY = 'gid-frame-closed';

/** `{authUrl}/oauth2/auth/v1/requests/wafa/{widget|web-curtain}?client_id=…&scope=openid+…` */
export function frameUrl(ctx: Context, kind: FrameKind): string {
  const url = endpoint(ctx, ctx.cfg.authUrl, `/oauth2/auth/v1/requests/wafa/${kind}`);
  url.searchParams.set('client_id', ctx.cfg.clientId);
  url.searchParams.set('scope', normaliseScope(ctx.cfg.scope).join(' '));
  return url.href;
}

/**
 * Shows the provider's widget (at `position`) or web curtain (centred) in a sandboxed iframe and
 * speaks the message protocol of spec 4.4 with it. Messages count only from the `authUrl` origin
 * and this iframe's own window, with the expected shape. Returns the removal.
 */
export function openFrame(ctx: Context, kind: FrameKind, position: string, onLogin: (prompt: boolean) => void): () => void {
  const { win } = ctx;
  const doc = win.document;
  const origin = new URL(ctx.cfg.authUrl).origin;
  useFrameStyles(doc);
  const iframe = doc.createElement('iframe');
  iframe.src = frameUrl(ctx, kind);
  iframe.title = 'Газпром ID';
  iframe.className = `gid-frame gid-frame--${kind === 'widget' ? position : 'curtain'}`;
  // Scripts to talk to us, its own origin for the provider's session, and (on a click) the Storage
  // Access API where third-party cookies are blocked; no forms, popups or top navigation.
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-storage-access-by-user-activation');
  let fallback: HTMLButtonElement | undefined;

  const remove = () => {
    clearTimeout(timer);
    win.removeEventListener('message', onMessage);
    iframe.remove();
    fallback?.remove();
    ctx.cleanup.delete(remove);
  };
  const login = (prompt: boolean) => {
    remove();
    onLogin(prompt);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== iframe.contentWindow || !isFrameMessage(event.data)) return;
    const params = event.data.params ?? {};
    switch (event.data.event) {
      case 'init':
        clearTimeout(timer);
        // Never wider than the viewport: 379 px overflows a 360 px phone.
        iframe.style.minWidth = `${Math.min(clamp(params.minWidth, MIN_WIDTH, Math.max(MIN_WIDTH, win.innerWidth), MIN_WIDTH), win.innerWidth)}px`;
        iframe.style.minHeight = `${clamp(params.minHeight, 0, MAX_HEIGHT, 0)}px`;
        break;
      case 'resize':
        iframe.style.height = `${clamp(params.height, 0, MAX_HEIGHT, MAX_HEIGHT)}px`;
        break;
      case 'close':
        remove();
        try {
          win.sessionStorage.setItem(FRAME_CLOSED_KEY, '1');
        } catch {}
        break;
      default:
        login(event.data.event === 'loginPrompt');
    }
  };
  // The provider did not answer in time: a plain local button keeps sign-in possible.
  const timer = setTimeout(() => {
    iframe.remove();
    fallback = doc.createElement('button');
    fallback.type = 'button';
    fallback.className = 'gid-btn gid-btn--primary gid-fallback';
    fallback.textContent = BUTTON_LABEL;
    fallback.addEventListener('click', () => login(false));
    (doc.body ?? doc.documentElement).append(fallback);
  }, FRAME_TIMEOUT_MS);

  win.addEventListener('message', onMessage);
  (doc.body ?? doc.documentElement).append(iframe);
  ctx.cleanup.add(remove);
  return remove;
}
