import { defineConfig } from 'vitest/config';

// The examples' own rules (what integrators copy): the React server's forwarding, the script-tag
// server's static paths and the reference backend's provider URLs.
export default defineConfig({
  test: {
    name: 'examples',
    environment: 'node',
    include: ['*/src/**/*.test.ts', '*/server/**/*.test.ts', 'backend-node/*.test.ts'],
  },
});
