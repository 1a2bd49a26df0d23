import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

// React and the SDK stay imports: the app brings one copy of each.
const external = (id) => id === 'react' || id.startsWith('react/') || id === '@gid/sdk';

export default [
  {
    input: 'src/index.ts',
    external,
    // Hooks and effects: a client component wherever React Server Components are used.
    output: { file: 'dist/index.js', format: 'es', banner: "'use client';" },
    plugins: [typescript({ tsconfig: './tsconfig.build.json', declaration: false, outDir: 'dist', rootDir: 'src', noEmitOnError: true })],
  },
  {
    input: 'src/index.ts',
    external,
    output: { file: 'dist/index.d.ts', format: 'es' },
    plugins: [dts({ tsconfig: './tsconfig.build.json' })],
  },
];
