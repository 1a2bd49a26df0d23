import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { type CheckinAnswer, getStaffCounts, getStaffTickets, postCheckin, type StaffTicketList } from './api/staff';
import { manualCode, preloadVerifier, verifyOffline } from './code';
import { applyDelta, decideOffline, type OfflineEvent } from './decide';
import { dropQueued, enqueueScan, loadEvent, queuedScans, type StoredEvent, saveEvent } from './offline-store';

/** How often the list's delta is fetched while online. */
const DELTA_EVERY_MS = 15_000;

/** A scan whose answer changed when it reached the server (offline green, then a duplicate). */
export interface SyncConflict {
  number: number | null;
  participant: string;
  reason: string;
}

export interface CheckinState {
  online: boolean;
  /** The event's list is on this device (scans work offline). */
  ready: boolean;
  title: string;
  waiting: number;
  counts: { checked: number; total: number } | null;
  conflicts: SyncConflict[];
  event: OfflineEvent | null;
  error: string | null;
}

const toOffline = (list: StaffTicketList): OfflineEvent => ({
  eventCityId: list.event_city_id,
  timezone: list.timezone,
  formats: list.formats.map((format) => format.title),
  tickets: Object.fromEntries(list.tickets.map((entry) => [entry.id, entry])),
  revoked: Object.fromEntries(list.revoked.map((entry) => [entry.id, entry.v])),
});

const isNetworkFailure = (error: unknown) => isApiError(error) && (error.code === 'network' || error.code === 'timeout');

const localCounts = (event: OfflineEvent) => {
  const all = Object.values(event.tickets);
  return { checked: all.filter((entry) => entry.c).length, total: all.length };
};

/**
 * The scanner's state for one event city: the downloaded list (IndexedDB), its delta while online, the
 * scans (online: the server decides; offline: the list and the event's public keys decide and the scan
 * waits in IndexedDB), and the sync of waiting scans when the network returns.
 */
export function useCheckin(eventCityId: string, device: string) {
  const [state, setState] = useState<CheckinState>({
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    ready: false,
    title: '',
    waiting: 0,
    counts: null,
    conflicts: [],
    event: null,
    error: null,
  });
  const stored = useRef<StoredEvent | null>(null);
  const syncing = useRef(false);

  const update = useCallback((changes: Partial<CheckinState>) => setState((previous) => ({ ...previous, ...changes })), []);

  const keep = useCallback(
    async (next: StoredEvent) => {
      stored.current = next;
      update({ event: next.event, ready: true, title: next.title });
      await saveEvent(next);
    },
    [update],
  );

  const refreshCounts = useCallback(async () => {
    const event = stored.current?.event;
    try {
      const counts = await getStaffCounts(eventCityId);
      update({ counts: { checked: counts.checked_in, total: counts.sold } });
    } catch {
      if (event) update({ counts: localCounts(event) });
    }
  }, [eventCityId, update]);

  /** The full list when none is kept, the delta after the kept cursor otherwise. */
  const download = useCallback(async () => {
    const current = stored.current;
    const list = await getStaffTickets(eventCityId, current?.cursor);
    const event = current && !list.full ? applyDelta(current.event, list) : toOffline(list);
    await keep({
      eventCityId,
      title: list.title,
      city: list.city,
      cursor: list.cursor,
      keys: list.keys,
      event,
      savedAt: new Date().toISOString(),
    });
  }, [eventCityId, keep]);

  const countWaiting = useCallback(async () => update({ waiting: (await queuedScans()).length }), [update]);

  /** Sends the waiting scans in order; a scan that turns out a duplicate is listed for the volunteer. */
  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      for (const { key, scan } of await queuedScans()) {
        let answer: CheckinAnswer;
        try {
          answer = await postCheckin(scan.body);
        } catch (error) {
          if (isNetworkFailure(error)) break;
          // Refused by the server for good (e.g. no longer staff): the scan cannot be sent.
          answer = { status: 'refused', reason: error instanceof Error ? error.message : 'Ошибка', ticket: scan.shown.ticket };
        }
        await dropQueued(key);
        if (answer.status !== scan.shown.status) {
          setState((previous) => ({
            ...previous,
            conflicts: [
              ...previous.conflicts,
              { number: answer.ticket?.number ?? null, participant: answer.ticket?.participant ?? '', reason: answer.reason ?? '' },
            ],
          }));
        }
      }
    } finally {
      syncing.current = false;
      await countWaiting();
    }
    if (stored.current) await download().catch(() => undefined);
    await refreshCounts();
  }, [countWaiting, download, refreshCounts]);

  // Open: the kept list at once, then the network's; the delta and the sync while online.
  useEffect(() => {
    let live = true;
    void preloadVerifier();
    void (async () => {
      const kept = await loadEvent(eventCityId);
      if (!live) return;
      if (kept) {
        stored.current = kept;
        update({ event: kept.event, ready: true, title: kept.title, counts: localCounts(kept.event) });
      }
      await countWaiting();
      try {
        await download();
        await sync();
      } catch (error) {
        if (!kept && live)
          update({ error: isNetworkFailure(error) ? 'Нет сети: список билетов не загружен' : 'Не удалось загрузить список билетов' });
      }
    })();
    // While online: the waiting scans (a sync that failed as the network came back is tried again), the delta, the counts.
    const timer = setInterval(() => {
      if (navigator.onLine) void sync();
    }, DELTA_EVERY_MS);
    const goOnline = () => {
      update({ online: true });
      void sync();
    };
    const goOffline = () => update({ online: false });
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [eventCityId, download, sync, countWaiting, update]);

  /** Marks a ticket checked in on this device's list (a green answer, or the server's first scan). */
  const markChecked = useCallback(
    async (ticketId: string, scannedAt: string, by: string) => {
      const current = stored.current;
      const entry = current?.event.tickets[ticketId];
      if (!current || !entry || entry.c) return;
      const event = { ...current.event, tickets: { ...current.event.tickets, [ticketId]: { ...entry, c: scannedAt, d: by } } };
      await keep({ ...current, event });
      setState((previous) => ({
        ...previous,
        counts: previous.counts ? { ...previous.counts, checked: previous.counts.checked + 1 } : localCounts(event),
      }));
    },
    [keep],
  );

  /** One scan: a code the camera (or a hand scanner) read, or a ticket id the manual search picked. */
  const scan = useCallback(
    async (text: string, manualTicketId?: string): Promise<CheckinAnswer> => {
      const current = stored.current;
      if (!current) return { status: 'refused', reason: 'Список билетов ещё не загружен', ticket: null };
      const qr = manualTicketId ? manualCode(manualTicketId) : text.trim();
      const claims = manualTicketId ? { t: manualTicketId, e: eventCityId, v: null } : await verifyOffline(qr, current.keys);
      const local = decideOffline(claims, current.event);
      const body = { qr, scan_id: crypto.randomUUID(), device, scanned_at: new Date().toISOString() };
      // Another event's ticket is never sent: staff of both events would check it in at the wrong start.
      if (claims && claims.e !== eventCityId) return local;
      if (navigator.onLine) {
        try {
          const answer = await postCheckin(body);
          if (claims && answer.status === 'ok') await markChecked(claims.t, body.scanned_at, device);
          if (claims && answer.status === 'duplicate' && answer.first_scan)
            await markChecked(claims.t, answer.first_scan.scanned_at, answer.first_scan.device);
          return answer;
        } catch (error) {
          if (!isNetworkFailure(error)) throw error;
          update({ online: false });
        }
      }
      // Offline: the list decides; a green scan waits in IndexedDB for the network.
      if (local.status === 'ok' && claims) {
        await markChecked(claims.t, body.scanned_at, device);
        await enqueueScan({ body, eventCityId, shown: local });
        await countWaiting();
      }
      return local;
    },
    [eventCityId, device, markChecked, countWaiting, update],
  );

  return { state, scan, sync };
}
