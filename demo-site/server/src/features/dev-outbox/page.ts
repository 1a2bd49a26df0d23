import type { OutboxEntry } from '../../messaging/senders';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Linkifies the site's own links in a message body (already escaped). */
const linkify = (html: string) => html.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export function renderOutboxPage(entries: OutboxEntry[]): string {
  const items = entries
    .map(
      (entry) => `<article>
  <header><span class="channel">${entry.channel === 'sms' ? 'СМС' : 'Письмо'}</span> для <b>${escapeHtml(entry.to)}</b>
  <time datetime="${entry.created_at}">${new Date(entry.created_at).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' })}</time></header>
  ${entry.subject ? `<h2>${escapeHtml(entry.subject)}</h2>` : ''}
  <pre>${linkify(escapeHtml(entry.text))}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Исходящие письма и СМС</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 760px; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
article { border: 1px solid #d1d5db; border-radius: 8px; padding: 1rem; margin: 1rem 0; }
header { display: flex; gap: .5rem; align-items: baseline; flex-wrap: wrap; }
time { margin-left: auto; color: #6b7280; font-size: .875rem; }
.channel { background: #e5e7eb; border-radius: 4px; padding: 0 .4rem; font-size: .875rem; }
h2 { font-size: 1.1rem; margin: .5rem 0; }
pre { white-space: pre-wrap; font: inherit; margin: 0; }
</style>
</head>
<body>
<h1>Исходящие письма и СМС</h1>
<p>Демо-режим: письма и СМС не уходят наружу, а сохраняются здесь. Новые сверху.</p>
${items || '<p>Пока ничего не отправлено.</p>'}
</body>
</html>`;
}
