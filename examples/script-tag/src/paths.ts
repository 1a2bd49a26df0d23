import { isAbsolute, join, normalize, relative, sep } from 'node:path';

/**
 * The file under `dir` a URL path names, or null when it would leave `dir`. The check includes the
 * separator: a bare `startsWith(dir)` lets `/x/public-secret/…` pass for `/x/public`.
 */
export function staticFile(dir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = normalize(join(dir, decoded));
  const rel = relative(dir, file);
  if (!rel || !file.startsWith(dir + sep) || rel.startsWith('..') || isAbsolute(rel)) return null;
  return file;
}

/** Loopback hosts: the only ones the reference backend reaches over plain http. */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An identity provider URL the reference backend may talk to: https, or plain http only to a loopback
 * host (the local idp). Integrators copy this backend; tokens must not cross a network in clear.
 */
export function providerUrl(value: string): URL {
  const url = new URL(value);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && (LOOPBACK.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname))) return url;
  throw new Error(`The identity provider must be https (plain http only to 127.0.0.1 / localhost): ${value}`);
}
