import type { Context } from 'koa';
import { HttpError, openCors, Router, sendHtml, sendJson, singleQuery } from './http';
import { html, newNonce, page } from './pages/html';

export const ANALYTICS_EVENT_PATH = '/api/v1/analytics/event';
export const ANALYTICS_EVENTS_PATH = '/api/v1/analytics/events';

export interface AnalyticsEvent {
  id: number;
  received_at: string;
  /** The page that sent the beacon, when the browser says. */
  origin?: string;
  fields: Record<string, string>;
}

const MAX_FIELDS = 64;
const MAX_VALUE = 2048;
const KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/** The last `limit` beacons, newest first: enough to inspect a demo or assert in a test. */
export class AnalyticsLog {
  private readonly events: AnalyticsEvent[] = [];
  private nextId = 1;

  constructor(
    private readonly now: () => number,
    private readonly limit = 1000,
  ) {}

  record(fields: Record<string, string>, origin?: string): AnalyticsEvent {
    const event: AnalyticsEvent = { id: this.nextId++, received_at: new Date(this.now()).toISOString(), fields };
    if (origin) event.origin = origin;
    this.events.unshift(event);
    this.events.length = Math.min(this.events.length, this.limit);
    return event;
  }

  list(): readonly AnalyticsEvent[] {
    return this.events;
  }
}

function validFields(ctx: Context): Record<string, string> {
  const fields = singleQuery(ctx);
  const entries = Object.entries(fields);
  if (entries.length === 0) throw new HttpError(400, 'An event needs at least one query parameter');
  if (entries.length > MAX_FIELDS) throw new HttpError(400, `At most ${MAX_FIELDS} parameters per event`);
  for (const [key, value] of entries) {
    if (!KEY.test(key)) throw new HttpError(400, 'Parameter names are 1–64 letters, digits, ".", "_" or "-"');
    if (value.length > MAX_VALUE) throw new HttpError(400, `Parameter values are at most ${MAX_VALUE} characters`);
  }
  return fields;
}

function eventsPage(events: readonly AnalyticsEvent[], nonce: string): string {
  const rows = events.map(
    (event) =>
      html`<tr><td>${event.received_at}</td><td>${event.fields.action ?? ''}</td><td><code>${JSON.stringify(event.fields)}</code></td></tr>`,
  );
  const body = html`<h1>События аналитики</h1>
<p class="hint">Последние ${events.length} событий, новые сверху. <a href="?format=json">JSON</a></p>
<table><thead><tr><th>Время</th><th>Действие</th><th>Поля</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page({ title: 'События аналитики', body, nonce, css: 'main{max-width:1000px}code{word-break:break-all}' });
}

/**
 * The analytics receiver the SDK's trackers point at, and — in demo mode only — its inspection page: the
 * listing shows every visitor's session ids, device ids and user agents, so a production idp has none.
 */
export function analyticsRoutes(log: AnalyticsLog, demo: boolean): Router {
  const router = new Router((ctx, error) => {
    if (!(error instanceof HttpError)) console.error('[idp] analytics failed:', error);
    const status = error instanceof HttpError ? error.status : 500;
    sendJson(ctx, status, {
      error: status === 500 ? 'server_error' : 'invalid_request',
      error_description: error instanceof HttpError ? error.message : 'Internal error',
    });
  });

  router.options(ANALYTICS_EVENT_PATH, (ctx) => {
    openCors(ctx);
    ctx.status = 204;
  });

  router.get(ANALYTICS_EVENT_PATH, (ctx) => {
    openCors(ctx);
    log.record(validFields(ctx), ctx.get('origin') || undefined);
    ctx.set('Cache-Control', 'no-store');
    ctx.status = 204;
  });

  if (demo)
    router.get(ANALYTICS_EVENTS_PATH, (ctx) => {
      const { format } = singleQuery(ctx);
      if (format !== undefined && format !== 'json' && format !== 'html') throw new HttpError(400, 'format is json or html');
      if (format === 'json') return sendJson(ctx, 200, { events: log.list() });
      const nonce = newNonce();
      sendHtml(ctx, 200, eventsPage(log.list(), nonce), nonce);
    });

  return router;
}
