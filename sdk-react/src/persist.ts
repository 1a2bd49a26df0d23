// Where a redirect sign-in started, kept in the tab's session storage for the trip to the provider and back.

const returnKey = (clientId: string) => `gid:${clientId}:returnTo`;

/** A path on this site only (`/…`, never `//host` or `/\host`): no open redirect through `returnTo`. */
export const isLocalPath = (path: unknown): path is string => typeof path === 'string' && /^\/(?![/\\])/.test(path);

/** Remembers, for the trip to the provider and back, where the sign-in started. */
export function rememberReturn(clientId: string, returnTo: string): void {
  try {
    // Checked when it is taken (below): what is read back is what counts.
    sessionStorage.setItem(returnKey(clientId), returnTo);
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
    // no session storage: nothing remembered
  }
}
