import { join, resolve } from 'node:path';
import { loadExtraClients } from './clients';
import { DEFAULT_DATA_DIR, startIdp } from './server';
import { parseTrustProxy } from './trust-proxy';

/**
 * Client origins from the environment: the demo site's, the examples' ports (ARCHITECTURE.md),
 * and `GID_CLIENT_ORIGINS` (`client-id=origin,…`) for anything else.
 */
function clientOriginsFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const origins: Record<string, string> = {};
  const local = (port: string) => `http://127.0.0.1:${port}`;
  if (env.PORT) for (const id of ['demo-site', 'vk', 'google']) origins[id] = local(env.PORT);
  if (env.EXAMPLE_PORT) for (const id of ['example-script-tag', 'example-curtain']) origins[id] = local(env.EXAMPLE_PORT);
  if (env.REACT_EXAMPLE_PORT) origins['example-react'] = local(env.REACT_EXAMPLE_PORT);
  for (const pair of (env.GID_CLIENT_ORIGINS ?? '').split(',').filter(Boolean)) {
    const [id, origin] = pair.split('=');
    if (!id || !origin) throw new Error(`GID_CLIENT_ORIGINS: expected client-id=origin, got "${pair}"`);
    origins[id.trim()] = origin.trim();
  }
  return origins;
}

function portFromEnv(value: string | undefined): number {
  const port = Number(value || 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`IDP_PORT must be a port number, got "${value}"`);
  return port;
}

function trustProxyFromEnv(value: string | undefined) {
  try {
    return parseTrustProxy(value ?? '');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

async function extraClientsFromEnv(file: string | undefined) {
  if (!file) return undefined;
  try {
    return await loadExtraClients(resolve(file));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

const port = portFromEnv(process.env.IDP_PORT);
const extraClients = await extraClientsFromEnv(process.env.IDP_CLIENTS);
const idp = await startIdp({
  port,
  host: process.env.IDP_HOST ?? '127.0.0.1',
  issuer: process.env.IDP_ISSUER || undefined,
  // GID_DATA_DIR is the project's data folder, shared by every part; the idp keeps its files in idp/.
  dataDir: process.env.IDP_DATA_DIR
    ? resolve(process.env.IDP_DATA_DIR)
    : process.env.GID_DATA_DIR
      ? join(resolve(process.env.GID_DATA_DIR), 'idp')
      : DEFAULT_DATA_DIR,
  clientOrigins: clientOriginsFromEnv(process.env),
  // The SMS outbox only when asked for (`npm start` sets GID_DEMO=1).
  demo: process.env.GID_DEMO === '1',
  trustProxy: trustProxyFromEnv(process.env.IDP_TRUST_PROXY),
  extraClients,
});
console.log(`Газпром ID (local identity provider) listening on ${idp.url}`);
console.log('Clients served:');
for (const client of idp.clients) console.log(`  ${client.client_id}: ${client.redirect_uris.join(' ')}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    idp.close().finally(() => process.exit(0));
  });
}
