// Helpers shared by the root scripts: they make a fresh clone runnable with nothing but Node and npm.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.9';

/** The command that runs the pinned pnpm: the global one when it is the right version, npx otherwise. */
export function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ['pnpm'];
  return ['npx', '-y', `pnpm@${PNPM_VERSION}`];
}

/** Runs a command with inherited stdio; resolves to its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${cmd}: ${error.message}`);
      resolvePromise(1);
    });
  });
}

export async function pnpm(args, options) {
  const [cmd, ...pre] = pnpmCommand();
  return run(cmd, [...pre, ...args], options);
}

/** Installs the workspace's dependencies from the lockfile (a no-op in about a second when nothing changed). */
export async function ensureDependencies() {
  // Quiet when nothing changed; on a failure, run again with output so the reason is shown.
  if ((await pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=silent'])) === 0) return;
  if ((await pnpm(['install', '--frozen-lockfile', '--prefer-offline'])) !== 0) throw new Error('pnpm install failed');
}

/** Installs Debian's Chromium when it is missing: the browser tests never download a browser of their own. */
export async function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  console.log('Installing Debian’s Chromium (apt-get)…');
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps = [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', 'chromium']],
  ];
  for (const [cmd, args] of steps) {
    const [bin, ...rest] = [...sudo, cmd, ...args];
    const code = await run(bin, rest, { env });
    if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  }
}

/** Where `npm run build` writes the npm tarballs of the two SDK packages. */
export const PACKAGES_DIR = join(root, 'dist', 'packages');

/**
 * Packs `@gid/sdk` and `@gid/sdk-react` (already built) as npm tarballs into `destination`:
 * `gid-sdk-<version>.tgz`, `gid-sdk-react-<version>.tgz`. pnpm's pack turns `workspace:*` into
 * the version, so the React package depends on the SDK tarball installed beside it. Each tarball is
 * also unpacked beside it (`sdk/`, `sdk-react/`): the published files alone, no `node_modules` and no
 * `workspace:` range, the folders an app installs from (`npm install --install-links <folder>`) —
 * the workspace folders themselves carry the workspace's own React.
 */
export async function packSdk(destination = PACKAGES_DIR, options = {}) {
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  for (const dir of ['sdk', 'sdk-react']) {
    const before = new Set(readdirSync(destination));
    const code = await pnpm(['pack', '--pack-destination', destination], { ...options, cwd: join(root, dir) });
    if (code !== 0) throw new Error(`packing ${dir} failed`);
    const tarball = readdirSync(destination).find((name) => name.endsWith('.tgz') && !before.has(name));
    if (!tarball) throw new Error(`packing ${dir} wrote no tarball`);
    mkdirSync(join(destination, dir));
    const untar = spawnSync('tar', ['-xzf', join(destination, tarball), '-C', join(destination, dir), '--strip-components=1']);
    if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed: ${untar.stderr}`);
  }
  return destination;
}

export async function build() {
  await ensureDependencies();
  const code = await pnpm(['-r', '--workspace-concurrency=1', 'run', 'build']);
  if (code !== 0) throw new Error('build failed');
  await packSdk(PACKAGES_DIR, { stdio: 'ignore' });
  console.log(`npm packages: ${PACKAGES_DIR}/gid-sdk-*.tgz, gid-sdk-react-*.tgz (unpacked: ${PACKAGES_DIR}/sdk, sdk-react)`);
}

/** The workspace's packages whose sources a build reads, and the outputs a start needs. */
const BUILD_INPUTS = ['sdk', 'sdk-react', 'demo-site', 'examples'];
const BUILD_ROOT_FILES = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', 'tsconfig.base.json'];
const BUILD_OUTPUTS = ['sdk/dist', 'sdk-react/dist', 'demo-site/web/dist', 'demo-site/server/dist/main.mjs', 'examples/react/dist'];
/** Not inputs of a build: dependencies, outputs, data, reports, and the tests. */
const NOT_INPUT = new Set(['node_modules', 'dist', 'dist-profile', '.data', 'coverage', 'test-results', 'playwright-report', '.git']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/**
 * A fingerprint of everything a build reads: each source file's path, size and modification time
 * under the packages (tests, outputs and dependencies left out), and the workspace's manifests and
 * lockfile. Unchanged, the last build's outputs are still right.
 */
export function buildFingerprint() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      if (NOT_INPUT.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && !TEST_FILE.test(entry.name)) {
        const stat = statSync(path);
        hash.update(`${path.slice(root.length)} ${stat.size} ${Math.round(stat.mtimeMs)}\n`);
      }
    }
  };
  for (const dir of BUILD_INPUTS) if (existsSync(join(root, dir))) walk(join(root, dir));
  for (const file of BUILD_ROOT_FILES) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(`${file} ${readFileSync(path, 'utf8')}\n`);
  }
  return hash.digest('hex');
}

const STAMP = join(root, 'node_modules', '.cache', 'gid-start', 'build-stamp');

/**
 * `npm start`'s build: skipped when nothing it reads changed since the last one that succeeded (and
 * its outputs are there); otherwise dependencies and every package built with their output going to
 * `logFile` only. Resolves to `{ skipped, seconds }`; a failed build rejects, its log kept.
 */
export async function buildIfChanged(logFile) {
  const started = performance.now();
  const before = buildFingerprint();
  const outputsThere = BUILD_OUTPUTS.every((output) => existsSync(join(root, output)));
  if (outputsThere && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === before) return { skipped: true, seconds: 0 };
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  await new Promise((resolveOpen) => log.once('open', resolveOpen));
  const quiet = { stdio: ['ignore', log, log] };
  try {
    if ((await pnpm(['install', '--frozen-lockfile', '--prefer-offline'], quiet)) !== 0) throw new Error('pnpm install failed');
    if ((await pnpm(['-r', '--workspace-concurrency=1', 'run', 'build'], quiet)) !== 0) throw new Error('build failed');
  } finally {
    await new Promise((resolveClose) => log.end(resolveClose));
  }
  // The fingerprint the build started from: a file changed while it ran is built next time.
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${before}\n`);
  return { skipped: false, seconds: (performance.now() - started) / 1000 };
}

/** The newest modification time of the files under `dir` (ms). */
function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * How to run a part whose build bundles its entry (`dist/main.mjs`, the ticketing API's
 * `pnpm build`): that bundle with plain node when it is at least as new as every file of `src/`,
 * otherwise the TypeScript entry through tsx (a change made after the last build is never missed).
 * Returns the arguments for `pnpm --dir <dir> exec`.
 */
export function partCommand(dir, entry) {
  const bundle = join(root, dir, 'dist', 'main.mjs');
  const sources = join(root, dir, 'src');
  if (existsSync(bundle) && existsSync(sources) && statSync(bundle).mtimeMs >= newestIn(sources)) return ['node', 'dist/main.mjs'];
  return ['tsx', entry];
}
