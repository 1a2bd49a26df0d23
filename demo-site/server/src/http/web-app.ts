// Serves the built web app (demo-site/web/dist) next to the API: files as they are, and
// index.html for every other page path so the client-side router can take it.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { messages } from '../lib/errors';

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

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt']);
type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer with, from Accept-Encoding (brotli first). */
const encodingFor = (accept: string | string[] | undefined): Encoding => {
  const value = String(accept ?? '');
  return /\bbr\b/.test(value) ? 'br' : /\bgzip\b/.test(value) ? 'gzip' : 'identity';
};

/** Build files never change while the server runs: each is read and compressed once. */
function fileCache() {
  const cache = new Map<string, Promise<Buffer>>();
  return (file: string, encoding: Encoding): Promise<Buffer> => {
    const key = `${encoding}:${file}`;
    let body = cache.get(key);
    if (!body) {
      body = readFile(file).then((raw) =>
        encoding === 'br'
          ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
          : encoding === 'gzip'
            ? gzipSync(raw, { level: 9 })
            : raw,
      );
      body.catch(() => cache.delete(key));
      cache.set(key, body);
    }
    return body;
  };
}

/** Adds the web app's catch-all GET route; API paths that no route matched stay a JSON 404. */
export async function installWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const root = normalize(distDir);
  const index = await fileFor(root, '/index.html');
  if (!index) return false;
  const read = fileCache();
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') return reply.code(404).send({ message: messages.notFound });
    const file = (path !== '/' && (await fileFor(root, path))) || index;
    // Hashed build assets never change; index.html must always be fresh.
    const cache = file.startsWith(join(root, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache';
    const encoding = COMPRESSIBLE.has(extname(file)) ? encodingFor(request.headers['accept-encoding']) : 'identity';
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply
      .header('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream')
      .header('Cache-Control', cache)
      .header('Vary', 'Accept-Encoding')
      .send(await read(file, encoding));
  });
  return true;
}
