import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

const ts = () => typescript({ tsconfig: './tsconfig.build.json', declaration: false, outDir: 'dist', rootDir: 'src', noEmitOnError: true });
// `pure_getters`: a property read whose value is unused is dropped, so a read made only to see
// whether it throws (a cross-origin window's location) must use its value. `unsafe`: `String(x)`
// as `x + ""` and the like, never on values that are not what the code says.
const COMPRESS = { passes: 3, unsafe_arrows: true, unsafe_methods: true, pure_getters: true, unsafe: true, unsafe_comps: true };
// The fields of the SDK's internal context object (see `Context` in src/lib/context.ts), shortened
// in both builds: never a page's or the provider's objects. A new internal field used often belongs here.
const CONTEXT_FIELDS =
  /^(cfg|win|cleanup|dead|refreshes|trackEvent|flows|out|got|keep|silentRun|answering|debugLog|sidKept|fnClient|fetchFn)$/;
const minify = terser({
  ecma: 2020,
  compress: COMPRESS,
  mangle: { properties: { regex: CONTEXT_FIELDS } },
  format: { comments: false },
});

// terser keeps `const`. In a program TypeScript has checked no `const` is ever assigned again, so
// `let` is the same program, two bytes shorter each (a site's esbuild does this to the ESM build
// itself). Then terser once more, to join the declarations the two kinds kept apart (`let a=…;let b`):
// −51 B gzip off the script-tag build in all.
const letNotConst = {
  name: 'let-not-const',
  renderChunk(code) {
    const starts = [];
    const walk = (node) => {
      if (node?.type === 'VariableDeclaration' && node.kind === 'const') starts.push(node.start);
      for (const value of Object.values(node)) {
        for (const child of Array.isArray(value) ? value : [value]) if (typeof child?.type === 'string') walk(child);
      }
    };
    walk(this.parse(code));
    let out = code;
    for (const start of starts.sort((a, b) => b - a)) out = `${out.slice(0, start)}let${out.slice(start + 5)}`;
    return { code: out, map: null };
  },
};

// `wrap_iife`: `var GidSdk=(function(t){…})({})`. V8 compiles a function written in parentheses with
// the script (streamed, off the main thread); unwrapped, it pre-parses the whole script there and then
// parses it again on the main thread when it is called: a cold load's evaluation of the script took
// 3.3 → 1.9 ms of main-thread CPU in Chromium here (warm loads, from the code cache: the same). +1 B gzip.
const rejoin = terser({ ecma: 2020, compress: COMPRESS, mangle: false, format: { comments: false, wrap_iife: true } });

// The ESM build a site's bundler takes in: compressed, mangled, and laid out line by line.
// terser inlines what is used once (helpers, constants) and folds what is constant, which a site's
// minifier (esbuild's) does not do across a library's functions: 30 B gzip off a popup login.
// Pure annotations stay, so a bundler still drops what a page does not use.
const compact = terser({
  module: true,
  ecma: 2020,
  // Functions used once are left where they are declared: the site's esbuild lays them out smaller
  // (−24 B gzip off a popup login, −44 off the core as a script; the script-tag build keeps inlining them).
  compress: { ...COMPRESS, reduce_funcs: false },
  // The context's fields are shortened here too (a site's minifier renames no property).
  mangle: { properties: { regex: CONTEXT_FIELDS } },
  format: { beautify: true, comments: false, preserve_annotations: true },
});

export default [
  { input: 'src/index.ts', output: { file: 'dist/gid-sdk.js', format: 'es', plugins: [compact] }, plugins: [ts()] },
  {
    input: 'src/index.ts',
    output: { file: 'dist/gid-sdk.iife.js', format: 'iife', name: 'GidSdk', plugins: [minify, letNotConst, rejoin] },
    plugins: [ts()],
  },
  { input: 'src/index.ts', output: { file: 'dist/gid-sdk.d.ts', format: 'es' }, plugins: [dts()] },
];
