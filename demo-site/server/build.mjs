// `pnpm build`: the server as one ES module, dist/main.mjs (esbuild; the packages stay in
// node_modules), beside the migrations and PGlite's initdb script it reads at run time, and the
// migrated empty database a first start copies (dist/pglite-template). `npm start` and
// the benchmarks run it with plain node: no TypeScript compiled at every start (tsx's loader thread and
// its transpiled copies were ~80 MiB of the server's RSS and most of its start time). Tests run src/.
// esbuild is the workspace root's (the same version the root builds with).
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, 'dist');
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [join(here, 'src/main.ts')],
  outfile: join(dist, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Our own workspace packages (`@gid/net`) are TypeScript sources, which plain node cannot import:
  // they go into the bundle.
  plugins: [
    {
      name: 'workspace-sources',
      setup(build) {
        build.onResolve({ filter: /^@gid\// }, ({ path, importer }) => ({ path: createRequire(importer).resolve(path) }));
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});
// Read next to the module at run time (`new URL('./migrations', import.meta.url)` and the like).
cpSync(join(here, 'src/db/migrations'), join(dist, 'migrations'), { recursive: true });
cpSync(join(here, 'src/db/pglite-initdb.mjs'), join(dist, 'pglite-initdb.mjs'));
// The database a first start begins from: initdb and the migrations done once here (~5 s), so that a
// first start copies this folder (client.ts) instead. Made by the same PGlite the server runs.
const template = spawnSync(
  process.execPath,
  [join(dist, 'pglite-initdb.mjs'), join(dist, 'pglite-template'), '--migrate', join(dist, 'migrations')],
  { stdio: 'inherit' },
);
if (template.status !== 0) process.exit(template.status ?? 1);
