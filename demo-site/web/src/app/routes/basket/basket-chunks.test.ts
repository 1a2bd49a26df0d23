import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../..');

/** The app's own modules `file` loads before it runs: its static imports (not `import type`, not `import()`), and theirs. */
function staticClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^import\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm)) {
    const base = path.resolve(path.dirname(file), match[1] as string);
    const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => fs.existsSync(candidate));
    if (found) staticClosure(found, seen);
  }
  return seen;
}

describe("the basket's chunks (issue 36: its first paint waits for no code of its lines)", () => {
  it('the route module loads none of the lines, the summary or their data before it renders the heading', () => {
    const route = path.join(src, 'app/routes/basket/basket.tsx');
    const loaded = [...staticClosure(route)].map((file) => path.relative(src, file));
    expect(loaded.filter((file) => /^features\/basket\/(components|api)\/|^app\/routes\/basket\/basket-body\.tsx$/.test(file))).toEqual([]);
    // The body is its own chunk, asked for by the route module.
    expect(fs.readFileSync(route, 'utf8')).toContain("import('./basket-body')");
  });

  it('the body module holds the lines and the first data they show', () => {
    const loaded = [...staticClosure(path.join(src, 'app/routes/basket/basket-body.tsx'))].map((file) => path.relative(src, file));
    expect(loaded).toContain('features/basket/components/basket-line.tsx');
    expect(loaded).toContain('features/basket/api/insurances.ts');
  });
});
