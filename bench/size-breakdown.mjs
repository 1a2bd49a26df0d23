// Where the SDK's bytes go (`node bench/size-breakdown.mjs [popup|core|full] [rows]`, after
// `pnpm --filter @gid/sdk run build`): a source-map-explorer style view of the size bench's bundles.
// 1. Per source file: the same entry bundled from `sdk/src` by esbuild (minified), each file's bytes
//    in the output and its gzip share (the bundle's gzip without that file's output; a file's
//    share of the whole, as gzip sees it, apart from what it shares with the rest).
// 2. Per top-level declaration of the real bundle (`dist/gid-sdk.js` as a site's bundler takes it,
//    or the IIFE): what the bundle's gzip loses without it. Shares overlap, so they add up to more
//    than the whole; they rank where a cut would pay.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import ts from 'typescript';

const here = dirname(fileURLToPath(import.meta.url));
const gz = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
const CONFIG = `{ clientId: 'my-site', authUrl: 'https://id.example', redirectUri: location.origin + '/auth/gid', backendUrl: location.origin, callback: console.log }`;
const ENTRIES = {
  popup: `import { handleRedirectCallback, loginWithPopup } from '@gid/sdk';
    const config = ${CONFIG}; handleRedirectCallback(config); document.querySelector('button').onclick = () => loginWithPopup(config);`,
  core: `export { createClient, errors, handleRedirectCallback, isGidError, loginWithPopup, loginWithRedirect, logout, refreshTokens, version } from '@gid/sdk';`,
  full: `export * from '@gid/sdk';`,
};
const which = process.argv[2] ?? 'popup';
const rows = Number(process.argv[3] ?? 30);
const bundle = async (fromSource) => {
  const result = await build({
    stdin: { contents: ENTRIES[which], resolveDir: here, loader: 'js' },
    ...(fromSource ? { alias: { '@gid/sdk': join(here, '..', 'sdk', 'src', 'index.ts') }, metafile: true } : {}),
    bundle: true,
    minify: true,
    format: which === 'popup' ? 'esm' : 'iife',
    platform: 'browser',
    target: 'es2020',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
    outfile: join(here, '.out', 'breakdown.js'),
  });
  return result;
};

// 1. Per source file.
const fromSource = await bundle(true);
const whole = fromSource.outputFiles[0].text;
const inputs = Object.values(fromSource.metafile.outputs)[0].inputs;
console.log(`\n${which}: from sdk/src, ${whole.length} B minified, ${gz(whole)} B gzip (the size bench, from dist: see below)\n`);
console.log(`${'file'.padEnd(28)}${'minified'.padStart(10)}`);
for (const [file, { bytesInOutput }] of Object.entries(inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput))
  if (bytesInOutput) console.log(`${file.replace(/^.*src\//, '').padEnd(28)}${String(bytesInOutput).padStart(10)}`);

// 2. Per top-level declaration of the real bundle.
const real =
  which === 'full' ? readFileSync(join(here, '..', 'sdk', 'dist', 'gid-sdk.iife.js'), 'utf8') : (await bundle(false)).outputFiles[0].text;
const total = gz(real);
const file = ts.createSourceFile('bundle.js', real, ts.ScriptTarget.Latest, true);
let statements = file.statements;
// An IIFE: its body's statements (and the declarations inlined into its return).
if (statements.length <= 2) {
  let body;
  const find = (node) => {
    if (body) return;
    if ((ts.isFunctionExpression(node) || ts.isArrowFunction(node)) && ts.isBlock(node.body)) body = node.body;
    else node.forEachChild(find);
  };
  find(statements[0]);
  if (body) statements = body.statements;
}
const shares = [];
for (const statement of statements) {
  const nodes = ts.isVariableStatement(statement) ? statement.declarationList.declarations : [statement];
  for (const node of nodes) {
    const start = node.getStart(file);
    const end = node.getEnd();
    shares.push([total - gz(real.slice(0, start) + real.slice(end)), real.slice(start, Math.min(end, start + 80)).replace(/\s+/g, ' ')]);
  }
}
console.log(`\n${which} as the size bench bundles it: ${real.length} B minified, ${total} B gzip; gzip without each declaration:\n`);
for (const [share, text] of shares.sort((a, b) => b[0] - a[0]).slice(0, rows)) console.log(`${String(share).padStart(6)}  ${text}`);
