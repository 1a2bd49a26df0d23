import { defineConfig } from 'vitest/config';

// One vitest run for every package; each project keeps its own config beside its code.
export default defineConfig({
  test: {
    projects: ['sdk', 'sdk-react', 'demo-site/idp', 'sdk-react/react18', 'demo-site/server', 'demo-site/web', 'examples'],
  },
});
