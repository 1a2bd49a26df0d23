import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The SDK's source, so the tests need no build first (the package itself imports its dist).
  resolve: { alias: { '@gid/sdk': fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)) } },
  test: {
    name: 'sdk-react',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
