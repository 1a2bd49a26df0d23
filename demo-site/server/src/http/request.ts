import type { FastifyRequest } from 'fastify';
import { type ContentLanguage, pickLanguage } from '../lib/language';

/** What a sign-in records about the request. */
export interface RequestMeta {
  ip: string | undefined;
  userAgent: string | undefined;
  /** The visitor's language (`Accept-Language`, Russian by default): what is kept for their letters. */
  language?: ContentLanguage;
}

const clientIps = new WeakMap<FastifyRequest, string>();

/**
 * The client's address, read once per request: Fastify's `request.ip` reads X-Forwarded-For through the
 * trusted proxies again at each access (the rate limit's key and the purchase both want it).
 */
export function clientIp(request: FastifyRequest): string {
  let ip = clientIps.get(request);
  if (ip === undefined) {
    ip = request.ip;
    clientIps.set(request, ip);
  }
  return ip;
}

export const requestMeta = (request: FastifyRequest): RequestMeta => ({
  ip: clientIp(request),
  userAgent: request.headers['user-agent']?.slice(0, 512),
  language: pickLanguage(request.headers['accept-language']),
});

/** accounts-sso §6: the stored token goes in `Authorization`, as `Bearer <token>` or bare. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization?.trim();
  if (!header) return null;
  const token = (/^Bearer\s+(.+)$/i.exec(header)?.[1] ?? header).trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}
