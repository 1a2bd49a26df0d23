// Accounts adversary, the long run (`npm run bench`): issues 20 and 33's model-based test
// (demo-site/server/src/features/accounts/adversary.test.ts) with more sequences and longer ones than
// `npm test` runs — by default 20,000 sequences of up to 8 steps from a fresh seed (printed with the
// command that replays it). Prints sequences, steps, time and the machine's load; a counterexample fails
// the run with the steps that replay it. ADVERSARY_RUNS / ADVERSARY_STEPS / ADVERSARY_SEED override.
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const server = fileURLToPath(new URL('../demo-site/server/', import.meta.url));
const env = {
  ...process.env,
  ADVERSARY_RUNS: process.env.ADVERSARY_RUNS ?? '20000',
  ADVERSARY_STEPS: process.env.ADVERSARY_STEPS ?? '8',
  ADVERSARY_SEED: process.env.ADVERSARY_SEED ?? String(Math.floor(Math.random() * 2 ** 31)),
};
const load = loadavg()[0];
console.log(
  `accounts adversary: ${env.ADVERSARY_RUNS} sequences of ≤ ${env.ADVERSARY_STEPS} steps, seed ${env.ADVERSARY_SEED} (load ${load.toFixed(1)} on ${cpus().length} cores); replay: ADVERSARY_SEED=${env.ADVERSARY_SEED} ADVERSARY_RUNS=${env.ADVERSARY_RUNS} ADVERSARY_STEPS=${env.ADVERSARY_STEPS} node bench/accounts.mjs`,
);
const started = performance.now();
const child = spawn(join(server, 'node_modules', '.bin', 'vitest'), ['run', 'src/features/accounts/adversary.test.ts', '--maxWorkers=1'], {
  cwd: server,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
const code = await new Promise((resolve) => child.on('close', resolve));
const figures = /adversary: (\d+) sequences, (\d+) steps, ([\d.]+) s/.exec(output);
console.log(
  figures
    ? `accounts adversary: ${figures[1]} sequences, ${figures[2]} steps in ${figures[3]} s (${((Number(figures[3]) * 1000) / Number(figures[2])).toFixed(1)} ms a step); whole run ${((performance.now() - started) / 1000).toFixed(1)} s; ${code === 0 ? 'no counterexample' : 'COUNTEREXAMPLE above'}`
    : `accounts adversary: no figures (exit ${code})`,
);
process.exit(code ?? 1);
