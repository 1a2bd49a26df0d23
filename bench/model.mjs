// The SDK's model-based test at bench scale (`node bench/model.mjs`): 20,000 runs of two tabs and
// every flow on a new seed (printed with the command that replays it; SDK_MODEL_SEED to choose one).
// `npm test` runs 1,000 of them; each run also runs a fifth as many of the crossing-news property
// (memory and session storage, the clock set back, messages in any interleaving).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runs = process.env.SDK_MODEL_RUNS ?? '20000';
const { status } = spawnSync('pnpm', ['exec', 'vitest', 'run', 'sdk/src/lib/model.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SDK_MODEL_RUNS: runs },
});
process.exit(status ?? 1);
