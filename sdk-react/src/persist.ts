import type { GidTokens } from '@gid/sdk';

/** Where `<GidProvider storage>` keeps the signed-in state: the tab's session, or every tab's. */
export type GidStorage = 'session' | 'local';

/** The stored shape: the tokens and when the access token expires (ms since the epoch). */
interface Stored {
  tokens: GidTokens;
  expires_at?: number;
}

const key = (clientId: string) => `gid:${clientId}:tokens`;

/** The browser storage of that kind; undefined where it is disabled or there is no browser. */
function storageOf(kind: GidStorage | undefined): Storage | undefined {
  try {
    return kind === 'local' ? localStorage : kind === 'session' ? sessionStorage : undefined;
  } catch {
    // disabled (privacy mode, sandbox): nothing kept
  }
}

/**
 * The tokens kept by an earlier page load, if any and still usable: an expired access token
 * counts only with a refresh token to renew it.
 */
export function loadTokens(kind: GidStorage | undefined, clientId: string, now = Date.now()): GidTokens | undefined {
  try {
    const stored = JSON.parse(storageOf(kind)?.getItem(key(clientId)) as string) as Stored | null;
    const tokens = stored?.tokens;
    if (typeof tokens?.access_token !== 'string') return undefined;
    if (stored?.expires_at !== undefined && stored.expires_at <= now && !tokens.refresh_token) return undefined;
    return tokens;
  } catch {
    return undefined; // nothing kept, or not ours
  }
}

/** Keeps the tokens (undefined: forgets them), with their expiry worked out from `expires_in`. */
export function saveTokens(kind: GidStorage | undefined, clientId: string, tokens: GidTokens | undefined, now = Date.now()): void {
  try {
    const storage = storageOf(kind);
    if (!tokens) {
      storage?.removeItem(key(clientId));
      return;
    }
    const stored: Stored = { tokens };
    if (typeof tokens.expires_in === 'number') stored.expires_at = now + tokens.expires_in * 1000;
    storage?.setItem(key(clientId), JSON.stringify(stored));
  } catch {
    // full or disabled: the state lives in memory only
  }
}

const returnKey = (clientId: string) => `gid:${clientId}:returnTo`;

/** A path on this site only (`/…`, never `//host` or `/\host`): no open redirect through `returnTo`. */
export const isLocalPath = (path: unknown): path is string => typeof path === 'string' && /^\/(?![/\\])/.test(path);

/** Remembers, for the trip to the provider and back, where the sign-in started. */
export function rememberReturn(clientId: string, returnTo: string): void {
  try {
    if (isLocalPath(returnTo)) sessionStorage.setItem(returnKey(clientId), returnTo);
  } catch {
    // no storage: the person lands on the redirect URI
  }
}

/** Takes (and forgets) where a sign-in started; undefined if nothing was remembered. */
export function takeReturn(clientId: string): string | undefined {
  try {
    const path = sessionStorage.getItem(returnKey(clientId));
    sessionStorage.removeItem(returnKey(clientId));
    return isLocalPath(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
