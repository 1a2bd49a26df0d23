import process from 'node:process';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server (demo-site/server) serves `dist/` and every `/api` call on port 3000; in development
// Vite serves the app and forwards `/api` and the seed's `/images` there.
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
  },
});
