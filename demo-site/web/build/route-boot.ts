// A Vite plugin: the page's boot script. The app is one HTML page for every address, and each
// screen is its own chunk, so without help the browser learns which chunk (and which data) the
// address needs only after the main bundle has downloaded and run — two round trips in a row.
// The boot script, a few hundred bytes loaded `async` from the page's head (the server's CSP
// allows no inline script), tells it at once: a modulepreload link for the screen's chunk and
// its imports, and the screen's first GET calls (src/app/early-requests.ts), whose answers the
// HTTP layer then takes instead of asking again.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

interface Options {
  /** The route table's source: `{ path: '…', ...screen(() => import('./routes/…')) }` entries. */
  routerFile: string;
  /** Exact path → the GET URLs its screen asks for first. */
  earlyRequests: Record<string, readonly string[]>;
}

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  isEntry?: boolean;
}

/** `/calendar/:eventId` → a regular expression source for the whole path. */
const patternSource = (path: string) =>
  `^${path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')}/?$`;

/** The screen routes of the route table: path and the screen module's file. */
export function screenRoutes(routerFile: string): { path: string; module: string }[] {
  const source = readFileSync(routerFile, 'utf8');
  const found = [...source.matchAll(/path: '([^']+)',\s*\.\.\.screen\(\(\) => import\('([^']+)'\)\)/g)];
  return found
    .filter(([, path]) => path !== '*')
    .map(([, path, module]) => ({ path: path!, module: resolve(dirname(routerFile), `${module}.tsx`) }));
}

export const bootSource = (routes: [string, string[]][], early: Record<string, readonly string[]>) => `(() => {
  const path = location.pathname;
  for (const [pattern, files] of ${JSON.stringify(routes)}) {
    if (!new RegExp(pattern).test(path)) continue;
    for (const file of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = file;
      document.head.append(link);
    }
    break;
  }
  const urls = ${JSON.stringify(early)}[path.replace(/(.)\\/$/, '$1')];
  if (!urls) return;
  let token = null;
  let language = 'ru';
  try {
    token = localStorage.getItem('token');
    if (localStorage.getItem('lang') === 'en') language = 'en';
  } catch {}
  const headers = { Accept: 'application/json', 'Accept-Language': language };
  if (token) headers.Authorization = 'Bearer ' + token;
  const responses = {};
  for (const url of urls) {
    // A signed-in call of a guest's page would only be refused (the screen sends a guest to /login).
    // No screen in early-requests.ts lists one today (/me left it); the rule keeps the list safe to
    // extend.
    if (!token && url.startsWith('/api/user/')) continue;
    const response = fetch(url, { headers, credentials: 'same-origin' });
    response.catch(() => {});
    responses[url] = response;
  }
  window.__gidEarly = { at: performance.now(), token, language, responses };
})();
`;

export function routeBoot(options: Options): Plugin {
  let boot: { fileName: string; source: string } | undefined;
  let outDir = 'dist';
  return {
    name: 'gid-route-boot',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle as Record<string, ChunkLike> | undefined;
        if (!bundle) return undefined;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What the page's own <script> and modulepreload links already load.
        const loaded = new Set<string>();
        const visit = (file: string, into: Set<string>) => {
          if (into.has(file) || loaded.has(file)) return;
          into.add(file);
          for (const next of byFile.get(file)?.imports ?? []) visit(next, into);
        };
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) visit(entry.fileName, loaded);

        const routes: [string, string[]][] = [];
        const screens = screenRoutes(options.routerFile);
        if (screens.length === 0) throw new Error(`route-boot: no screen routes found in ${options.routerFile}`);
        for (const { path, module } of screens) {
          const chunk = chunks.find((item) => item.facadeModuleId === module);
          if (!chunk) throw new Error(`route-boot: no chunk for ${module} (route ${path})`);
          const files = new Set<string>();
          visit(chunk.fileName, files);
          routes.push([patternSource(path), [...files].map((file) => `/${file}`)]);
        }
        const source = bootSource(routes, options.earlyRequests);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        boot = { fileName: `assets/boot-${hash}.js`, source };
        return [{ tag: 'script', attrs: { type: 'module', async: true, src: `/${boot.fileName}` }, injectTo: 'head' }];
      },
    },
    async writeBundle() {
      if (!boot) return;
      const file = join(outDir, boot.fileName);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, boot.source);
    },
  };
}
