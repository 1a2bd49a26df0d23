// Web app size: gzip bytes of the JS and CSS that `/` loads — the entry, its static imports, the
// home screen's chunk (route-level code splitting), read from Vite's build manifest, and the
// scripts index.html names that the manifest does not know (the boot script of
// demo-site/web/build/route-boot.ts). Chunks loaded later (Swiper, on the first reach for the
// carousel) are not counted.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'demo-site', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const next of chunk.imports ?? []) visit(next);
};
visit('index.html');
visit('src/app/routes/home.tsx');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
for (const [, src] of html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)) files.add(src);

let js = 0;
let css = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  if (file.endsWith('.css')) css += size;
  else js += size;
}
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(`\nWeb app: what \`/\` loads (${files.size} files, gzip -9)`);
console.log(`  JS  ${kb(js)} KB (target ≤ 150 KB → ${js <= 150 * 1024 ? 'met' : 'NOT met'})`);
console.log(`  CSS ${kb(css)} KB\n`);

// The personal cabinet's code loads on its routes only: none of its chunks (the /me* screens and the
// features they alone use) is among what `/` loads; what /me adds on top of `/` is its own figure.
// Self-contained (its own walk of the manifest), so it reads the same beside the other pages' figures.
{
  const reach = (keys, skip = new Set()) => {
    const found = new Set();
    const walk = (key) => {
      const chunk = manifest[key];
      if (!chunk || found.has(chunk.file) || skip.has(chunk.file)) return;
      found.add(chunk.file);
      for (const cssFile of chunk.css ?? []) if (!skip.has(cssFile)) found.add(cssFile);
      for (const next of chunk.imports ?? []) walk(next);
    };
    for (const key of keys) walk(key);
    return found;
  };
  const home = reach(['index.html', 'src/app/routes/home.tsx']);
  const cabinetSource = /^src\/(?:app\/routes\/me|features\/(?:tickets|orders|insurances|sessions|settings))\//;
  const onHome = Object.entries(manifest)
    .filter(([source, chunk]) => cabinetSource.test(source) && home.has(chunk.file))
    .map(([source]) => source);
  const me = reach(['src/app/routes/me/my-events.tsx'], home);
  let meJs = 0;
  let meCss = 0;
  for (const file of me) {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.css')) meCss += size;
    else meJs += size;
  }
  console.log(
    `Web app: what \`/me\` adds to \`/\` (${me.size} files, gzip -9): JS ${(meJs / 1024).toFixed(1)} KB, CSS ${(meCss / 1024).toFixed(1)} KB`,
  );
  console.log(`  cabinet code on \`/\`: ${onHome.length === 0 ? 'none (met)' : `${onHome.join(', ')} (NOT met)`}\n`);
}
