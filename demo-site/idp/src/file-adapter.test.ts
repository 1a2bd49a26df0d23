import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileAdapter } from './file-adapter';
import { tempDir } from './testing';

let dir: Awaited<ReturnType<typeof tempDir>>;
let clock = 1_700_000_000_000;
const now = () => clock;

beforeAll(async () => {
  dir = await tempDir();
});
afterAll(async () => {
  await dir?.remove();
});

describe('file adapter', () => {
  it('stores, finds, consumes and destroys records, and a new instance reads them back', async () => {
    const sessions = createFileAdapter(dir.path, now)('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a1' });

    const codes = createFileAdapter(dir.path, now)('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toBe(Math.floor(clock / 1000));

    const reopened = createFileAdapter(dir.path, now);
    expect(await reopened('Session').find('s1')).toMatchObject({ uid: 'u1' });
    await reopened('Session').destroy('s1');
    expect(await createFileAdapter(dir.path, now)('Session').find('s1')).toBeUndefined();
  });

  it('forgets expired records', async () => {
    const tokens = createFileAdapter(dir.path, now)('AccessToken');
    await tokens.upsert('t1', { grantId: 'g1' }, 10);
    await tokens.upsert('t2', { grantId: 'g1' });
    clock += 11_000;
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeDefined();
  });

  it('revokes every record of a grant', async () => {
    const tokens = createFileAdapter(dir.path, now)('RefreshToken');
    await Promise.all([
      tokens.upsert('r1', { grantId: 'g2' }, 60),
      tokens.upsert('r2', { grantId: 'g2' }, 60),
      tokens.upsert('r3', { grantId: 'g3' }, 60),
    ]);
    await tokens.revokeByGrantId('g2');
    const reopened = createFileAdapter(dir.path, now)('RefreshToken');
    expect(await reopened.find('r1')).toBeUndefined();
    expect(await reopened.find('r2')).toBeUndefined();
    expect(await reopened.find('r3')).toBeDefined();
  });
});
