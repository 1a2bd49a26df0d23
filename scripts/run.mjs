// Runs a workspace binary after making sure the dependencies are installed: `node scripts/run.mjs biome check .`
import { ensureDependencies, pnpm } from './lib.mjs';

await ensureDependencies();
process.exit(await pnpm(['exec', ...process.argv.slice(2)]));
