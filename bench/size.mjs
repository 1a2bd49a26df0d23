// Size benchmark (`node bench/size.mjs` after `pnpm --filter @gid/sdk --filter @gid/sdk-react build`; where the bytes go:
// `node bench/size-breakdown.mjs popup|core|full`): minified / gzip / brotli bytes of our builds and of the same
// minimal logins written with VK ID's SDK and oidc-client-ts, bundled the same way (esbuild, minified).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

const sizes = (code) => {
  const buffer = Buffer.from(code);
  return {
    min: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};

/**
 * Bundles a small entry the way a site's build would: ESM, minified, for browsers, tree-shaken.
 * Code splitting is on, so a dynamic import would land in its own chunk: every chunk is counted.
 */
async function bundle(contents, external = [], format = 'esm') {
  const result = await build({
    external,
    stdin: { contents, resolveDir: here, loader: 'js' },
    bundle: true,
    minify: true,
    format,
    ...(format === 'esm' ? { splitting: true, outdir: join(here, '.out') } : {}),
    platform: 'browser',
    target: 'es2020',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles.map((file) => file.text).join('\n');
}

const CONFIG = `{ clientId: 'my-site', authUrl: 'https://id.example', redirectUri: location.origin + '/auth/gid', backendUrl: location.origin, callback: console.log }`;
const button = `document.querySelector('button')`;

// What a site writes for each: the redirect URI page (in the popup, for a popup login) hands the
// answer over or exchanges the code, the button starts the sign-in, tokens reach `callback`.
const entries = {
  'gid functions, popup login (loginWithPopup)': `import { handleRedirectCallback, loginWithPopup } from '@gid/sdk';
    const config = ${CONFIG}; handleRedirectCallback(config); ${button}.onclick = () => loginWithPopup(config);`,
  'gid functions, redirect login (loginWithRedirect)': `import { handleRedirectCallback, loginWithRedirect } from '@gid/sdk';
    const config = ${CONFIG}; handleRedirectCallback(config); ${button}.onclick = () => loginWithRedirect(config);`,
  'gid core, redirect login (createClient)': `import { createClient } from '@gid/sdk';
    const gid = createClient(${CONFIG}); gid.handleCallback(); ${button}.onclick = () => gid.login();`,
  'gid core, popup login (createClient)': `import { createClient } from '@gid/sdk';
    const gid = createClient(${CONFIG}); gid.handleCallback(); ${button}.onclick = () => gid.login({ mode: 'popup' });`,
  'gid full, popup login (init)': `import { init } from '@gid/sdk';
    init(${CONFIG}).then((gid) => { ${button}.onclick = () => gid.login({ mode: 'popup' }); });`,
  'VK ID, popup login': `import { Config, Auth, ConfigAuthMode, ConfigResponseMode } from '@vkid/sdk';
    Config.init({ app: 1, redirectUrl: location.origin + '/auth/vk', mode: ConfigAuthMode.InNewWindow, responseMode: ConfigResponseMode.Callback });
    ${button}.onclick = () => Auth.login().then(console.log);`,
  'oidc-client-ts, popup login': `import { UserManager } from 'oidc-client-ts';
    const um = new UserManager({ authority: 'https://id.example', client_id: 'my-site', redirect_uri: location.origin + '/auth/cb', popup_redirect_uri: location.origin + '/auth/popup' });
    um.signinPopupCallback().catch(() => {}); ${button}.onclick = () => um.signinPopup().then(console.log);`,
};

const CORE_IIFE_ROW = 'gid core as a script (createClient + functions, IIFE)';
const coreIife = `export { createClient, errors, handleRedirectCallback, isGidError, loginWithPopup, loginWithRedirect, logout, refreshTokens, version } from '@gid/sdk';`;

const rows = [];
rows.push(['gid IIFE (dist/gid-sdk.iife.js)', sizes(readFileSync(join(here, '..', 'sdk', 'dist', 'gid-sdk.iife.js')))]);
rows.push([CORE_IIFE_ROW, sizes(await bundle(coreIife, [], 'iife'))]);
for (const [name, contents] of Object.entries(entries)) rows.push([name, sizes(await bundle(contents))]);
const vkUmd = join(dirname(require.resolve('@vkid/sdk/package.json')), 'dist-sdk', 'umd', 'index.js');
rows.push(['VK ID UMD (dist-sdk/umd/index.js)', sizes(readFileSync(vkUmd))]);
const oidcUmd = join(dirname(require.resolve('oidc-client-ts')), '..', 'browser', 'oidc-client-ts.min.js');
try {
  rows.push(['oidc-client-ts browser build (min.js)', sizes(readFileSync(oidcUmd))]);
} catch {
  // not shipped in this version
}

// @gid/sdk-react's own bytes: React and the SDK are the app's anyway, so they stay imports.
const reactEntry = `import { GidProvider, GidLoginButton, RequireAuth, useGid, withAuthenticationRequired } from '@gid/sdk-react'; export { GidProvider, GidLoginButton, RequireAuth, useGid, withAuthenticationRequired };`;
const REACT_ROW = '@gid/sdk-react own (React, SDK external)';
rows.push([REACT_ROW, sizes(await bundle(reactEntry, ['react', 'react/*', 'react-dom', 'react-dom/*', '@gid/sdk']))]);

const pad = (value, width) => String(value).padStart(width);
console.log(`\nBundle sizes, bytes (esbuild --minify; gzip -9; brotli q11)\n`);
console.log(`${'what'.padEnd(54)}${pad('minified', 10)}${pad('gzip', 8)}${pad('brotli', 8)}`);
for (const [name, s] of rows) console.log(`${name.padEnd(54)}${pad(s.min, 10)}${pad(s.gzip, 8)}${pad(s.brotli, 8)}`);

const get = (name) => rows.find(([n]) => n === name)?.[1];
const popup = get('gid functions, popup login (loginWithPopup)');
const clientPopup = get('gid core, popup login (createClient)');
const coreIifeSize = get(CORE_IIFE_ROW);
const iife = get('gid IIFE (dist/gid-sdk.iife.js)');
const vk = get('VK ID, popup login');
const oidc = get('oidc-client-ts, popup login');
const vkUmdSize = get('VK ID UMD (dist-sdk/umd/index.js)');
const oidcUmdSize = get('oidc-client-ts browser build (min.js)');
const sdkReact = get(REACT_ROW);
const met = (value, target) => `${value} B ${value <= target ? 'met' : 'NOT met'}`;
const ratio = (value, of, limit) => `${(value / of).toFixed(2)}× ${value <= of * limit ? 'met' : 'NOT met'}`;
console.log(`
Targets (issue 32):
  minimal popup login (loginWithPopup + handleRedirectCallback) ≤ 4,800 B gzip → ${met(popup.gzip, 4800)}; ≤ 0.45× VK ID's popup login → ${ratio(popup.gzip, vk.gzip, 0.45)}
         (the same with createClient: ${clientPopup.gzip} B)
  full IIFE (core + buttons + widget + curtain + popup + analytics + silent sign-in + token keeper) ≤ 12,000 B gzip → ${met(iife.gzip, 12000)}; ≤ 0.66× oidc-client-ts's bundle (${oidcUmdSize?.gzip ?? '—'} B) → ${oidcUmdSize ? ratio(iife.gzip, oidcUmdSize.gzip, 0.66) : '—'}
  core IIFE (createClient + functions, no UI) ≤ 8,000 B gzip → ${met(coreIifeSize.gzip, 8000)}
  @gid/sdk-react own (GidProvider, GidLoginButton, useGid, RequireAuth) ≤ 2,000 B gzip → ${met(sdkReact.gzip, 2000)}
  (VK ID UMD ${vkUmdSize.gzip} B, oidc-client-ts browser build ${oidcUmdSize?.gzip ?? '—'} B gzip)
Minimal popup login, gzip: gid ${popup.gzip} B, VK ID ${vk.gzip} B (${(vk.gzip / popup.gzip).toFixed(1)}×), oidc-client-ts ${oidc.gzip} B (${(oidc.gzip / popup.gzip).toFixed(1)}×)
`);
