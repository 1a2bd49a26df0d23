import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 15_000,
    // One module graph per worker: the test files reset what they share (storage, basket, language) after each test.
    pool: 'threads',
    isolate: false,
  },
});
