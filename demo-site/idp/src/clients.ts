import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ClientMetadata } from 'oidc-provider';
import { z } from 'zod';

/** The default client list, beside package.json. */
export const CLIENTS_FILE = fileURLToPath(new URL('../clients.json', import.meta.url));

export const WIDGET_POSITIONS = ['top-right', 'bottom-right', 'top-left', 'bottom-left'] as const;
export const TRACKERS = ['goya', 'tracking_receiver'] as const;
/** Scopes the provider knows; a client's `scope` picks from these. */
export const SCOPES = ['openid', 'offline_access', 'profile', 'phone', 'email'] as const;

const httpUrl = z.url({ protocol: /^https?$/ });
const origin = httpUrl.refine((value) => new URL(value).origin === value, 'must be a bare origin, e.g. http://127.0.0.1:3000');

const remoteConfigSchema = z.strictObject({
  w_auth: z.boolean(),
  widget_settings: z.strictObject({ w_pos: z.enum(WIDGET_POSITIONS) }),
  web_curtain: z.boolean(),
  trackers: z.array(z.enum(TRACKERS)),
  enable_kfp: z.boolean(),
  external_id: z.string().max(128),
});

const clientSchema = z.strictObject({
  client_id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/),
  client_name: z.string().min(1).max(100),
  origin,
  redirect_uris: z.array(httpUrl).min(1),
  post_logout_redirect_uris: z.array(httpUrl),
  scope: z.string().refine((value) => value.split(' ').every((scope) => (SCOPES as readonly string[]).includes(scope)), 'unknown scope'),
  grant_types: z.array(z.enum(['authorization_code', 'refresh_token'])).min(1),
  /** Stands in for a social network (vk, google): the token response also carries `user_id` and `email`. */
  social: z.boolean().default(false),
  remote_config: remoteConfigSchema.default({
    w_auth: false,
    widget_settings: { w_pos: 'top-right' },
    web_curtain: false,
    trackers: [],
    enable_kfp: false,
    external_id: '',
  }),
});

const clientsFileSchema = z.object({ clients: z.array(clientSchema).min(1) });

/** One client of the provider: its OAuth registration, web origin and remote configuration. */
export type ClientConfig = z.infer<typeof clientSchema>;
/** A client as written in clients.json (defaults may be left out). */
export type ClientConfigInput = z.input<typeof clientSchema>;
export type RemoteConfig = ClientConfig['remote_config'];

/** Validates a client list; throws with every problem listed. */
export function parseClients(value: unknown, source = 'clients'): ClientConfig[] {
  const result = clientsFileSchema.safeParse(value);
  if (!result.success) throw new Error(`${source} is invalid:\n${z.prettifyError(result.error)}`);
  const ids = result.data.clients.map((client) => client.client_id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`${source} is invalid: client_id ${duplicate} appears twice`);
  return result.data.clients;
}

export async function loadClients(file = CLIENTS_FILE): Promise<ClientConfig[]> {
  return parseClients(JSON.parse(await readFile(file, 'utf8')), file);
}

const extraClientSchema = z.strictObject({
  client_id: clientSchema.shape.client_id,
  redirect_uris: z.array(httpUrl).min(1),
  post_logout_redirect_uris: z.array(httpUrl).optional(),
  scope: clientSchema.shape.scope.optional(),
});

/**
 * Extra clients as the `IDP_CLIENTS` file lists them: an array of
 * `{ "client_id", "redirect_uris", "post_logout_redirect_uris"?, "scope"? }`. The rest is filled in:
 * the name is the client_id, the origin is the first redirect URI's, the scope
 * `openid profile phone offline_access`, both grant types. Throws with every problem listed.
 */
export function parseExtraClients(value: unknown, source = 'IDP_CLIENTS'): ClientConfigInput[] {
  const result = z.array(extraClientSchema).min(1).safeParse(value);
  if (!result.success)
    throw new Error(
      `${source} is invalid (expected an array of { "client_id", "redirect_uris", "post_logout_redirect_uris"?, "scope"? }):\n${z.prettifyError(result.error)}`,
    );
  return result.data.map((client) => ({
    client_id: client.client_id,
    client_name: client.client_id,
    origin: new URL(client.redirect_uris[0] as string).origin,
    redirect_uris: client.redirect_uris,
    post_logout_redirect_uris: client.post_logout_redirect_uris ?? [],
    scope: client.scope ?? 'openid profile phone offline_access',
    grant_types: ['authorization_code', 'refresh_token'],
  }));
}

/** Reads and validates an `IDP_CLIENTS` file (see {@link parseExtraClients}). */
export async function loadExtraClients(file: string): Promise<ClientConfigInput[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`IDP_CLIENTS: cannot read ${file}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`IDP_CLIENTS: ${file} is not JSON: ${(error as Error).message}`);
  }
  return parseExtraClients(value, `IDP_CLIENTS (${file})`);
}

/**
 * Moves a client to another web origin (e.g. a test server on a random port): its `origin` and
 * every redirect or post-logout URI on the old origin are rewritten, other URIs are kept.
 * @example rebaseClient(client, 'http://127.0.0.1:43127')
 */
export function rebaseClient(client: ClientConfig, newOrigin: string): ClientConfig {
  const target = new URL(newOrigin).origin;
  const move = (uri: string): string => {
    const url = new URL(uri);
    return url.origin === client.origin ? `${target}${url.pathname}${url.search}` : uri;
  };
  return {
    ...client,
    origin: target,
    redirect_uris: client.redirect_uris.map(move),
    post_logout_redirect_uris: client.post_logout_redirect_uris.map(move),
  };
}

/** The registration oidc-provider sees: public clients protected by PKCE. */
export function toClientMetadata(client: ClientConfig): ClientMetadata {
  return {
    client_id: client.client_id,
    client_name: client.client_name,
    redirect_uris: client.redirect_uris,
    post_logout_redirect_uris: client.post_logout_redirect_uris,
    grant_types: client.grant_types,
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: client.scope,
  };
}
