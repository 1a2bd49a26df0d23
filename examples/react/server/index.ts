// The React example as one process: `vite build` of the app for the given provider, served by
// plain node:http, with the backend calls passed on to the reference backend.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { backendTarget } from './forward';
import { BACKEND_PREFIX } from './settings';

export { settingsFromEnv } from './settings';

const root = fileURLToPath(new URL('..', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
};

export interface ReactExampleOptions {
  /** Default 3200; `0` picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The identity provider's origin, built into the app. Default http://127.0.0.1:4000. */
  idpUrl?: string;
  /** The reference backend that takes the token and logout calls. Default http://127.0.0.1:3100. */
  backendUrl?: string;
}

export interface RunningReactExample {
  url: string;
  close(): Promise<void>;
}

/** Builds the app for `idpUrl` into a fresh folder. */
async function buildApp(idpUrl: string): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'gid-example-react-'));
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    define: { 'import.meta.env.VITE_GID_AUTH_URL': JSON.stringify(idpUrl) },
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** Passes a backend call on to `backendUrl`'s origin and streams the answer back. */
function forward(req: IncomingMessage, res: ServerResponse, backendUrl: string): void {
  const target = backendTarget(req.url ?? '/', backendUrl);
  if (!target) {
    res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: 'invalid_request', error_description: 'Некорректный адрес запроса', status: 400 }));
    return;
  }
  const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: 'bad_gateway', error_description: 'Бэкенд примера недоступен', status: 502 }));
  });
  req.pipe(upstream);
}

/** A built file, or the app's page for any other path (the app has its own /callback). */
async function serveStatic(res: ServerResponse, dir: string, pathname: string): Promise<void> {
  const file = normalize(join(dir, decodeURIComponent(pathname)));
  const inside = file.startsWith(dir + sep);
  try {
    if (!inside || !extname(file)) throw new Error('not a file');
    const body = await readFile(file);
    // Vite names assets by content hash: they never change under the same name.
    const cache = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Cache-Control': cache });
    res.end(body);
  } catch {
    if (inside && extname(file) && extname(file) !== '.html') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Не найдено');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache' });
    res.end(await readFile(join(dir, 'index.html')));
  }
}

/**
 * Builds the example for `idpUrl` and serves it, passing `/api/v0.3/backend/oauth/*` on to
 * `backendUrl`, so the app's `backendUrl` is its own origin.
 * @example const example = await startReactExample({ port: 0, idpUrl, backendUrl }); … await example.close();
 */
export async function startReactExample(options: ReactExampleOptions = {}): Promise<RunningReactExample> {
  const idpUrl = options.idpUrl ?? 'http://127.0.0.1:4000';
  const backendUrl = options.backendUrl ?? 'http://127.0.0.1:3100';
  const dir = await buildApp(idpUrl);
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    // Any request line that parses to the backend prefix goes to forward(), which rebuilds it on the backend's origin.
    if (pathname.startsWith(BACKEND_PREFIX)) return forward(req, res, backendUrl);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    serveStatic(res, dir, pathname).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 3200, options.host ?? '127.0.0.1', resolve);
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
