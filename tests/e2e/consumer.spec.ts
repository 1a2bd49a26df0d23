// The integrator's path, as the READMEs write it: the two packages packed as npm tarballs and
// installed into a fresh plain page and a fresh Vite + React app in a temporary folder (no workspace
// links, React the app's own, no resolve.dedupe), their clients registered through IDP_CLIENTS, the
// React app built for production, both served by examples/backend-node, and a popup sign-in in each.
// The files are the «Getting started» blocks of sdk/README.md and sdk-react/README.md, ports aside.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFile, lstat, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@gid/server/free-port';
import { expect, type Page, test } from '@playwright/test';
import { consentIfAsked } from './helpers';

const run = promisify(execFile);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LOGIN = 'Войти с Газпром ID';

/** The README's blocks `<!-- {marker}: path -->` followed by a fenced block: path → text. */
async function readmeFiles(readme: string, marker: string): Promise<Map<string, string>> {
  const text = await readFile(join(root, readme), 'utf8');
  const files = new Map<string, string>();
  for (const match of text.matchAll(new RegExp(`<!-- ${marker}: (\\S+) -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``, 'g')))
    files.set(match[1] as string, match[2] as string);
  return files;
}

/** Writes the files into `dir`, the README's provider and site origins replaced by this run's. */
async function writeApp(dir: string, files: Map<string, string>, idpUrl: string, origin: string) {
  for (const [path, text] of files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text.replaceAll('http://127.0.0.1:4000', idpUrl).replaceAll('http://127.0.0.1:5173', origin));
  }
}

/** Starts a child process and waits for `ready` in its output; its output is kept for the failure message. */
async function startChild(cmd: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }, ready: string) {
  const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${cmd} did not start:\n${output}`)), 30_000);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        ok();
      }
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.once('exit', (code) => fail(new Error(`${cmd} exited with ${code}:\n${output}`)));
  });
  return { child, output: () => output };
}

/** React, React DOM, Vite and its React plugin at the versions the workspace's React example uses. */
function reactAppDeps(versions: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }) {
  const pin = (name: string) => `${name}@${versions.dependencies?.[name] ?? versions.devDependencies?.[name]}`;
  return [pin('react'), pin('react-dom'), pin('vite'), pin('@vitejs/plugin-react')];
}

let tmp: string;
let packagesDir: string;
let reactAppFiles: Map<string, string>;
let npmInstall: (cwd: string, args: string[]) => Promise<unknown>;
let idpUrl: string;
let idpOutput: () => string;
const children: ChildProcess[] = [];
const sites = { plain: '', react: '' };

test.beforeAll(async () => {
  test.setTimeout(240_000);
  tmp = await mkdtemp(join(tmpdir(), 'gid-consumer-'));
  // 1. The tarballs, as `npm run build` writes them (the packages are built before the e2e suites).
  const { packSdk } = await import(pathToFileURL(join(root, 'scripts/lib.mjs')).href);
  const packages = await packSdk(join(tmp, 'packages'), { stdio: 'ignore' });
  packagesDir = packages;
  const sdkTgz = join(packages, 'gid-sdk-1.2.3.tgz');
  const reactTgz = join(packages, 'gid-sdk-react-1.2.3.tgz');

  const plainFiles = await readmeFiles('sdk/README.md', 'getting-started');
  const reactFiles = await readmeFiles('sdk-react/README.md', 'getting-started-react');
  reactAppFiles = reactFiles;
  expect([...plainFiles.keys()]).toEqual(['my-clients.json', 'public/index.html', 'public/auth/gid.html']);
  expect([...reactFiles.keys()]).toEqual(['my-clients.json', 'index.html', 'vite.config.js', 'src/main.jsx']);

  const [idpPort, plainPort, reactPort] = [await freePort(), await freePort(), await freePort()];
  idpUrl = `http://127.0.0.1:${idpPort}`;
  sites.plain = `http://127.0.0.1:${plainPort}`;
  sites.react = `http://127.0.0.1:${reactPort}`;
  const plain = join(tmp, 'my-shop');
  const react = join(tmp, 'my-react-shop');
  await writeApp(plain, plainFiles, idpUrl, sites.plain);
  await writeApp(react, reactFiles, idpUrl, sites.react);
  const versions = JSON.parse(await readFile(join(root, 'examples/react/package.json'), 'utf8'));
  const npm = (cwd: string, args: string[]) =>
    run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], { cwd, timeout: 180_000 });
  npmInstall = npm;
  await writeFile(join(plain, 'package.json'), '{ "name": "my-shop", "private": true }\n');
  await writeFile(join(react, 'package.json'), '{ "name": "my-react-shop", "private": true, "type": "module" }\n');
  await Promise.all([
    npm(plain, ['install', sdkTgz]).then(() =>
      copyFile(join(plain, 'node_modules/@gid/sdk/dist/gid-sdk.iife.js'), join(plain, 'public/gid-sdk.iife.js')),
    ),
    npm(react, ['install', ...reactAppDeps(versions), sdkTgz, reactTgz]),
  ]);
  // No workspace links: the packages are copies from the tarballs, React is the app's one copy.
  const { stdout } = await run('npm', ['ls', '--all', '--parseable', 'react'], { cwd: react });
  expect(stdout.trim().split('\n')).toEqual([join(react, 'node_modules/react')]);
  for (const name of ['@gid/sdk', '@gid/sdk-react']) expect((await lstat(join(react, 'node_modules', name))).isSymbolicLink()).toBe(false);
  // The production build.
  await run(join(react, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: react, timeout: 120_000 });

  // 2. The clients, through IDP_CLIENTS, on the provider's own start (`npm start` of demo-site/idp).
  const clients = [...JSON.parse(plainFiles.get('my-clients.json') as string), ...JSON.parse(reactFiles.get('my-clients.json') as string)];
  const clientsFile = join(tmp, 'clients.json');
  await writeFile(
    clientsFile,
    JSON.stringify(clients)
      .replaceAll('http://127.0.0.1:5173/auth/gid', '__')
      .replace('__', `${sites.plain}/auth/gid`)
      .replace('__', `${sites.react}/auth/gid`),
  );
  const idp = await startChild(
    join(root, 'demo-site/idp/node_modules/.bin/tsx'),
    ['src/main.ts'],
    {
      cwd: join(root, 'demo-site/idp'),
      env: {
        ...process.env,
        IDP_CLIENTS: clientsFile,
        GID_DEMO: '1',
        IDP_PORT: String(idpPort),
        IDP_DATA_DIR: join(tmp, 'idp'),
        GID_DATA_DIR: '',
        PORT: '',
        EXAMPLE_PORT: '',
        REACT_EXAMPLE_PORT: '',
        GID_CLIENT_ORIGINS: '',
      },
    },
    'my-react-shop:',
  );
  children.push(idp.child);
  idpOutput = idp.output;

  // 5. The backend, copied beside each app as the README says.
  for (const [dir, folder, clientId, port, origin] of [
    [plain, './public', 'my-shop', plainPort, sites.plain],
    [react, './dist', 'my-react-shop', reactPort, sites.react],
  ] as const) {
    await copyFile(join(root, 'examples/backend-node/server.mjs'), join(dir, 'server.mjs'));
    const backend = await startChild(
      process.execPath,
      ['server.mjs', folder],
      { cwd: dir, env: { ...process.env, CLIENT_ID: clientId, REDIRECT_URIS: `${origin}/auth/gid`, PORT: String(port), IDP_URL: idpUrl } },
      'Backend for',
    );
    children.push(backend.child);
  }
});

test.afterAll(async () => {
  for (const child of children) child.kill();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Signs in inside the popup: phone, the SMS code from this provider's outbox, consent. */
async function signInInPopup(page: Page, phone: string): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: LOGIN }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Введите ваш телефон:').fill(phone);
  await popup.getByRole('button', { name: 'Получить код' }).click();
  let code = '';
  await expect
    .poll(async () => {
      const response = await fetch(`${idpUrl}/dev/outbox?format=json&to=${encodeURIComponent(phone)}`);
      code = ((await response.json()) as { messages: { code: string }[] }).messages[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  await popup.getByLabel('Введите код из СМС').fill(code);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Войти' }).click();
  await consentIfAsked(popup, idpUrl);
  await closed;
}

test('the provider says which clients it serves, its own from IDP_CLIENTS among them', async () => {
  expect(idpOutput()).toContain(`my-shop: ${sites.plain}/auth/gid`);
  expect(idpOutput()).toContain(`my-react-shop: ${sites.react}/auth/gid`);
  const { clients } = (await (await fetch(`${idpUrl}/dev/clients?format=json`)).json()) as { clients: { client_id: string }[] };
  expect(clients.map((client) => client.client_id)).toEqual(expect.arrayContaining(['demo-site', 'my-shop', 'my-react-shop']));
});

test('a plain page with the packed @gid/sdk signs in by popup and keeps the session across a reload', async ({ page }) => {
  await page.goto(sites.plain);
  await expect(page.getByRole('status')).toHaveText('Вы не вошли.');
  await signInInPopup(page, '+79990000001');
  await expect(page.getByRole('status')).toHaveText('Вы вошли как Иван Петров.');
  await page.reload();
  await expect(page.getByRole('status')).toHaveText('Вы вошли как Иван Петров.');
});

test('a production Vite + React build with the packed @gid/sdk-react signs in by popup', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(sites.react);
  await expect(page.getByRole('status')).toHaveText('Вы не вошли.');
  await signInInPopup(page, '+79990000002');
  await expect(page.getByRole('status')).toHaveText('Вы вошли как Мария Смирнова.');
  expect(errors).toEqual([]);
});

test("@gid/sdk-react installed from its unpacked folder runs in Vite development and in a production build with the app's one React", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The README's other way: the folders `npm run build` unpacks beside the tarballs, installed with
  // `--install-links` (copies, not symlinks: a symlink resolves `react` from outside the app).
  const app = join(tmp, 'my-folder-shop');
  const [devPort, previewPort] = [await freePort(), await freePort()];
  await writeApp(app, reactAppFiles, idpUrl, `http://127.0.0.1:${devPort}`);
  await writeFile(join(app, 'package.json'), '{ "name": "my-folder-shop", "private": true, "type": "module" }\n');
  const versions = JSON.parse(await readFile(join(root, 'examples/react/package.json'), 'utf8'));
  await npmInstall(app, [
    'install',
    '--install-links',
    ...reactAppDeps(versions),
    join(packagesDir, 'sdk'),
    join(packagesDir, 'sdk-react'),
  ]);
  const { stdout } = await run('npm', ['ls', '--all', '--parseable', 'react'], { cwd: app });
  expect(stdout.trim().split('\n')).toEqual([join(app, 'node_modules/react')]);
  expect((await lstat(join(app, 'node_modules/@gid/sdk-react'))).isSymbolicLink()).toBe(false);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const vite = join(app, 'node_modules/.bin/vite');
  const env = { ...process.env };
  const dev = await startChild(vite, ['--port', String(devPort), '--strictPort', '--host', '127.0.0.1'], { cwd: app, env }, 'ready in');
  children.push(dev.child);
  await page.goto(`http://127.0.0.1:${devPort}`);
  await expect(page.getByRole('status')).toHaveText('Вы не вошли.');
  await expect(page.getByRole('button', { name: LOGIN })).toBeVisible();
  dev.child.kill();

  await run(vite, ['build', '--logLevel', 'error'], { cwd: app, timeout: 120_000 });
  const preview = await startChild(
    vite,
    ['preview', '--port', String(previewPort), '--strictPort', '--host', '127.0.0.1'],
    { cwd: app, env },
    String(previewPort),
  );
  children.push(preview.child);
  await page.goto(`http://127.0.0.1:${previewPort}`);
  await expect(page.getByRole('status')).toHaveText('Вы не вошли.');
  await expect(page.getByRole('button', { name: LOGIN })).toBeVisible();
  expect(errors).toEqual([]);
});
