import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const CONFIG = `{ clientId: 'my-site', authUrl: 'https://id.example', redirectUri: location.origin + '/auth/gid', backendUrl: location.origin, callback: console.log }`;
const r = await build({ stdin: { contents: `import { handleRedirectCallback, loginWithPopup } from '@gid/sdk';
    const config = ${CONFIG}; handleRedirectCallback(config); document.querySelector('button').onclick = () => loginWithPopup(config);`, resolveDir: '/work/wt-sdk32/bench', loader: 'js' },
  bundle: true, minify: process.argv[2] !== 'pretty', format: 'esm', platform: 'browser', target: 'es2020', charset: 'utf8', write: false, logLevel: 'silent' });
const code = r.outputFiles[0].text;
console.log(code);
console.error('gzip', gzipSync(Buffer.from(code), { level: 9 }).length);
