import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiReport, bundledDeclarations, exportsWithoutExample } from './api-report';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe('@gid/sdk public surface', async () => {
  const declarations = await bundledDeclarations(here('./index.ts'), { tsconfig: here('../tsconfig.build.json') });

  it('matches the committed API report (etc/gid-sdk.api.md): a change of the public names is deliberate', async () => {
    await expect(apiReport('@gid/sdk', declarations)).toMatchFileSnapshot(here('../etc/gid-sdk.api.md'));
  });

  it('every export has TSDoc with an @example', () => {
    expect(exportsWithoutExample(declarations)).toEqual([]);
  });
});
