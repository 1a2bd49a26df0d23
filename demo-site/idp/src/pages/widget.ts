import { html, page, type SafeHtml, scriptJson } from './html';

export type FrameKind = 'widget' | 'web-curtain';

export interface FramePageOptions {
  kind: FrameKind;
  nonce: string;
  clientName: string;
  /** The embedding site's registered origin: the only target messages are posted to. */
  targetOrigin: string;
  /** Name of the person signed in to the provider in this browser, if anyone is. */
  userName?: string;
}

/** Minimum iframe width the SDK reserves (spec 7.2). */
export const FRAME_MIN_WIDTH = 379;

const CSS = `
*{box-sizing:border-box}
html,body{margin:0;background:transparent}
body{font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1a1a1a}
.frame{min-width:${FRAME_MIN_WIDTH}px;padding:20px 24px 24px;background:#fff;border-radius:16px;box-shadow:0 4px 24px rgba(0,40,80,.18)}
header{display:flex;align-items:center;justify-content:space-between;margin-bottom:12px}
.brand{font-weight:700;color:#0079c2}
h1{font-size:1.25rem;margin:0 0 8px}
p{margin:0 0 16px}
button{font:inherit;cursor:pointer}
.close{width:40px;height:40px;border:0;border-radius:50%;background:#eef3f8;font-size:22px;line-height:1}
.primary{display:block;width:100%;height:56px;border:0;border-radius:8px;background:#0079c2;color:#fff;font-weight:600}
.primary:hover{background:#00619c}
.link{display:block;margin:12px auto 0;border:0;background:none;color:#0061a0;text-decoration:underline}
:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
`;

/**
 * The provider's side of the iframe protocol (spec 4.4): every message is
 * `{ source: 'gid-sdk', event, params }` posted to the registered origin only, never `'*'`.
 */
function frameScript(targetOrigin: string): SafeHtml {
  return html`(function () {
  var TARGET_ORIGIN = ${scriptJson(targetOrigin)};
  var frame = document.getElementById('gid-frame');
  function post(event, params) {
    if (window.parent === window) return;
    window.parent.postMessage({ source: 'gid-sdk', event: event, params: params || {} }, TARGET_ORIGIN);
  }
  function height() { return Math.ceil(frame.getBoundingClientRect().height); }
  var last = height();
  post('init', { minWidth: ${FRAME_MIN_WIDTH}, minHeight: last });
  if (window.ResizeObserver) {
    new ResizeObserver(function () {
      var now = height();
      if (now !== last) { last = now; post('resize', { height: now }); }
    }).observe(frame);
  }
  document.addEventListener('click', function (e) {
    var button = e.target instanceof Element ? e.target.closest('[data-gid-event]') : null;
    if (button) post(button.getAttribute('data-gid-event'));
  });
})();`;
}

/** The widget (`…/wafa/widget`) and the web curtain (`…/wafa/web-curtain`) pages. */
export function framePage(o: FramePageOptions): string {
  const intro =
    o.kind === 'web-curtain'
      ? html`<h1>Вход через Газпром ID</h1><p>Один аккаунт для всех сервисов: вход по номеру телефона, без паролей. Сервис «${o.clientName}» получит только те данные, которые вы разрешите.</p>`
      : html`<p>Войдите в «${o.clientName}» через Газпром ID.</p>`;
  const label = o.userName ? `Продолжить как ${o.userName}` : 'Войти с Газпром ID';
  const body = html`<div class="frame" id="gid-frame">
<header><span class="brand">Газпром ID</span><button type="button" class="close" data-gid-event="close" aria-label="Закрыть">×</button></header>
${intro}
<button type="button" class="primary" data-gid-event="login">${label}</button>
${o.userName ? html`<button type="button" class="link" data-gid-event="loginPrompt">Войти другим аккаунтом</button>` : ''}
</div>`;
  const title = o.kind === 'web-curtain' ? 'Вход через Газпром ID' : 'Виджет входа';
  return page({ title, body, nonce: o.nonce, css: CSS, script: frameScript(o.targetOrigin), bare: true });
}
