// Starts every part the suites need on free loopback ports and hands their URLs to the tests
// through the environment; returns the teardown.
import { startExample } from '@gid/example-script-tag';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const example = await startExample({ port: 0, idpUrl: process.env.E2E_IDP_URL ?? 'http://127.0.0.1:9' });
  process.env.E2E_EXAMPLE_URL = example.url;
  return async () => {
    await example.close();
  };
}
