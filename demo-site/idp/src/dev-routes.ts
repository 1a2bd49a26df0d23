import { ANALYTICS_EVENTS_PATH } from './analytics';
import type { ClientConfig } from './clients';
import { HttpError, Router, sendHtml, sendJson, singleQuery } from './http';
import { html, newNonce, page } from './pages/html';
import { messageStep } from './pages/sign-in';
import { normalizePhone } from './phone';
import type { SmsMessage, SmsOutbox } from './sms';

export const OUTBOX_PATH = '/dev/outbox';
export const CLIENTS_PATH = '/dev/clients';

function outboxPage(messages: readonly SmsMessage[], nonce: string): string {
  const rows = messages.map(
    (m) => html`<tr><td>${m.created_at}</td><td>${m.to}</td><td><strong>${m.code}</strong></td><td>${m.text}</td></tr>`,
  );
  const body = html`<h1>Отправленные СМС</h1>
<p class="hint">Демо-режим: вместо отправки СМС коды показываются здесь, новые сверху. <a href="?format=json">JSON</a></p>
${
  messages.length
    ? html`<table><thead><tr><th>Время</th><th>Кому</th><th>Код</th><th>Текст</th></tr></thead><tbody>${rows}</tbody></table>`
    : html`<p>Сообщений пока нет.</p>`
}`;
  return page({ title: 'Отправленные СМС', body, nonce, css: 'main{max-width:900px}' });
}

/** Pages for a person trying the demo (and for tests): the SMS outbox and a start page. */
export function devRoutes(outbox: SmsOutbox, issuer: string, demo: boolean, clients: readonly ClientConfig[] = []): Router {
  const router = new Router((ctx, error) => {
    if (!(error instanceof HttpError)) console.error('[idp] dev page failed:', error);
    const status = error instanceof HttpError ? error.status : 500;
    sendJson(ctx, status, { error: 'invalid_request', error_description: error instanceof HttpError ? error.message : 'Internal error' });
  });

  // `?to=+7…` narrows the list to one number, so parallel tests do not read each other's codes.
  // The outbox shows every code: demo mode only (GID_DEMO=1, as `npm start` sets it).
  if (demo)
    router.get(OUTBOX_PATH, (ctx) => {
      const { format, to } = singleQuery(ctx);
      if (format !== undefined && format !== 'json' && format !== 'html') throw new HttpError(400, 'format is json or html');
      const phone = to === undefined ? undefined : normalizePhone(to);
      if (to !== undefined && !phone) throw new HttpError(400, 'to must be a phone number like +79990000001');
      const messages = outbox.list().filter((m) => !phone || m.to === phone);
      if (format === 'json') return sendJson(ctx, 200, { messages });
      const nonce = newNonce();
      sendHtml(ctx, 200, outboxPage(messages, nonce), nonce);
    });

  // The registered clients (the file's and IDP_CLIENTS'), for an integrator checking their own: demo mode only.
  if (demo)
    router.get(CLIENTS_PATH, (ctx) => {
      const { format } = singleQuery(ctx);
      if (format !== undefined && format !== 'json' && format !== 'html') throw new HttpError(400, 'format is json or html');
      const list = clients.map((c) => ({
        client_id: c.client_id,
        client_name: c.client_name,
        redirect_uris: c.redirect_uris,
        post_logout_redirect_uris: c.post_logout_redirect_uris,
        scope: c.scope,
      }));
      if (format === 'json') return sendJson(ctx, 200, { clients: list });
      const nonce = newNonce();
      const rows = list.map(
        (c) =>
          html`<tr><td><code>${c.client_id}</code></td><td>${c.client_name}</td><td>${c.redirect_uris.join(' ')}</td><td>${c.post_logout_redirect_uris.join(' ')}</td><td>${c.scope}</td></tr>`,
      );
      const body = html`<h1>Клиенты</h1>
<p class="hint">Демо-режим: клиенты, которых обслуживает этот поставщик (clients.json и файл IDP_CLIENTS). <a href="?format=json">JSON</a></p>
<table><thead><tr><th>client_id</th><th>Название</th><th>redirect_uris</th><th>post_logout_redirect_uris</th><th>scope</th></tr></thead><tbody>${rows}</tbody></table>`;
      sendHtml(ctx, 200, page({ title: 'Клиенты', body, nonce, css: 'main{max-width:1100px}' }), nonce);
    });

  router.get('/', (ctx) => {
    const nonce = newNonce();
    const body = html`${messageStep('Газпром ID (локальный)', 'Локальный поставщик входа для демо-сайта, примеров и тестов.')}
<ul>
<li><a href="/.well-known/openid-configuration">Настройки OpenID Connect</a></li>
${demo ? html`<li><a href="${OUTBOX_PATH}">Отправленные СМС</a></li><li><a href="${CLIENTS_PATH}">Клиенты</a></li><li><a href="${ANALYTICS_EVENTS_PATH}">События аналитики</a></li>` : ''}
</ul>
<p class="hint">Издатель: ${issuer}</p>`;
    sendHtml(ctx, 200, page({ title: 'Газпром ID', body, nonce }), nonce);
  });

  return router;
}
