import { BACKEND_PREFIX } from './settings';

/**
 * Where a backend call goes: `backendUrl`'s origin with the request's path and query — nothing else of
 * the request line. A request line such as `//other.host/api/v0.3/backend/oauth/token` or
 * `http://other.host/…` would otherwise resolve to another host and carry the caller's headers there.
 * Null for a request line that is not a plain origin-relative path under the backend prefix.
 */
export function backendTarget(requestLine: string, backendUrl: string): URL | null {
  if (!requestLine.startsWith('/') || requestLine.startsWith('//') || requestLine.includes('\\')) return null;
  const parsed = new URL(requestLine, 'http://placeholder.invalid');
  if (parsed.origin !== 'http://placeholder.invalid' || !parsed.pathname.startsWith(BACKEND_PREFIX)) return null;
  const target = new URL(new URL(backendUrl).origin);
  target.pathname = parsed.pathname;
  target.search = parsed.search;
  return target;
}
