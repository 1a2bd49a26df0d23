// `npm run build`: installs what is missing and builds every package.
import { build } from './lib.mjs';

try {
  await build();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
