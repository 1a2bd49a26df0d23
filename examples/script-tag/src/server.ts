// The script-tag example: static pages that load the SDK's IIFE build, served by plain node:http.
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBackend } from './backend';
import { staticFile } from './paths';

const here = dirname(fileURLToPath(import.meta.url));
const publicDir = join(here, '..', 'public');
const sdkFile = join(here, '..', '..', '..', 'sdk', 'dist', 'gid-sdk.iife.js');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface ExampleOptions {
  port?: number;
  host?: string;
  /** The identity provider's origin. */
  idpUrl?: string;
  /** The clients registered for this example at the provider; the first is the default. */
  clientIds?: string[];
  /**
   * Other apps whose token and logout calls this reference backend also takes, e.g. the React
   * example, whose server passes them on here.
   */
  extraClients?: { clientId: string; redirectUris: string[] }[];
}

export interface RunningExample {
  url: string;
  close(): Promise<void>;
}

/** Settings the pages read from `/config.js`, so one build serves any port. */
const pageConfig = (options: Required<Pick<ExampleOptions, 'idpUrl' | 'clientIds'>>) =>
  `window.EXAMPLE_CONFIG = ${JSON.stringify({ authUrl: options.idpUrl, clientIds: options.clientIds })};\n`;

// The popup callback page is sent with COOP, which cuts a popup off from its opener: the SDK's
// BroadcastChannel path is what brings the result home then.
const COOP_PAGES = new Set(['callback.html']);

async function serveFile(res: ServerResponse, file: string): Promise<void> {
  try {
    const body = await readFile(file);
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    };
    if (COOP_PAGES.has(file.split('/').pop() ?? '')) headers['Cross-Origin-Opener-Policy'] = 'same-origin';
    res.writeHead(200, headers);
    res.end(body);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Не найдено');
  }
}

export async function startExample(options: ExampleOptions = {}): Promise<RunningExample> {
  const idpUrl = options.idpUrl ?? 'http://127.0.0.1:4000';
  // example-curtain: the same page registered with the web curtain switched on.
  const clientIds = options.clientIds ?? ['example-script-tag', 'example-curtain'];
  const extraClients = options.extraClients ?? [];
  let origin = '';
  const backend = createBackend({
    idpUrl,
    clientIds: [...clientIds, ...extraClients.map((client) => client.clientId)],
    redirectUris: () => [`${origin}/`, `${origin}/callback.html`, ...extraClients.flatMap((client) => client.redirectUris)],
  });
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (await backend(req, res, url.pathname)) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'method_not_allowed' }));
      return;
    }
    if (url.pathname === '/config.js') {
      res.writeHead(200, { 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-store' }).end(pageConfig({ idpUrl, clientIds }));
      return;
    }
    if (url.pathname === '/gid-sdk.iife.js') return serveFile(res, sdkFile);
    const path = url.pathname === '/' ? '/index.html' : url.pathname;
    const file = staticFile(publicDir, path);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    return serveFile(res, file);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 3100, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
