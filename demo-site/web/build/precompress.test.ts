import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { precompress } from './precompress';

let folder: string | undefined;
afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

type Hooks = { configResolved: (config: unknown) => void; closeBundle: () => Promise<void> };

it('compresses into an absolute outDir (a bench builds into a temporary folder) as into a relative one', async () => {
  folder = await mkdtemp(join(tmpdir(), 'gid-precompress-'));
  await writeFile(join(folder, 'app.js'), 'console.log("x");'.repeat(100));
  await writeFile(join(folder, 'logo.png'), 'not text');
  const plugin = precompress() as unknown as Hooks;
  plugin.configResolved({ root: '/nowhere/demo-site/web', build: { outDir: folder } });
  await plugin.closeBundle();
  expect((await readdir(folder)).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz', 'logo.png']);

  const relative = precompress() as unknown as Hooks;
  relative.configResolved({ root: folder, build: { outDir: '.' } });
  await writeFile(join(folder, 'more.css'), 'a{color:red}');
  await relative.closeBundle();
  expect(await readdir(folder)).toContain('more.css.br');
});
