// Serves the built web app (demo-site/web/dist) next to the API: files as they are, and
// index.html for every other page path so the client-side router can take it.
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { messages } from '../lib/errors';
import { compress, type Encoding, encodingFor } from './compression';
import { carriesSecret } from './log-redaction';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** A regular file inside `root` for this URL path, or undefined (no escaping the folder). */
async function fileFor(root: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const file = normalize(join(root, decoded));
  if (!file.startsWith(root + sep)) return undefined;
  const info = await stat(file).catch(() => undefined);
  return info?.isFile() ? file : undefined;
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);

const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/**
 * Build files never change while the server runs: each is read and compressed once. The web app's
 * build writes `file.br` and `file.gz` beside each (demo-site/web/build/precompress.ts); a copy not
 * older than its file is sent as it is, and only a build without them is compressed here.
 */
function fileCache() {
  const cache = new Map<string, Promise<Buffer>>();
  const compressed = async (file: string, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> => {
    const [source, copy] = await Promise.all([stat(file), stat(file + SUFFIX[encoding]).catch(() => undefined)]);
    if (copy?.isFile() && copy.mtimeMs >= source.mtimeMs) return readFile(file + SUFFIX[encoding]);
    return compress(await readFile(file), encoding, 'high');
  };
  return (file: string, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding}:${file}`;
    let body = cache.get(key);
    if (!body) {
      body = encoding === 'identity' ? readFile(file) : compressed(file, encoding);
      body.catch(() => cache.delete(key));
      cache.set(key, body);
    }
    return body;
  };
}

/**
 * The single sign-on callback pages (accounts-sso §2.13). In the sign-in popup the provider sends the
 * browser back here; `unsafe-none` keeps the popup in its opener's browsing context group, so the page
 * can hand the answer to the login screen that opened it (the SDK's postMessage).
 */
const POPUP_CALLBACKS = new Set(['/auth/gid', '/test']);

/** Adds the web app's catch-all GET route; API paths that no route matched stay a JSON 404. */
export async function installWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const root = normalize(distDir);
  const index = await fileFor(root, '/index.html');
  if (!index) return false;
  const read = fileCache();
  // Every build file's compressed copies in memory now, in the background (compressing, off the main
  // thread, only what the build did not), so the first visitor after a start does not wait for it; the
  // start itself does not wait either.
  void warm(root, read).catch((error: unknown) => app.log.warn({ err: error }, 'precompressing the web app failed'));
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') return reply.code(404).send({ message: messages.notFound });
    const file = (path !== '/' && (await fileFor(root, path))) || index;
    // Hashed build assets never change; index.html must always be fresh — and a page whose address
    // carries a token or a code (/token/{id}, /verify/…/{code}) is kept nowhere, the disk cache included.
    const cache = file.startsWith(join(root, 'assets') + sep)
      ? 'public, max-age=31536000, immutable'
      : carriesSecret(request.url)
        ? 'no-store'
        : 'no-cache';
    const encoding = COMPRESSIBLE.has(extname(file)) ? encodingFor(request.headers['accept-encoding']) : 'identity';
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    if (POPUP_CALLBACKS.has(path)) reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    return reply
      .header('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream')
      .header('Cache-Control', cache)
      .header('Vary', 'Accept-Encoding')
      .send(await read(file, encoding));
  });
  return true;
}

/**
 * Reads (or, without the build's copies, compresses) the brotli and gzip copy of every compressible
 * file under the build folder, one at a time.
 */
async function warm(root: string, read: (file: string, encoding: Encoding) => Promise<Buffer>): Promise<void> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    const file = join(entry.parentPath, entry.name);
    await read(file, 'br');
    await read(file, 'gzip');
  }
}
