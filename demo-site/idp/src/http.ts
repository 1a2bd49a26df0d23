import type { Context, Middleware, Next } from 'koa';
import { contentSecurityPolicy } from './pages/html';

/** An error whose message is safe to show: the status and text go to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 'invalid_request',
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export type Handler = (ctx: Context, params: Record<string, string>) => Promise<void> | void;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler;
}

/**
 * The few routes the provider serves next to oidc-provider's own. Paths are exact, `:name`
 * segments capture one path segment; anything unmatched falls through to oidc-provider.
 */
export class Router {
  private readonly routes: Route[] = [];

  /** @param onError turns anything a handler throws into a response (no stack ever leaves). */
  constructor(private readonly onError: (ctx: Context, error: unknown) => void) {}

  get(path: string, handler: Handler): this {
    return this.add('GET', path, handler);
  }

  post(path: string, handler: Handler): this {
    return this.add('POST', path, handler);
  }

  options(path: string, handler: Handler): this {
    return this.add('OPTIONS', path, handler);
  }

  middleware(): Middleware {
    return async (ctx: Context, next: Next) => {
      const matched = this.match(ctx.method, ctx.path);
      if (!matched) return next();
      try {
        await matched.route.handler(ctx, matched.params);
      } catch (error) {
        this.onError(ctx, error);
      }
    };
  }

  private add(method: string, path: string, handler: Handler): this {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([A-Za-z0-9_-]+)';
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), names, handler });
    return this;
  }

  private match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    const verb = method === 'HEAD' ? 'GET' : method;
    for (const route of this.routes) {
      const found = route.method === verb ? route.pattern.exec(path) : null;
      if (!found) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => {
        params[name] = found[i + 1] ?? '';
      });
      return { route, params };
    }
    return undefined;
  }
}

const FORM_LIMIT = 16 * 1024;

/** Reads an `application/x-www-form-urlencoded` body of at most 16 KiB. */
export async function readForm(ctx: Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new HttpError(415, 'Ожидается отправка HTML-формы');
  }
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > FORM_LIMIT) throw new HttpError(413, 'Слишком большой запрос');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT) throw new HttpError(413, 'Слишком большой запрос');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Sends one of the provider's HTML pages with its CSP, never cached. */
export function sendHtml(ctx: Context, status: number, body: string, nonce: string, frameAncestors?: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', contentSecurityPolicy(nonce, frameAncestors));
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'no-referrer');
  if (frameAncestors === undefined) ctx.set('X-Frame-Options', 'DENY');
  ctx.body = body;
}

export function sendJson(ctx: Context, status: number, body: unknown): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** CORS for the SDK-facing endpoints: any site may read them, without credentials. */
export function openCors(ctx: Context): void {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Allow-Methods', 'GET, OPTIONS');
  ctx.set('Access-Control-Allow-Headers', 'Content-Type');
  ctx.set('Access-Control-Max-Age', '600');
}

/** Query parameters as a plain record of single values (a repeated parameter is rejected). */
export function singleQuery(ctx: Context): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(ctx.query)) {
    if (Array.isArray(value)) throw new HttpError(400, `Параметр ${key} передан несколько раз`);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
