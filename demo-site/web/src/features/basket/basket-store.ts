import { useSyncExternalStore } from 'react';
import { getToken } from '../../lib/auth';
import { readJson, storageKeys, subscribe, writeJson } from '../../lib/storage';
import { saveUserBasket } from './api/user-basket';
import { addItem, type BasketItem, basketKey, deleteLine, removeItem, sanitizeGoods } from './basket-items';

/**
 * The basket kept in local storage (accounts-sso §3, ticketing-shop §4): `basketGoods`, and for
 * guests a second copy `NoAuthBasketGoods` that is sent to the server basket after sign-in.
 * Synchronising a signed-in user's basket with the server comes with the basket screen.
 */
interface BasketState {
  goods: BasketItem[];
  /** The line removed last: a shop card whose line it was clears its checkbox (ticketing-shop §2). */
  lastRemoved: BasketItem | null;
}

let state: BasketState = { goods: sanitizeGoods(readJson(storageKeys.basket, [])), lastRemoved: null };
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

let syncTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * A signed-in person's basket goes to the server after changes (ticketing-shop §4), once a burst of
 * changes settles; a failed save is tried again with the next change.
 */
function syncToServer() {
  if (getToken() === null) return;
  clearTimeout(syncTimer);
  syncTimer = setTimeout(() => {
    saveUserBasket(state.goods).catch(() => undefined);
  }, 300);
}

function commit(goods: BasketItem[], lastRemoved: BasketItem | null = state.lastRemoved) {
  state = { goods, lastRemoved };
  writeJson(storageKeys.basket, goods);
  if (getToken() === null) writeJson(storageKeys.guestBasket, goods);
  else syncToServer();
  emit();
}

subscribe(storageKeys.basket, () => {
  const goods = sanitizeGoods(readJson(storageKeys.basket, []));
  if (JSON.stringify(goods) !== JSON.stringify(state.goods)) {
    state = { goods, lastRemoved: state.lastRemoved };
    emit();
  }
});

export const basketActions = {
  add(item: BasketItem) {
    commit(addItem(state.goods, item));
  },
  remove(key: string) {
    const { goods, removed } = removeItem(state.goods, key);
    commit(goods, removed);
  },
  /** Removes a line with what hangs on it (its insurance, a linked product): the basket page's delete. */
  removeWithLinks(key: string, fixedLinks?: Readonly<Record<string, string>>) {
    const { goods, removed } = deleteLine(state.goods, key, fixedLinks);
    commit(goods, removed);
  },
  /** Applies one of the basket model's pure functions (basket-model.ts) to the goods. */
  apply(change: (goods: readonly BasketItem[]) => BasketItem[]) {
    const goods = change(state.goods);
    if (goods !== state.goods) commit(goods);
  },
  /** The server's basket replaces the local one (the load on open, accounts-sso §4.1); not sent back. */
  load(goods: unknown) {
    const clean = sanitizeGoods(goods);
    state = { goods: clean, lastRemoved: state.lastRemoved };
    writeJson(storageKeys.basket, clean);
    emit();
  },
  clear() {
    commit([], null);
  },
  /** For tests: start from a known basket. */
  reset(goods: BasketItem[] = []) {
    clearTimeout(syncTimer);
    state = { goods, lastRemoved: null };
    emit();
  },
};

export function getBasket(): BasketState {
  return state;
}

export function useBasket(): BasketState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
}

export { basketKey };
