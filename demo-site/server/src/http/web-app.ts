// Serves the built web app (demo-site/web/dist) next to the API: files as they are, and
// index.html for every other page path so the client-side router can take it.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
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

/** Adds the web app's catch-all GET route; API paths that no route matched stay a JSON 404. */
export async function installWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const root = normalize(distDir);
  const index = await fileFor(root, '/index.html');
  if (!index) return false;
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') return reply.code(404).send({ message: messages.notFound });
    const file = (path !== '/' && (await fileFor(root, path))) || index;
    // Hashed build assets never change; index.html must always be fresh.
    const cache = file.startsWith(join(root, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache';
    return reply
      .header('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream')
      .header('Cache-Control', cache)
      .send(createReadStream(file));
  });
  return true;
}
