import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every relative import (types too) of the app's own modules, tests left out. */
function importGraph(root: string): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(full);
    }
  };
  walk(root);
  const specifier = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/g;
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const deps: string[] = [];
    for (const match of fs.readFileSync(file, 'utf8').matchAll(specifier)) {
      const base = path.resolve(path.dirname(file), match[1] as string);
      const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
        (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
      );
      if (found) deps.push(found);
    }
    graph.set(file, deps);
  }
  return graph;
}

function cycles(graph: Map<string, string[]>, root: string): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const dep of graph.get(node) ?? []) {
      if (state.get(dep) === 'open') {
        found.push([...stack.slice(stack.indexOf(dep)), dep].map((file) => path.relative(root, file)).join(' → '));
      } else if (!state.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('the web app’s imports', () => {
  it('run one way: no module imports, however indirectly, one that imports it', () => {
    const root = path.resolve(__dirname, '..');
    expect(cycles(importGraph(root), root)).toEqual([]);
  });
});
