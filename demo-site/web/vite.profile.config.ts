import process from 'node:process';
import { mergeConfig, type Plugin } from 'vite';
import base from './vite.config.ts';

/**
 * The bench's build of the web app (bench/basket.mjs), never the one served: React's profiling build
 * of react-dom (`react-dom/profiling`, whose `<Profiler onRender>` reports `actualDuration` in
 * production mode) and the app wrapped in one `<Profiler>` whose commits go to
 * `globalThis.__reactCommits`. The production build (vite.config.ts) has neither.
 */
function profiledRoot(): Plugin {
  return {
    name: 'gid-profiled-root',
    enforce: 'pre',
    transform(code, id) {
      if (!/src[\\/]main\.tsx$/.test(id)) return null;
      const wrapped = code.replace(
        '<App queries={queries} />',
        '<Profiler id="app" onRender={(_id, phase, actualDuration, baseDuration, startTime, commitTime) => commits.push({ phase, actualDuration, baseDuration, startTime, commitTime })}><App queries={queries} /></Profiler>',
      );
      if (wrapped === code) throw new Error('vite.profile.config.ts: main.tsx no longer renders <App queries={queries} />');
      return `import { Profiler } from 'react';\nconst commits = (globalThis.__reactCommits = []);\n${wrapped}`;
    },
  };
}

export default mergeConfig(base, {
  plugins: [profiledRoot()],
  resolve: { alias: [{ find: /^react-dom\/client$/, replacement: 'react-dom/profiling' }] },
  build: { outDir: process.env.PROFILE_OUT_DIR ?? 'dist-profile', emptyOutDir: true },
});
