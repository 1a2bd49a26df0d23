import { useSyncExternalStore } from 'react';
import { getToken } from '../../lib/auth';
import { readJson, storageKeys, subscribe, writeJson } from '../../lib/storage';
import { addItem, type BasketItem, basketKey, removeItem, sanitizeGoods } from './basket-items';

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

function commit(goods: BasketItem[], lastRemoved: BasketItem | null = state.lastRemoved) {
  state = { goods, lastRemoved };
  writeJson(storageKeys.basket, goods);
  if (getToken() === null) writeJson(storageKeys.guestBasket, goods);
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
  clear() {
    commit([], null);
  },
  /** For tests: start from a known basket. */
  reset(goods: BasketItem[] = []) {
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
