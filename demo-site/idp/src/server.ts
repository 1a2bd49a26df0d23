import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AccountStore } from './accounts';
import { AnalyticsLog, analyticsRoutes } from './analytics';
import { CLIENTS_FILE, type ClientConfig, type ClientConfigInput, loadClients, parseClients, rebaseClient } from './clients';
import { devRoutes } from './dev-routes';
import { createFileAdapter } from './file-adapter';
import { interactionRoutes } from './interactions';
import { loadOrCreateKeys } from './keys';
import { createProvider } from './provider';
import { sdkRoutes } from './sdk-endpoints';
import { DEFAULT_SMS_POLICY, SmsChallenges, SmsOutbox, type SmsPolicy } from './sms';
import { socialTokenExtras } from './social';
import { clientAddress, type TrustProxy } from './trust-proxy';

/** `<repo root>/.data/idp` (git-ignored). */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../.data/idp', import.meta.url));

export interface IdpOptions {
  /** Port to listen on; `0` picks a free one. Default 4000. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Issuer URL; default `http://<host>:<port>` with the port actually bound. */
  issuer?: string;
  /** Where keys, users and provider state live. Default `<repo root>/.data/idp`. */
  dataDir?: string;
  /** Client list file. Default `demo-site/idp/clients.json`. */
  clientsFile?: string;
  /**
   * Moves clients to other web origins, e.g. test servers on random ports:
   * `{ 'example-react': 'http://127.0.0.1:41234' }` rewrites that client's `origin` and every
   * redirect / post-logout URI on its old origin (see {@link rebaseClient}).
   */
  clientOrigins?: Record<string, string>;
  /** Full control: receives the file's clients (after `clientOrigins`), returns the list to serve. */
  clients?: (defaults: ClientConfig[]) => ClientConfigInput[];
  /** Clients added to the list (after `clients`), e.g. from the `IDP_CLIENTS` file ({@link loadExtraClients}). */
  extraClients?: ClientConfigInput[];
  /** Clock for SMS code expiry and logs (tests move it forward). Default `Date.now`. */
  now?: () => number;
  /** SMS code lifetime, attempts and caps (see {@link DEFAULT_SMS_POLICY}). */
  sms?: Partial<SmsPolicy>;
  /**
   * Demo mode: the SMS outbox page (`/dev/outbox`) that shows every code. Off unless asked for
   * (`GID_DEMO=1`, which `npm start` sets); without it codes go nowhere visible.
   */
  demo?: boolean;
  /**
   * Behind a TLS-terminating reverse proxy (`IDP_TRUST_PROXY`): how many proxy hops (`1`) or which proxy
   * addresses/CIDRs to believe about `X-Forwarded-Proto`/`-For`, so the issuer's cookies are set `Secure`
   * and client addresses (the per-address SMS caps) are the real ones. Never every hop (see trust-proxy.ts).
   */
  trustProxy?: TrustProxy | undefined;
}

export interface RunningIdp {
  /** The issuer, e.g. `http://127.0.0.1:4000`. */
  url: string;
  /** The clients served: id and redirect URIs. */
  clients: { client_id: string; redirect_uris: string[] }[];
  close(): Promise<void>;
}

async function resolveClients(options: IdpOptions): Promise<ClientConfig[]> {
  let clients = await loadClients(options.clientsFile ?? CLIENTS_FILE);
  for (const [clientId, origin] of Object.entries(options.clientOrigins ?? {})) {
    if (!clients.some((client) => client.client_id === clientId)) throw new Error(`clientOrigins: unknown client ${clientId}`);
    clients = clients.map((client) => (client.client_id === clientId ? rebaseClient(client, origin) : client));
  }
  if (options.clients) clients = parseClients({ clients: options.clients(clients) }, 'options.clients');
  if (options.extraClients?.length) clients = parseClients({ clients: [...clients, ...options.extraClients] }, 'IDP_CLIENTS');
  return clients;
}

function listen(host: string, port: number) {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handler(req, res));
  const ready = new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
  return { server, ready, setHandler: (next: typeof handler) => (handler = next) };
}

/**
 * Starts the local identity provider: oidc-provider with the sign-in pages, the SDK endpoints, the
 * analytics receiver and the SMS outbox, on its own origin.
 * @example const idp = await startIdp({ port: 0, dataDir: tmp }); … await idp.close();
 */
export async function startIdp(options: IdpOptions = {}): Promise<RunningIdp> {
  const host = options.host ?? '127.0.0.1';
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const now = options.now ?? Date.now;
  const [clients, keys, accounts] = await Promise.all([resolveClients(options), loadOrCreateKeys(dataDir), AccountStore.open(dataDir)]);

  const { server, ready, setHandler } = listen(host, options.port ?? 4000);
  const port = await ready;
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const issuer = (options.issuer ?? `http://${publicHost}:${port}`).replace(/\/$/, '');

  const provider = createProvider({ issuer, clients, keys, accounts, adapter: createFileAdapter(join(dataDir, 'store')) });
  if (options.trustProxy !== undefined) {
    provider.proxy = true;
    provider.use(clientAddress(options.trustProxy));
  }
  const outbox = new SmsOutbox(now);
  const sms = new SmsChallenges(outbox, now, { ...DEFAULT_SMS_POLICY, ...options.sms });

  // provider.use() runs these before oidc-provider's own routes, in this order.
  provider.use(socialTokenExtras(clients, accounts));
  provider.use(devRoutes(outbox, issuer, options.demo === true, clients).middleware());
  provider.use(analyticsRoutes(new AnalyticsLog(now), options.demo === true).middleware());
  provider.use(sdkRoutes({ provider, issuer, clients, accounts }).middleware());
  provider.use(interactionRoutes({ provider, accounts, sms }).middleware());
  setHandler(provider.callback());

  return {
    url: issuer,
    clients: clients.map((client) => ({ client_id: client.client_id, redirect_uris: client.redirect_uris })),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
