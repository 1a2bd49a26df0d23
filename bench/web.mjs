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

// The basket route's own JS (issue 13): its chunk and what it imports beyond what `/` already loaded
// (the participant and insurance forms, masks, zod resolvers), gzip -9.
const homeFiles = new Set(files);
const basketFiles = new Set();
const visitRoute = (key) => {
  const chunk = manifest[key];
  if (!chunk || basketFiles.has(chunk.file) || homeFiles.has(chunk.file)) return;
  basketFiles.add(chunk.file);
  for (const next of chunk.imports ?? []) visitRoute(next);
};
visitRoute('src/app/routes/basket/basket.tsx');
let basketJs = 0;
for (const file of basketFiles) if (file.endsWith('.js')) basketJs += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
console.log(`Basket route: its own JS beyond \`/\` (${basketFiles.size} chunks, gzip -9)`);
console.log(`  JS  ${kb(basketJs)} KB (target ≤ 60 KB → ${basketJs <= 60 * 1024 ? 'met' : 'NOT met'})\n`);
