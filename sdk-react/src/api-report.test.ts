// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiReport, bundledDeclarations, exportsWithoutExample } from '../../sdk/src/api-report';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// React and the SDK stay imports, as in the shipped `index.d.ts`.
const external = (id: string) => id === 'react' || id.startsWith('react/') || id === '@gid/sdk';

describe('@gid/sdk-react public surface', async () => {
  const declarations = await bundledDeclarations(here('./index.ts'), { tsconfig: here('../tsconfig.build.json'), external });

  it('matches the committed API report (etc/gid-sdk-react.api.md): a change of the public names is deliberate', async () => {
    await expect(apiReport('@gid/sdk-react', declarations)).toMatchFileSnapshot(here('../etc/gid-sdk-react.api.md'));
  });

  it('every export has TSDoc with an @example', () => {
    expect(exportsWithoutExample(declarations)).toEqual([]);
  });
});
