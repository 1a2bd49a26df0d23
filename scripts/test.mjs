// `npm test`: installs what is missing (Debian's Chromium included), then runs every suite —
// lint + format, type checks, build, unit and component tests (vitest), end-to-end tests
// (Playwright on Debian's Chromium) — and ends with one line `N passed, N failed`.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureDependencies, pnpm, root } from './lib.mjs';

const results = join(root, '.data', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const tally = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

/** A check that is not a test runner (lint, types, build) counts as one test. */
async function check(name, step) {
  console.log(`\n▶ ${name}`);
  const ok = (await step()) === 0;
  tally[ok ? 'passed' : 'failed'] += 1;
  lines.push(`${ok ? '✓' : '✗'} ${name}`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Names every failed vitest test (file › title) and its first message line, so the summary at the end of a long log says what failed. */
function failedVitest(report) {
  const failed = [];
  for (const file of report.testResults ?? []) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of tests) {
      const first = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failed.push(`    ✗ ${where} › ${test.fullName ?? test.title}${first ? ` — ${first}` : ''}`);
    }
    if (tests.length === 0 && file.status === 'failed')
      failed.push(
        `    ✗ ${where} — ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
  }
  return failed;
}

try {
  await ensureDependencies();
  await ensureChromium();
} catch (error) {
  console.error(error.message);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

await check('lint and format (biome)', () => pnpm(['exec', 'biome', 'ci', '.']));
await check('type check (tsc, every package)', () => pnpm(['-r', '--no-bail', 'run', 'typecheck']));
const built = await check('build (every package)', () => pnpm(['-r', '--workspace-concurrency=1', 'run', 'build']));

console.log('\n▶ unit and component tests (vitest)');
const vitestFile = join(results, 'vitest.json');
const vitestCode = await pnpm(['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`]);
const vitest = readJson(vitestFile);
if (vitest) {
  tally.passed += vitest.numPassedTests;
  tally.failed += vitest.numFailedTests;
  tally.skipped += vitest.numPendingTests + vitest.numTodoTests;
  lines.push(`${vitestCode === 0 ? '✓' : '✗'} vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`);
  lines.push(...failedVitest(vitest));
}
if (!vitest || (vitestCode !== 0 && vitest.numFailedTests === 0)) {
  tally.failed += 1;
  lines.push('✗ vitest did not finish');
}

if (built) {
  console.log('\n▶ end-to-end tests (Playwright, Debian Chromium)');
  const e2eFile = join(results, 'playwright.json');
  const e2eCode = await pnpm(['--filter', '@gid/e2e', 'exec', 'playwright', 'test', '--reporter=list,json'], {
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile },
  });
  const stats = readJson(e2eFile)?.stats;
  if (stats) {
    tally.passed += stats.expected + stats.flaky;
    tally.failed += stats.unexpected;
    tally.skipped += stats.skipped;
    lines.push(`${e2eCode === 0 ? '✓' : '✗'} playwright: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed`);
  }
  if (!stats || (e2eCode !== 0 && stats.unexpected === 0)) {
    tally.failed += 1;
    lines.push('✗ playwright did not finish');
  }
}

console.log(`\n${lines.join('\n')}\n`);
console.log(`${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`);
process.exit(tally.failed === 0 ? 0 : 1);
