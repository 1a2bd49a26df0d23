import { createTracker, trackerUrls } from './analytics';
import { clientFor, createContext, watchBackForward } from './client';
import type { Context } from './context';
import { fetchRemoteConfig } from './remote-config';
import type { GidClient, GidConfig } from './types';

/** True when the page is the configured redirect URI (same origin and path). */
const onRedirectUri = (ctx: Context): boolean => {
  const here = ctx.win.location;
  const target = new URL(ctx.cfg.redirectUri);
  return here.origin === target.origin && here.pathname === target.pathname;
};

/**
 * Starts the SDK on a page: validates the config, fetches the remote config, wires analytics,
 * watches back/forward navigation and, on the redirect URI, processes the provider's callback.
 * Resolves with the client once that is done; callback errors reach `config.callback`, not this promise.
 * @example
 * const gid = await GidSdk.init({ clientId: 'my-site', authUrl: 'https://id.example',
 *   redirectUri: location.origin + '/auth/gid', backendUrl: location.origin, callback: console.log });
 * @see accounts-sso.md 4.4
 */
export async function init(config: GidConfig): Promise<GidClient> {
  const ctx = createContext(config);
  const client = clientFor(ctx);
  // Events raised before the remote config arrives are held, then sent or dropped.
  const queued: [string, string?][] = [];
  ctx.track = (action, label) => void queued.push([action, label]);
  watchBackForward(ctx);
  const remote = fetchRemoteConfig(ctx);
  const callback = onRedirectUri(ctx) ? client.handleCallback().catch(() => undefined) : undefined;
  const urls = trackerUrls(ctx, await remote);
  ctx.track = urls.length ? createTracker(ctx, urls) : () => {};
  for (const [action, label] of queued.splice(0)) ctx.track(action, label);
  ctx.track('init');
  await callback;
  return client;
}
