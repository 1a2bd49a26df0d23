import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { type CheckinAnswer, getStaffCounts, getStaffTickets, postCheckin } from './api/staff';
import { CheckinCore, type RepeatedScan, type SyncConflict } from './checkin-core';
import { preloadVerifier, verifyOffline } from './code';
import type { OfflineEvent } from './decide';
import { indexedDbEvents, indexedDbQueue } from './offline-store';

export type { RepeatedScan, SyncConflict } from './checkin-core';

/** How often the list's delta is fetched while online. */
const DELTA_EVERY_MS = 15_000;

export interface CheckinState {
  online: boolean;
  /** The event's list is on this device (scans work offline). */
  ready: boolean;
  title: string;
  waiting: number;
  counts: { checked: number; total: number } | null;
  conflicts: SyncConflict[];
  /** Checked-in tickets scanned again, by any device, the newest first. */
  repeats: RepeatedScan[];
  event: OfflineEvent | null;
  error: string | null;
}

const isNetworkFailure = (error: unknown) => isApiError(error) && (error.code === 'network' || error.code === 'timeout');

const snapshot = (core: CheckinCore): Omit<CheckinState, 'error'> => ({
  online: core.online,
  ready: core.stored !== null,
  title: core.stored?.title ?? '',
  waiting: core.waiting,
  counts: core.counts,
  conflicts: core.conflicts,
  repeats: core.repeats,
  event: core.stored?.event ?? null,
});

/**
 * The scanner's state for one event city (the work is CheckinCore's): the kept list at once, then the
 * network's; the delta and the sync while online; scans.
 */
export function useCheckin(eventCityId: string, device: string) {
  const [core] = useState(
    () =>
      new CheckinCore({
        eventCityId,
        api: { post: postCheckin, list: getStaffTickets },
        queue: indexedDbQueue,
        events: indexedDbEvents,
        verify: verifyOffline,
        isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
        isNetworkFailure,
        mark: (name) => performance.mark(name),
      }),
  );
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState(() => snapshot(core));

  useEffect(() => {
    let live = true;
    let keys: unknown = null;
    const unsubscribe = core.subscribe(() => {
      if (!live) return;
      setState(snapshot(core));
      // The keys imported ahead of the first scan (once per list that brings new ones).
      if (core.stored && core.stored.keys !== keys) {
        keys = core.stored.keys;
        void preloadVerifier(core.stored.keys);
      }
    });
    const refreshCounts = async () => {
      try {
        const counts = await getStaffCounts(eventCityId);
        core.setCounts({ checked: counts.checked_in, total: counts.sold });
      } catch {
        // Offline: the list's own count stays.
      }
    };
    const syncAll = async () => {
      await core.sync();
      await core.download().catch(() => undefined);
      await refreshCounts();
    };
    void (async () => {
      const kept = await core.open();
      try {
        await core.download();
        await syncAll();
      } catch (failure) {
        if (!kept && live)
          setError(isNetworkFailure(failure) ? 'Нет сети: список билетов не загружен' : 'Не удалось загрузить список билетов');
      }
    })();
    // While online: the waiting scans (a sync that failed as the network came back is tried again), the delta, the counts.
    const timer = setInterval(() => {
      if (navigator.onLine) void syncAll();
    }, DELTA_EVERY_MS);
    const goOnline = () => {
      core.setOnline(true);
      void syncAll();
    };
    const goOffline = () => core.setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      live = false;
      unsubscribe();
      clearInterval(timer);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [core, eventCityId]);

  useEffect(() => () => core.close(), [core]);

  const scan = useCallback(
    (text: string, manualTicketId?: string): Promise<CheckinAnswer> => core.scan(text, device, manualTicketId),
    [core, device],
  );
  const sync = useCallback(() => core.sync(), [core]);

  return { state: { ...state, error } as CheckinState, scan, sync };
}
