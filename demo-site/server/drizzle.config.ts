import { defineConfig } from 'drizzle-kit';

// `pnpm db:generate` writes a new versioned migration after a change to src/db/schema/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
