import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { routeBoot } from './route-boot';

let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

type Tag = { tag: string; attrs: Record<string, string | boolean> };
type Hooks = {
  configResolved: (config: unknown) => void;
  transformIndexHtml: { handler: (html: string, context: { bundle: Record<string, unknown> }) => Tag[] };
};

it('preloads the chunks the entry imports as it starts, and leaves them out of each route’s list', async () => {
  folder = await mkdtemp(join(tmpdir(), 'gid-route-boot-'));
  const routerFile = join(folder, 'router.tsx');
  await writeFile(routerFile, "export const routeTable = [\n  { path: '/', ...screen(() => import('./routes/home')) },\n];\n");
  const start = join(folder, 'start.tsx');
  const chunk = (fileName: string, more: object) => ({ type: 'chunk', fileName, imports: [], moduleIds: [], ...more });
  // As Rolldown splits the app: the entry and React; a facade of start.tsx over the shell group's chunk; the home screen.
  const bundle = {
    'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/react.js'] }),
    'assets/react.js': chunk('assets/react.js', {}),
    'assets/start.js': chunk('assets/start.js', { facadeModuleId: start, imports: ['assets/shell.js'] }),
    'assets/shell.js': chunk('assets/shell.js', { moduleIds: [start], imports: ['assets/react.js'] }),
    'assets/home.js': chunk('assets/home.js', {
      facadeModuleId: join(folder, 'routes', 'home.tsx'),
      imports: ['assets/shell.js', 'assets/catalogue.js'],
    }),
    'assets/catalogue.js': chunk('assets/catalogue.js', { imports: ['assets/react.js'] }),
  };
  const plugin = routeBoot({ routerFile, earlyRequests: {}, startModules: [start] }) as unknown as Hooks;
  plugin.configResolved({ root: folder, build: { outDir: 'dist' } });
  const tags = plugin.transformIndexHtml.handler('', { bundle });

  expect(tags.filter((tag) => tag.attrs.rel === 'modulepreload').map((tag) => tag.attrs.href)).toEqual([
    '/assets/start.js',
    '/assets/shell.js',
  ]);
  expect(tags[0]).toMatchObject({ tag: 'script', attrs: { type: 'module', async: true } });
  // The boot script's list for `/`: the screen and what it imports beyond the entry and the start chunks.
  await (plugin as unknown as { writeBundle: () => Promise<void> }).writeBundle();
  const [boot] = await readdir(join(folder, 'dist', 'assets'));
  const source = await readFile(join(folder, 'dist', 'assets', boot!), 'utf8');
  expect(source).toContain('[["^//?$",["/assets/home.js","/assets/catalogue.js"]]]');
});
