import { useSyncExternalStore } from 'react';
import type { BasketItem, TicketLine } from './basket-items';

const isTicket = (item: BasketItem): item is TicketLine => item.selector === 'ticket';

/**
 * The count a team or fixed-count ticket is sold in (ticketing-shop §4: a team steps by its
 * max_count unless fixed_count is false), or null for a line that takes any count.
 */
export function requiredTicketCount(item: BasketItem): number | null {
  if (!isTicket(item) || !item.isTeam || !item.fixed_count || item.team_public_id) return null;
  return Math.max(1, item.max_count);
}

/** The first ticket line whose count is not a whole number of its required count (ticketing-shop §2 popup). */
export function requiredTicketCountError(goods: readonly BasketItem[]): { title: string; count: number } | null {
  for (const item of goods) {
    const required = requiredTicketCount(item);
    if (required === null) continue;
    if (item.count < required || item.count % required !== 0) return { title: item.title, count: required };
  }
  return null;
}

/**
 * The basket state's `requiredTicketCountError` (ticketing-shop §3): set when the visitor tries a
 * count the format does not sell (or pays with one), cleared by «Понятно». Kept apart from the
 * goods: it is a message, not part of the basket stored locally or on the server.
 */
let current: { title: string; count: number } | null = null;
const listeners = new Set<() => void>();

export const requiredCountPopup = {
  show(error: { title: string; count: number }) {
    current = error;
    for (const listener of listeners) listener();
  },
  close() {
    current = null;
    for (const listener of listeners) listener();
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useRequiredCountError() {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
