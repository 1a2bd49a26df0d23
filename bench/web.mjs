// Web app size: gzip bytes of the JS and CSS that `/` loads — the entry, its static imports and
// the home screen's chunk (route-level code splitting), read from Vite's build manifest.
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
