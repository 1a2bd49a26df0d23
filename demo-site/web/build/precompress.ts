import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** What the server sends compressed (demo-site/server/src/http/web-app.ts: COMPRESSIBLE). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside every compressible build file, once, at
 * build time: the server sends them as they are (`gzip_static`, as nginx calls it) instead of
 * compressing the whole build again after each start — 1.6 s of a core on the demo's 2.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gid-precompress',
    apply: 'build',
    configResolved(config) {
      // `build.outDir` may be absolute (bench/basket.mjs builds into a temporary folder): resolve, not join.
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.has(extname(entry.name)))
        .map((entry) => join(entry.parentPath, entry.name));
      // zlib runs on libuv's pool: four files at a time.
      await Promise.all(
        [0, 1, 2, 3].map(async (lane) => {
          for (let i = lane; i < files.length; i += 4) await compressFile(files[i]!);
        }),
      );
    },
  };
}

async function compressFile(file: string): Promise<void> {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    gzipAsync(raw, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}
