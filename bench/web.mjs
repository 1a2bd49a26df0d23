// Web app size: gzip bytes of the JS and CSS that `/` loads — the entry, its static imports, the
// home screen's chunk (route-level code splitting), read from Vite's build manifest, and the
// scripts index.html names that the manifest does not know (the boot script of
// demo-site/web/build/route-boot.ts). Chunks loaded later (Swiper, on the first reach for the
// carousel) are not counted. The same for `/login`, and the GID chunk its button loads next.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'demo-site', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const html = readFileSync(join(dist, 'index.html'), 'utf8');

/** The files a page at a route loads first: the entry, the route's chunk, their static imports, the boot script. */
function filesFor(route) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit('index.html');
  visit(route);
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)) files.add(src);
  return files;
}

function sizes(files) {
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const home = filesFor('src/app/routes/home.tsx');
const { js, css } = sizes(home);
console.log(`\nWeb app: what \`/\` loads (${home.size} files, gzip -9)`);
console.log(`  JS  ${kb(js)} KB (target ≤ 150 KB → ${js <= 150 * 1024 ? 'met' : 'NOT met'})`);
console.log(`  CSS ${kb(css)} KB`);
/** The chunks `entry` loads beyond those already in `loaded` (a lazily loaded part of a route). */
function ownFiles(entry, loaded) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || loaded.has(chunk.file) || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const cssFile of chunk.css ?? []) if (!loaded.has(cssFile)) files.add(cssFile);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(entry);
  return files;
}

// The login screen, before its GID button: the SDK and @gid/sdk-react come in a chunk of their own.
const login = filesFor('src/app/routes/auth/login.tsx');
const gidFiles = ownFiles('src/features/auth/components/gid-sign-in.tsx', login);
const loginSizes = sizes(login);
console.log(`\nWhat \`/login\` loads (${login.size} files): JS ${kb(loginSizes.js)} KB, CSS ${kb(loginSizes.css)} KB`);
console.log(`  then its GID button (SDK + @gid/sdk-react, ${gidFiles.size} files): JS ${kb(sizes(gidFiles).js)} KB\n`);

// The basket route's own JS (issue 13): its chunk and what it imports beyond what `/` already loaded
// (the participant and insurance forms, masks, zod resolvers), gzip -9 — with its body
// (routes/basket/basket-body.tsx), the chunk it loads itself after the heading's first paint.
const basketFiles = ownFiles('src/app/routes/basket/basket.tsx', home);
for (const file of ownFiles('src/app/routes/basket/basket-body.tsx', new Set([...home, ...basketFiles]))) basketFiles.add(file);
const basketJs = sizes([...basketFiles].filter((file) => file.endsWith('.js'))).js;
console.log(`Basket route: its own JS beyond \`/\` (${basketFiles.size} chunks, gzip -9)`);
console.log(`  JS  ${kb(basketJs)} KB (target ≤ 60 KB → ${basketJs <= 60 * 1024 ? 'met' : 'NOT met'})\n`);

// The personal cabinet's code loads on its routes only: none of its chunks (the /me* screens and the
// features they alone use) is among what `/` loads; what /me adds on top of `/` is its own figure.
const cabinetSource = /^src\/(?:app\/routes\/me|features\/(?:tickets|orders|insurances|sessions|settings))\//;
const homeCabinet = Object.entries(manifest)
  .filter(([source, chunk]) => cabinetSource.test(source) && home.has(chunk.file))
  .map(([source]) => source);
const meFiles = ownFiles('src/app/routes/me/my-events.tsx', home);
const me = sizes(meFiles);
console.log(`Web app: what \`/me\` adds to it (${meFiles.size} files, gzip -9): JS ${kb(me.js)} KB, CSS ${kb(me.css)} KB`);
console.log(`  cabinet code on \`/\`: ${homeCabinet.length === 0 ? 'none (met)' : `${homeCabinet.join(', ')} (NOT met)`}\n`);
