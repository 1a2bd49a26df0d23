import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BACKEND_PREFIX, settingsFromEnv } from './server/settings.ts';

const { port, idpUrl, backendUrl } = settingsFromEnv();
// The token and logout calls stay on this origin; the dev server passes them to the backend.
const proxy = { [BACKEND_PREFIX]: { target: backendUrl, changeOrigin: true } };

export default defineConfig({
  plugins: [react()],
  define: { 'import.meta.env.VITE_GID_AUTH_URL': JSON.stringify(idpUrl) },
  server: { host: '127.0.0.1', port, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port, strictPort: true, proxy },
});
