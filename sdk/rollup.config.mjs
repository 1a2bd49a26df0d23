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
  mangle: { properties: { regex: /^(cfg|win|cleanup|dead|refreshes|track)$/ } },
  format: { comments: false },
});

export default [
  { input: 'src/index.ts', output: { file: 'dist/gid-sdk.js', format: 'es' }, plugins: [ts()] },
  {
    input: 'src/index.ts',
    output: { file: 'dist/gid-sdk.iife.js', format: 'iife', name: 'GidSdk', plugins: [minify] },
    plugins: [ts()],
  },
  { input: 'src/index.ts', output: { file: 'dist/gid-sdk.d.ts', format: 'es' }, plugins: [dts()] },
];
