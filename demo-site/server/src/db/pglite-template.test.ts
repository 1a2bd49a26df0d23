// A first start on PGlite copies a prepared data folder (the build's dist/pglite-template) instead of
// running initdb: the copy is a working database, and a start cut short leaves no half-copied folder.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, inject, it } from 'vitest';
import { openPglite } from './client';

const root = mkdtempSync(join(tmpdir(), 'gid-pglite-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('a new data folder starts as a copy of the template folder, which stays as it was', async () => {
  // A template folder: the tests' seeded database written out to a folder.
  const template = join(root, 'template');
  const source = await openPglite({ dataDir: template, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  await source.close();
  const templateFiles = readdirSync(template).sort();

  const dataDir = join(root, 'site', 'server-db');
  const copy = await openPglite({ dataDir, template });
  try {
    const rows = await copy.db.execute(sql`select value from app_meta where key = 'seeded_at'`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    await copy.db.execute(sql`insert into app_meta (key, value) values ('copied', 'yes')`);
  } finally {
    await copy.close();
  }
  expect(readdirSync(join(root, 'site'))).toEqual(['server-db']);
  expect(readdirSync(template).sort()).toEqual(templateFiles);

  // The template did not change with the copy's write; the copy kept it.
  const again = await openPglite({ dataDir: template, template: null });
  const reopened = await openPglite({ dataDir, template: null });
  try {
    const inTemplate = await again.db.execute(sql`select 1 from app_meta where key = 'copied'`);
    const inCopy = await reopened.db.execute(sql`select 1 from app_meta where key = 'copied'`);
    expect((inTemplate as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    expect((inCopy as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  } finally {
    await again.close();
    await reopened.close();
  }
  expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
}, 60_000);
