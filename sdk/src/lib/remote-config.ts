import { isPlainObject } from './config';
import { type Context, endpoint, PREFIX } from './context';
import { MSG_INIT } from './errors';

/**
 * What the provider says about this client (spec 3.1 "Remote config response").
 * @example
 * // What the provider answers on GET {authUrl}/api/v1/sdk/actions/wp-config?client_id=my-site:
 * const remote: RemoteConfig = { w_auth: true, widget_settings: { w_pos: 'top-right' } };
 */
export interface RemoteConfig {
  w_auth?: boolean;
  widget_settings?: { w_pos?: string; [key: string]: unknown };
  web_curtain?: boolean | Record<string, unknown>;
  trackers?: { goya?: string; tracking_receiver?: string };
  enable_kfp?: boolean;
  external_id?: string;
}

/**
 * `GET {authUrl}/api/v1/sdk/actions/wp-config?client_id=`. A failure is logged and yields
 * `undefined`: sign-in goes on without the remote features. `false`: the provider answered 404,
 * it does not know this `clientId` (every sign-in would end on its error page).
 */
export async function fetchRemoteConfig(ctx: Context, timeoutMs = 5000): Promise<RemoteConfig | undefined | false> {
  const url = endpoint(ctx, ctx.cfg.authUrl, '/api/v1/sdk/actions/wp-config');
  url.searchParams.set('client_id', ctx.cfg.clientId);
  // A timer, not `AbortSignal.timeout` (Safari 16, Chrome 103): see the README's browser baseline.
  const abort = new AbortController();
  setTimeout(() => abort.abort(), timeoutMs);
  try {
    const response = await ctx.fetchFn(url.href, { credentials: 'omit', signal: abort.signal });
    if (response.status === 404) return false;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const data: unknown = await response.json();
    if (!isPlainObject(data)) throw new Error('not a JSON object');
    return data as RemoteConfig;
  } catch (error) {
    console.warn(PREFIX, MSG_INIT, error);
    return undefined;
  }
}
