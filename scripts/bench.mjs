// `npm run bench`: builds the packages, then prints every benchmark figure the issues name.
import { build, pnpm } from './lib.mjs';

try {
  await build();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
process.exit(await pnpm(['--filter', '@gid/bench', 'run', 'bench', ...process.argv.slice(2)]));
