import { useSyncExternalStore } from 'react';
import { readString, storageKeys, subscribe, writeString } from './storage';

/** accounts-sso §4.1: authenticated while a token is stored. */
export const getToken = (): string | null => readString(storageKeys.token);

/** accounts-sso §8: a 403 removes the stored token (and the user it belonged to). */
export function removeToken(): void {
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
