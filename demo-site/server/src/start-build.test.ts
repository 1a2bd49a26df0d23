import { statSync, utimesSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// `npm start` skips the build when the fingerprint of what it reads is the last build's (scripts/lib.mjs).
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const libPath = resolve(repoRoot, 'scripts/lib.mjs');

it('the build fingerprint changes with a source file, not with a test file', async () => {
  const { buildFingerprint } = (await import(libPath)) as { buildFingerprint(): string };
  const first = buildFingerprint();
  expect(buildFingerprint()).toBe(first);
  const touch = (file: string, run: () => void) => {
    const { atime, mtime } = statSync(file);
    try {
      utimesSync(file, atime, new Date(mtime.getTime() + 1000));
      run();
    } finally {
      utimesSync(file, atime, mtime);
    }
  };
  // A test is not an input of the build.
  touch(fileURLToPath(import.meta.url), () => expect(buildFingerprint()).toBe(first));
  // A source (here the server's README, beside its code) is.
  touch(resolve(repoRoot, 'demo-site/server/README.md'), () => expect(buildFingerprint()).not.toBe(first));
  expect(buildFingerprint()).toBe(first);
});
