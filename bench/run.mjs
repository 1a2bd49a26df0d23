// `npm run bench`'s steps, each to its end: a step that fails (its exit code) or misses a target it names
// (a line saying «NOT met») is said so in the summary, and the next step still runs. Exit code 1 when any
// step failed or missed a target.
// `node run.mjs size rush` runs only those steps.
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const steps = [
  'size',
  'web',
  'paint',
  'server',
  'lighthouse',
  'payment',
  'payment-floor',
  'rush',
  'basket',
  'accounts',
  'checkin',
  'organizer',
  'providers',
  'model',
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !steps.includes(name));
if (unknown.length) {
  console.error(`Unknown bench step: ${unknown.join(', ')}. Steps: ${steps.join(', ')}`);
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));

/** Runs one step with its output passed through; keeps the last lines to quote when it fails. */
function run(name) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [`${name}.mjs`], { cwd: here, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    let missed = 0;
    const keep = (chunk, to) => {
      to.write(chunk);
      const text = chunk.toString();
      missed += text.match(/NOT met/g)?.length ?? 0;
      tail = (tail + text).slice(-2000);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('error', (error) => resolve({ name, code: null, signal: error.message, seconds: 0, missed, tail }));
    child.on('close', (code, signal) =>
      resolve({
        name,
        code,
        signal,
        missed,
        seconds: (performance.now() - started) / 1000,
        tail: tail.trim().split('\n').slice(-4).join('\n'),
      }),
    );
  });
}

const results = [];
for (const name of chosen.length ? chosen : steps) {
  console.log(`\n=== bench: ${name} ===`);
  results.push(await run(name));
}

console.log('\n=== bench summary ===');
const passed = (result) => result.code === 0 && result.missed === 0;
for (const result of results) {
  const verdict =
    result.code !== 0
      ? result.signal
        ? `stopped (${result.signal})`
        : `failed (exit ${result.code})`
      : result.missed
        ? `missed ${result.missed} target${result.missed > 1 ? 's' : ''}`
        : 'passed';
  console.log(`${result.name.padEnd(14)} ${verdict.padEnd(24)} ${result.seconds.toFixed(0).padStart(5)} s`);
  if (result.code !== 0) console.log(`    ${result.tail.split('\n').join('\n    ')}`);
}
const failed = results.filter((result) => !passed(result));
console.log(failed.length ? `${failed.length} of ${results.length} steps did not pass.` : `All ${results.length} steps passed.`);
process.exit(failed.length ? 1 : 0);
