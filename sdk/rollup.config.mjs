import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

const ts = () => typescript({ tsconfig: './tsconfig.build.json', declaration: false, outDir: 'dist', rootDir: 'src', noEmitOnError: true });
const minify = terser({
  ecma: 2020,
  compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true },
  // The script tag's build also shortens the fields of the SDK's internal context object (see
  // `Context` in src/lib/context.ts): never on a page's or the provider's objects, never in the ESM
  // build (a site's bundler minifies that). A new internal field used often belongs in this list.
  mangle: { properties: { regex: /^(cfg|win|cleanup|dead|refreshes|track|flows|out|got|keep|silent|answering)$/ } },
  format: { comments: false },
});

// The ESM build a site's bundler takes in: compressed, never mangled, and laid out readably.
// terser inlines what is used once (helpers, constants) and folds what is constant, which a site's
// minifier (esbuild's) does not do across a library's functions: 30 B gzip off a popup login.
// Pure annotations stay, so a bundler still drops what a page does not use.
const compact = terser({
  module: true,
  ecma: 2020,
  compress: { passes: 3, unsafe_arrows: true, unsafe_methods: true },
  mangle: false,
  format: { beautify: true, comments: false, preserve_annotations: true },
});

export default [
  { input: 'src/index.ts', output: { file: 'dist/gid-sdk.js', format: 'es', plugins: [compact] }, plugins: [ts()] },
  {
    input: 'src/index.ts',
    output: { file: 'dist/gid-sdk.iife.js', format: 'iife', name: 'GidSdk', plugins: [minify] },
    plugins: [ts()],
  },
  { input: 'src/index.ts', output: { file: 'dist/gid-sdk.d.ts', format: 'es' }, plugins: [dts()] },
];
