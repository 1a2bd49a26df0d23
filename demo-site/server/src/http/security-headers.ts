import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers, worked out once. The configuration is static, so the headers are too;
 * @fastify/helmet builds helmet's middleware again on every request, which cost a quarter of the
 * time of a cached catalogue answer in `bench/server.mjs`.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The headers of a public catalogue answer (a `cache` route's JSON, never a page): a document's policies
 * (its sources, popups, referrers, DNS prefetch, IE's and Flash's switches) mean nothing to JSON, so it
 * gets the short set OWASP's REST cheat sheet names instead — a CSP that allows nothing, no framing, no
 * sniffing, no cross-origin reads — and HSTS when the pages have it. On the plain-http demo that is
 * 4 headers of 168 bytes instead of 11 of 666: some 500 bytes and 7 header validations less on every
 * answer of the busiest reads (`bench/server.mjs`; a cached formats answer is 3.5 KB).
 */
export function jsonSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  };
  const hsts = pageHeaders['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

/** Every answer, errors and 404s included, carries the headers (public catalogue JSON the short set). */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  const json = jsonSecurityHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.method === 'GET' && request.routeOptions.config.cache ? json : headers);
    done();
  });
}
