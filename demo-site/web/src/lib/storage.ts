/**
 * The browser storage keys of accounts-sso §3 and safe access to them: storage can be unavailable
 * (private mode, disabled cookies) and the app must still run.
 */
export const storageKeys = {
  token: 'token',
  user: 'userObj',
  basket: 'basketGoods',
  guestBasket: 'NoAuthBasketGoods',
  theme: 'themeMemReg',
  language: 'lang',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readString(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeString(key: StorageKey, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Quota or privacy settings: the value lives on in memory through the listeners' state only.
  }
  for (const listener of listeners.get(key) ?? []) listener();
}

export function readJson<T>(key: StorageKey, fallback: T): T {
  const raw = readString(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, value === undefined ? null : JSON.stringify(value));
}

/** Calls `listener` when `key` changes in this tab or in another one. */
export function subscribe(key: StorageKey, listener: Listener): () => void {
  const set = listeners.get(key) ?? new Set();
  set.add(listener);
  listeners.set(key, set);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    set.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}
