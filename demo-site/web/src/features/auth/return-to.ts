import { safeReturnPath } from './access-rules';

/** Where a sign-in that leaves the site (GID or social redirect) comes back to: kept for this tab only. */
const KEY = 'gid-demo:return-to';

export function rememberReturnTo(path: string | null | undefined): void {
  try {
    const safe = safeReturnPath(path);
    if (safe) sessionStorage.setItem(KEY, safe);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable: the person lands on the default page
  }
}

/**
 * Where the GID SDK says a redirect sign-in started (the widget's page, a guard's route), taken
 * only when the site remembered no way back of its own (the login screen's, which wins) and only
 * a same-site, non-guest path: the login screen itself is no place to come back to.
 */
export function offerReturnTo(path: string | null | undefined): void {
  try {
    const safe = safeReturnPath(path);
    if (safe && sessionStorage.getItem(KEY) === null) sessionStorage.setItem(KEY, safe);
  } catch {
    // storage unavailable: the person lands on the default page
  }
}

/** The remembered path (checked again: session storage is the page's to write), once. */
export function takeReturnTo(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return safeReturnPath(value);
  } catch {
    return null;
  }
}

/** The way back a route guard put in the router state (`{ from }`), if it is a same-site path. */
export function returnFromState(state: unknown): string | null {
  return typeof state === 'object' && state !== null ? safeReturnPath((state as { from?: unknown }).from) : null;
}
