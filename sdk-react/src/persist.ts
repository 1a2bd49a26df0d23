// Where a redirect sign-in started, kept in the tab's session storage for the trip to the provider and back.

const returnKey = (clientId: string) => `gid:${clientId}:returnTo`;

/**
 * The path, query and hash of `path` if it is a path on this site, else undefined: no open
 * redirect through `returnTo`. The browser's own URL parser decides (it drops tabs and newlines and
 * reads `\` as `/`, so `/\t/evil.example` is `//evil.example`, another host), never a pattern.
 */
export function localPath(path: string | null | undefined): string | undefined {
  try {
    const url = new URL(path as string, location.origin);
    if (path?.[0] === '/' && url.origin === location.origin) return url.pathname + url.search + url.hash;
  } catch {
    // not a URL at all
  }
}

/** Remembers, for the trip to the provider and back, where the sign-in started (`''` forgets it). */
export function rememberReturn(clientId: string, returnTo: string): void {
  try {
    // Checked when it is taken (below): what is read back is what counts.
    sessionStorage.setItem(returnKey(clientId), returnTo);
  } catch {
    // no storage: the person lands on the redirect URI
  }
}

/** Takes (and forgets) where a sign-in started, as a path on this site; undefined if nothing (local) was remembered. */
export function takeReturn(clientId: string): string | undefined {
  try {
    const path = sessionStorage.getItem(returnKey(clientId));
    sessionStorage.removeItem(returnKey(clientId));
    return localPath(path);
  } catch {
    // no session storage: nothing remembered
  }
}
