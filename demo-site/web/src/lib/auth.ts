import { useSyncExternalStore } from 'react';
import { readJson, readString, storageKeys, subscribe, writeJson, writeString } from './storage';

/** accounts-sso §4.1: authenticated while a token is stored. */
export const getToken = (): string | null => readString(storageKeys.token);

/**
 * The server answered 401 to the stored token (accounts-sso §6: «a 401 leads to login»). The token is
 * kept (only a 403 removes it), but until the next sign-in this tab treats the person as a guest,
 * so the login screen — a guest-only route — shows instead of sending them back to the cabinet.
 */
let rejected = false;
const rejectedListeners = new Set<() => void>();
const setRejected = (value: boolean) => {
  if (rejected === value) return;
  rejected = value;
  for (const listener of rejectedListeners) listener();
};

export function markSessionRejected(): void {
  setRejected(true);
}

export const isSessionRejected = (): boolean => rejected;

export function subscribeSessionRejected(listener: () => void): () => void {
  rejectedListeners.add(listener);
  return () => rejectedListeners.delete(listener);
}

/** accounts-sso §8: a 403 removes the stored token (and the user it belonged to). */
export function removeToken(): void {
  setRejected(false);
  writeString(storageKeys.token, null);
  writeString(storageKeys.user, null);
}

const subscribeToken = (listener: () => void) => subscribe(storageKeys.token, listener);

/** Whether a token is stored; re-renders when it changes (here or in another tab). */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(
    subscribeToken,
    () => getToken() !== null,
    () => false,
  );
}

/** The signed-in user as kept in `userObj` (accounts-sso §3); only `public_id` is relied on here. */
export interface StoredUser {
  public_id?: string;
  name?: string | null;
  last_name?: string | null;
  email?: string | null;
  phone?: string | null;
  role?: string[] | null;
  [field: string]: unknown;
}

export function getStoredUser(): StoredUser | null {
  const user = readJson<unknown>(storageKeys.user, null);
  return typeof user === 'object' && user !== null && !Array.isArray(user) ? (user as StoredUser) : null;
}

/**
 * accounts-sso §4.1: signed in with a stored user that has no `public_id` — a broken or foreign
 * record — is not signed in at all: the token goes and the person is sent to /auth. (A token with
 * no stored user at all is left to the server: its 401 / 403 decides.)
 */
export function hasBrokenUser(): boolean {
  if (getToken() === null || readString(storageKeys.user) === null) return false;
  const user = getStoredUser();
  return typeof user?.public_id !== 'string' || user.public_id === '';
}

/**
 * This browser's last sign-in was with Газпром ID (issue 32): when that session is lost (expired,
 * ended on another device — not signed out here), the cabinet's guard sends the person back to
 * GID rather than to the login screen's choice of methods (features/auth/components/gid-cabinet-guard.tsx).
 * Any other sign-in and a sign-out forget it.
 */
const GID_RETURNING_KEY = 'gid-demo:signed-in-with-gid';

export function markSignedInWithGid(): void {
  try {
    localStorage.setItem(GID_RETURNING_KEY, '1');
  } catch {
    // storage unavailable: the guard sends the person to the login screen
  }
}

/** Whether the last sign-in here was with GID; `forget` clears it (the guard uses it once). */
export function signedInWithGid(forget = false): boolean {
  try {
    const marked = localStorage.getItem(GID_RETURNING_KEY) !== null;
    if (forget) localStorage.removeItem(GID_RETURNING_KEY);
    return marked;
  } catch {
    return false;
  }
}

/** Login success (accounts-sso §4.1): the token and the user are stored; the user first, so a token never stands alone. */
export function storeSignIn(token: string, user: StoredUser): void {
  signedInWithGid(true);
  setRejected(false);
  writeJson(storageKeys.user, user);
  writeString(storageKeys.token, token);
}

/** Logout (accounts-sso §4.1): token, user and basket are cleared. */
export function clearSignIn(): void {
  signedInWithGid(true);
  removeToken();
  writeString(storageKeys.basket, null);
}
