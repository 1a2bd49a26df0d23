import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The same test files as ../vitest.config.ts, with React, ReactDOM and Testing Library taken from
// this folder's React 18 install instead of the package's React 19.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const from18 = (name: string) => ({ find: new RegExp(`^${name}(/.*)?$`), replacement: `${here(`node_modules/${name}`)}$1` });

export default defineConfig({
  root: here('..'),
  resolve: {
    alias: [
      { find: '@gid/sdk', replacement: here('../../sdk/src/index.ts') },
      from18('react'),
      from18('react-dom'),
      from18('@testing-library/react'),
    ],
  },
  test: {
    name: 'sdk-react (React 18)',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: [here('assert-react18.ts'), 'src/test/setup.ts'],
  },
});
