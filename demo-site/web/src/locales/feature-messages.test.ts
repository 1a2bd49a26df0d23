import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The sign-in, basket and cabinet texts are not in ru.ts (they would load with the shell on `/`):
// a module registers them by importing locales/<feature>.ts. A file that shows such a key without
// that import would show the raw key wherever no other module of its chunk registered them first.
const src = join(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );

describe('feature texts', () => {
  it('every module that uses an auth., basket., cabinet., waitlist. or content. key imports that feature’s locale module', () => {
    const missing: string[] = [];
    for (const file of files(src)) {
      const path = relative(src, file);
      if (path.startsWith('locales/') || /\.test\.tsx?$/.test(path) || path.startsWith('testing/')) continue;
      const code = readFileSync(file, 'utf8');
      for (const [, feature] of code.matchAll(/['"`](auth|basket|cabinet|waitlist|content)\.[a-zA-Z$]/g)) {
        if (!new RegExp(`import '[./]*locales/${feature}';`).test(code)) missing.push(`${path} → locales/${feature}`);
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('the shell’s Russian bundle holds none of them', () => {
    // Read as source: at run time the registered bundles sit beside the shell's texts (lib/i18n.ts), so
    // what the shell ships is what ru.ts itself holds.
    const code = readFileSync(join(src, 'locales', 'ru.ts'), 'utf8');
    for (const feature of ['auth', 'basket', 'cabinet', 'waitlist', 'content']) {
      expect(code).not.toMatch(new RegExp(`^import (?!type )[^;]*'\\./${feature}\\.ru'`, 'm'));
      expect(code).not.toMatch(new RegExp(`^  ${feature}: \\{`, 'm'));
    }
  });
});
