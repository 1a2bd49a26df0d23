// Starts every part the suites need on free loopback ports, each with a fresh data folder, and
// hands their URLs to the tests through the environment; returns the teardown.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReactExample } from '@gid/example-react';
import { startExample } from '@gid/example-script-tag';
import { startIdp } from '@gid/idp';
import { DEFAULT_WEB_DIR, defaultConfig, startServer } from '@gid/server';
import { freePort } from '@gid/server/free-port';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'gid-e2e-'));
  const examplePort = await freePort();
  const exampleOrigin = `http://127.0.0.1:${examplePort}`;
  const reactPort = await freePort();
  const sitePort = await freePort();
  const siteOrigin = `http://127.0.0.1:${sitePort}`;
  const reactOrigin = `http://127.0.0.1:${reactPort}`;
  const idp = await startIdp({
    // Demo mode (the SMS outbox the specs read codes from), asked for explicitly; the specs sign the demo
    // phones in many times a minute, so the harness lifts the per-phone code caps (vitest covers them).
    demo: true,
    sms: {
      resendCooldownMs: 0,
      codesPerPhoneHourly: 10_000,
      failuresPerPhoneHourly: 10_000,
      codesPerAddressHourly: 10_000,
      failuresPerAddressHourly: 10_000,
      codesPerPhoneDaily: 10_000,
      lockoutFailuresDaily: 10_000,
    },
    port: 0,
    dataDir: join(dataDir, 'idp'),
    clientOrigins: {
      'example-script-tag': exampleOrigin,
      'example-curtain': exampleOrigin,
      'example-react': reactOrigin,
      'demo-site': siteOrigin,
      vk: siteOrigin,
      google: siteOrigin,
    },
  });
  // The demo site: the API with the built web app, a fresh embedded database, the idp above.
  const provider = (clientId: string) => ({ issuer: idp.url, clientId });
  const site = await startServer({
    port: sitePort,
    dataDir: join(dataDir, 'site'),
    webDir: DEFAULT_WEB_DIR,
    // Demo mode (outbox, demo accounts) and the sandbox provider, asked for explicitly as `npm start` does.
    // Every spec buys from 127.0.0.1 (often as the demo account), so the harness lifts the payment rate
    // limit and the open-hold caps (the server's vitest security suite covers them).
    config: {
      demo: true,
      sandbox: true,
      rateLimits: { ...defaultConfig().rateLimits, payment: { max: 10_000, windowMs: 60_000 } },
      holdCaps: { perEmail: 10_000, perAddress: 10_000 },
      identity: { gid: provider('demo-site'), vk: provider('vk'), google: provider('google') },
    },
  });
  // The React example's server passes its token and logout calls to the script-tag example's backend.
  const example = await startExample({
    port: examplePort,
    idpUrl: idp.url,
    extraClients: [{ clientId: 'example-react', redirectUris: [`${reactOrigin}/callback`] }],
  });
  // Builds the app (vite build) for this idp, then serves it.
  const react = await startReactExample({ port: reactPort, idpUrl: idp.url, backendUrl: example.url });
  process.env.E2E_IDP_URL = idp.url;
  process.env.E2E_EXAMPLE_URL = example.url;
  process.env.E2E_REACT_URL = react.url;
  process.env.E2E_SITE_URL = site.url;
  return async () => {
    await site.close();
    await react.close();
    await example.close();
    await idp.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
