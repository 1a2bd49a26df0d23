import { useEffect, useSyncExternalStore } from 'react';

/**
 * ticketing-shop §2: breadcrumbs come from the first path segment and, when there is a second
 * segment, the child title the screen reports (a news headline, a club name…).
 */
let childTitle: string | null = null;
const listeners = new Set<() => void>();

function setChildTitle(title: string | null) {
  childTitle = title;
  for (const listener of listeners) listener();
}

export function useChildTitle(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => childTitle,
    () => null,
  );
}

/** Called by a screen at /section/{id} once it knows its title. */
export function useBreadcrumbTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    setChildTitle(title);
    return () => setChildTitle(null);
  }, [title]);
}
