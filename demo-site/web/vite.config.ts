import process from 'node:process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { routeBoot } from './build/route-boot.ts';
import { earlyRequests } from './src/app/early-requests.ts';

// The server (demo-site/server) serves `dist/` and every `/api` call on port 3000; in development
// Vite serves the app and forwards `/api` and the seed's `/images` there.
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    routeBoot({ routerFile: fileURLToPath(new URL('./src/app/router.tsx', import.meta.url)), earlyRequests }),
    precompress(),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': api, '/images': api },
  },
  preview: { host: '127.0.0.1', port: 4173, proxy: { '/api': api, '/images': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    modulePreload: {
      // The basket's body (routes/basket/basket-body.tsx) is asked for after the heading's first
      // paint, on a phone's busy main thread: Vite's helper would first add a modulepreload link
      // for each of its ~16 imports in that one task (each link starts a request there, ~2–3 ms
      // apiece on a 4× slower CPU under DevTools: a task of 150–190 ms in Lighthouse's count). The
      // browser's module loader asks for those imports itself, off the main thread, once it has
      // read the chunk (one round trip more before the lines, on a visit from another screen too).
      resolveDependencies: (filename, deps) => (/(^|\/)basket-body-[\w-]+\.js$/.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The shell — the app (its dependencies come along) and what most screens share — in
              // one file: a first visit asks the server for a few files instead of a dozen small
              // ones, each a round trip on a phone network. main.tsx stays out, in the entry chunk:
              // its top-level await loads a screen chunk, which imports the shell, so the shell
              // must be able to finish evaluating without it.
              name: 'shell',
              test: /src[\\/](app[\\/]app\.tsx|components[\\/]ui[\\/](page|states)\.tsx)$|node_modules[\\/](@tanstack|zod)[\\/]/,
            },
            {
              // What the sign-in screens (/login, /registration, the social return) show first: a dozen
              // modules of a few hundred bytes that the default splitting gave a file each (shared by
              // different sets of screens). On a phone each file is a request on one of the browser's
              // six connections to the site; so /login asks for 3 files after the shell, not 15.
              name: 'sign-in',
              test: /src[\\/](features[\\/]auth[\\/](components[\\/](auth-providers|social-buttons|password-field|busy)|api[\\/](providers|sign-in-calls|schemas|messages|join-baskets)|social|rules|use-finish-sign-in)\.tsx?$|locales[\\/]auth(\.ru)?\.ts$)/,
              includeDependenciesRecursively: false,
            },
            {
              // The catalogue's small shared pieces (the events' and news' schemas and cards, the
              // banner's slide): apart, `/` asked for six files of 0.2–1.8 KB after its screen's chunk.
              name: 'catalogue',
              test: /src[\\/](features[\\/](events[\\/](api[\\/](schemas|get-event-types|get-events)|components[\\/](event-card|banner-slide)|similar)|news[\\/](api[\\/]schemas|components[\\/]news-card))\.tsx?$|lib[\\/]color\.ts$)/,
              includeDependenciesRecursively: false,
            },
            {
              // The cabinet's frame (its menu, the tickets' schemas, its texts) and the disclosure the
              // lists open with: every cabinet screen needs the frame, and apart, /me asked for seven files
              // after the shell, on a phone's six connections. The ticket card stays a file of its own:
              // in this group it made /me/shop, which shows none, load 8 KB more before its first paint.
              name: 'cabinet',
              test: /src[\\/](app[\\/]routes[\\/]me[\\/]cabinet-frame|components[\\/]ui[\\/]disclosure|features[\\/](sessions[\\/]api[\\/]logout|tickets[\\/]api[\\/](schemas|get-tickets))|locales[\\/]cabinet(\.ru)?)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
