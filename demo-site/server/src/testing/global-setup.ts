import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { manualClock } from '../lib/clock';
import { SEED_DATE } from './fixtures';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Builds the migrated, seeded database once per run and hands its tarball's path to every test file. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'gid-server-template-'));
  const handle = await openPglite();
  await prepareDatabase(handle, manualClock(SEED_DATE), { demoAccounts: true });
  const dump = await handle.client.dumpDataDir('none');
  await handle.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
