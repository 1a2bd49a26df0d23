// `pnpm --filter @gid/server run config:check`: what a start with this environment would refuse or warn
// about, and what it would use — without starting anything (README «Deployment»).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEnvironment } from '../environment';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const reading = readEnvironment(process.env, repoRoot);
const lines = [
  ...reading.summary,
  ...(reading.refusals.length ? ['', 'A start would REFUSE:', ...reading.refusals.map((line) => `  - ${line}`)] : []),
  ...(reading.warnings.length ? ['', 'Warnings:', ...reading.warnings.map((line) => `  - ${line}`)] : []),
  '',
  reading.refusals.length ? 'Not ready to start.' : 'A start would go ahead.',
];
console.log(lines.join('\n'));
process.exitCode = reading.refusals.length ? 1 : 0;
