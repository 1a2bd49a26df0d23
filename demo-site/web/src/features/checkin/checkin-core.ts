import type { CheckinAnswer, CheckinBody, PublicEventKey, StaffTicket, StaffTicketList } from './api/staff';
import { manualCode, type TicketClaims } from './code';
import { applyDelta, decideOffline, type OfflineEvent } from './decide';

/** A scan whose answer changed when it reached the server (offline green, then a duplicate). */
export interface SyncConflict {
  number: number | null;
  participant: string;
  reason: string;
}

/** A checked-in ticket scanned again later (told by the list): the first scan and the repeats the server kept. */
export interface RepeatedScan {
  ticketId: string;
  number: number;
  participant: string;
  first: { c: string; d: string };
  repeats: { c: string; d: string }[];
  count: number;
}

/** An event as the scanner keeps it between visits: the list, its cursor, the public keys. */
export interface StoredEvent {
  eventCityId: string;
  title: string;
  city: string;
  cursor: string;
  keys: PublicEventKey[];
  event: OfflineEvent;
  savedAt: string;
}

/** A scan made without the network, waiting to be sent: the body, and what the screen showed. */
export interface QueuedScan {
  body: CheckinBody;
  eventCityId: string;
  shown: CheckinAnswer;
  /** The ticket it checked in on this device's list (marked again when the scanner opens). */
  ticketId: string;
}

/** The scans waiting for the network, in the order they were made (IndexedDB in the app, memory in tests). */
export interface QueueStore {
  add(scan: QueuedScan): Promise<void>;
  all(): Promise<{ key: IDBValidKey; scan: QueuedScan }[]>;
  drop(key: IDBValidKey): Promise<void>;
}

/** The event's list kept between visits. */
export interface EventStore {
  load(eventCityId: string): Promise<StoredEvent | undefined>;
  save(event: StoredEvent): Promise<void>;
}

export interface CheckinApi {
  post(body: CheckinBody): Promise<CheckinAnswer>;
  list(eventCityId: string, since?: string): Promise<StaffTicketList>;
}

export interface CheckinCoreOptions {
  eventCityId: string;
  api: CheckinApi;
  queue: QueueStore;
  events: EventStore;
  /** The claims of a signed code when one of the keys signed it, null otherwise. */
  verify(qr: string, keys: StoredEvent['keys']): Promise<TicketClaims | null>;
  isOnline(): boolean;
  /** The request never got an answer (no network, timeout): the scan waits and is sent again, same scan_id. */
  isNetworkFailure(error: unknown): boolean;
  now?: () => Date;
  newId?: () => string;
  /** How long after the last change the list is written to the store (it is large: not on every scan). */
  saveDelayMs?: number;
  mark?: (name: string) => void;
  /** Runs a task off the scan's path (the delta after an online scan): a timer in the app, by hand in tests. */
  later?: (task: () => void) => void;
}

const toOffline = (list: StaffTicketList): OfflineEvent => ({
  eventCityId: list.event_city_id,
  timezone: list.timezone,
  formats: list.formats.map((format) => format.title),
  tickets: Object.fromEntries(list.tickets.map((entry) => [entry.id, entry])),
  revoked: Object.fromEntries(list.revoked.map((entry) => [entry.id, entry.v])),
});

/** How many repeated tickets the screen lists (the newest). */
const REPEATS_SHOWN = 10;

const lastRepeatAt = (entry: RepeatedScan) => entry.repeats.at(-1)?.c ?? '';

/**
 * The scanner of one event city without React: the downloaded list (kept in memory, written to the
 * store in the background), scans (online the server decides; offline the list and the event's keys
 * decide and a green scan waits in the queue), the sync of waiting scans, and what the screen lists
 * after it (conflicts, repeated tickets). The queue is the truth for offline check-ins: the list is
 * re-marked from it when opened, so a list not yet written loses nothing.
 */
export class CheckinCore {
  stored: StoredEvent | null = null;
  /** Scans in the queue (kept equal to it: counted when opened, then +1 per scan added, −1 per scan sent). */
  waiting = 0;
  online: boolean;
  conflicts: SyncConflict[] = [];
  repeats: RepeatedScan[] = [];
  /** Checked in and sold, the server's when it answered, else counted on the list. */
  counts: { checked: number; total: number } | null = null;
  private listeners = new Set<() => void>();
  private syncing: Promise<void> | null = null;
  private downloading: Promise<void> | null = null;
  private downloadAgain = false;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly options: Required<CheckinCoreOptions>;

  constructor(options: CheckinCoreOptions) {
    this.options = {
      now: () => new Date(),
      newId: () => crypto.randomUUID(),
      saveDelayMs: 2000,
      mark: () => undefined,
      // After the answer is on screen (and its tone started), not racing it for the phone's CPU.
      later: (task) => setTimeout(task, 400),
      ...options,
    };
    this.online = options.isOnline();
  }

  /** Called after every change the screen shows. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }

  setOnline(online: boolean) {
    if (this.online === online) return;
    this.online = online;
    this.changed();
  }

  /** The kept list and the waiting scans (their check-ins marked on the list). True when a list was kept. */
  async open(): Promise<boolean> {
    const kept = await this.options.events.load(this.options.eventCityId);
    const queued = await this.options.queue.all();
    this.waiting = queued.length;
    if (kept) {
      this.stored = kept;
      for (const { scan } of queued) this.markLocal(scan.ticketId, scan.body.scanned_at, scan.body.device);
      this.repeats = this.collectRepeats(Object.values(kept.event.tickets), true);
      this.counts = this.localCounts();
    }
    this.changed();
    return kept !== undefined;
  }

  private localCounts() {
    const all = Object.values(this.stored?.event.tickets ?? {});
    return { checked: all.filter((entry) => entry.c).length, total: all.length };
  }

  setCounts(counts: { checked: number; total: number }) {
    this.counts = counts;
    this.changed();
  }

  /** The full list when none is kept, the delta after the kept cursor otherwise (one at a time; asked again meanwhile, once more after). */
  download(): Promise<void> {
    if (this.downloading) {
      this.downloadAgain = true;
      return this.downloading;
    }
    this.downloading = (async () => {
      try {
        do {
          this.downloadAgain = false;
          await this.downloadOnce();
        } while (this.downloadAgain);
      } finally {
        this.downloading = null;
      }
    })();
    return this.downloading;
  }

  private async downloadOnce() {
    const current = this.stored;
    const list = await this.options.api.list(this.options.eventCityId, current?.cursor);
    const delta = current !== null && !list.full;
    const event = delta ? applyDelta(current.event, list) : toOffline(list);
    this.stored = {
      eventCityId: this.options.eventCityId,
      title: list.title,
      city: list.city,
      cursor: list.cursor,
      keys: list.keys,
      event,
      savedAt: this.options.now().toISOString(),
    };
    // Waiting scans stay marked on a full list too (the server has not heard of them yet).
    if (!delta)
      for (const { scan } of await this.options.queue.all()) this.markLocal(scan.ticketId, scan.body.scanned_at, scan.body.device);
    const found = this.collectRepeats(list.tickets, !delta);
    if (delta) {
      const renewed = new Set(found.map((entry) => entry.ticketId));
      this.repeats = [...found, ...this.repeats.filter((entry) => !renewed.has(entry.ticketId) && event.tickets[entry.ticketId])];
    } else this.repeats = found;
    this.repeats.sort((a, b) => lastRepeatAt(b).localeCompare(lastRepeatAt(a)));
    this.repeats = this.repeats.slice(0, REPEATS_SHOWN);
    this.counts ??= this.localCounts();
    this.scheduleSave();
    this.changed();
  }

  private collectRepeats(entries: Iterable<StaffTicket>, sort: boolean): RepeatedScan[] {
    const found: RepeatedScan[] = [];
    for (const entry of entries) {
      if (!entry.r?.length || !entry.c) continue;
      found.push({
        ticketId: entry.id,
        number: entry.n,
        participant: entry.p,
        first: { c: entry.c, d: entry.d ?? '' },
        repeats: entry.r,
        count: entry.rn ?? entry.r.length,
      });
    }
    if (sort) found.sort((a, b) => lastRepeatAt(b).localeCompare(lastRepeatAt(a)));
    return sort ? found.slice(0, REPEATS_SHOWN) : found;
  }

  /** The list is written a while after the last change, off the scan's path. */
  private scheduleSave() {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => void this.flush(), this.options.saveDelayMs);
  }

  /** Writes the list now (closing the screen, tests). */
  async flush(): Promise<void> {
    clearTimeout(this.saveTimer);
    if (this.stored) await this.options.events.save(this.stored);
  }

  close() {
    void this.flush().catch(() => undefined);
    this.listeners.clear();
  }

  /** Gone without writing the list (the page killed): what was not written yet is lost, the queue is not. */
  dispose() {
    clearTimeout(this.saveTimer);
    this.listeners.clear();
  }

  /** Marks a ticket checked in on the in-memory list (no copy of the list; written later). True when it was not marked yet. */
  private markLocal(ticketId: string, scannedAt: string, by: string): boolean {
    const entry = this.stored?.event.tickets[ticketId];
    if (!entry || entry.c) return false;
    this.stored!.event.tickets[ticketId] = { ...entry, c: scannedAt, d: by };
    return true;
  }

  private markChecked(ticketId: string, scannedAt: string, by: string) {
    if (!this.markLocal(ticketId, scannedAt, by)) return;
    if (this.counts) this.counts = { ...this.counts, checked: this.counts.checked + 1 };
    this.scheduleSave();
  }

  /** Sends the waiting scans in order; a scan that turns out otherwise than it was shown is listed for the volunteer. */
  sync(): Promise<void> {
    this.syncing ??= this.syncOnce().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async syncOnce() {
    for (const { key, scan } of await this.options.queue.all()) {
      let answer: CheckinAnswer;
      try {
        answer = await this.options.api.post(scan.body);
      } catch (error) {
        if (this.options.isNetworkFailure(error)) return;
        // Refused by the server for good (e.g. no longer staff): the scan cannot be sent.
        answer = { status: 'refused', reason: error instanceof Error ? error.message : 'Ошибка', ticket: scan.shown.ticket };
      }
      await this.options.queue.drop(key);
      this.waiting -= 1;
      if (answer.status === 'duplicate' && answer.first_scan) {
        // The first scan was another device's: the list names it (its own mark came from this scan).
        const entry = this.stored?.event.tickets[scan.ticketId];
        if (entry) this.stored!.event.tickets[scan.ticketId] = { ...entry, c: answer.first_scan.scanned_at, d: answer.first_scan.device };
      }
      if (answer.status !== scan.shown.status) {
        this.conflicts = [
          ...this.conflicts,
          { number: answer.ticket?.number ?? null, participant: answer.ticket?.participant ?? '', reason: answer.reason ?? '' },
        ];
      }
      this.changed();
    }
  }

  /** One scan: a code the camera (or a hand scanner) read, or a ticket id the manual search picked. */
  async scan(text: string, device: string, manualTicketId?: string): Promise<CheckinAnswer> {
    const { eventCityId, mark } = this.options;
    const current = this.stored;
    if (!current) return { status: 'refused', reason: 'Список билетов ещё не загружен', ticket: null };
    const qr = manualTicketId ? manualCode(manualTicketId) : text.trim();
    const claims = manualTicketId ? { t: manualTicketId, e: eventCityId, v: null } : await this.options.verify(qr, current.keys);
    mark('checkin-verified');
    const local = decideOffline(claims, current.event);
    mark('checkin-decided');
    const body: CheckinBody = { qr, scan_id: this.options.newId(), device, scanned_at: this.options.now().toISOString() };
    // Another event's ticket is never sent: staff of both events would check it in at the wrong start.
    if (claims && claims.e !== eventCityId) return local;
    if (this.options.isOnline()) {
      try {
        const answer = await this.options.api.post(body);
        mark('checkin-sent');
        if (claims && answer.status === 'ok') this.markChecked(claims.t, body.scanned_at, device);
        if (claims && answer.status === 'duplicate' && answer.first_scan)
          this.markChecked(claims.t, answer.first_scan.scanned_at, answer.first_scan.device);
        this.setOnline(true);
        // What other devices did meanwhile (a repeat of this ticket among it) comes with the delta, after the answer.
        this.options.later(() => void this.download().catch(() => undefined));
        return answer;
      } catch (error) {
        if (!this.options.isNetworkFailure(error)) throw error;
        this.setOnline(false);
      }
    }
    // Offline (or the answer lost): the list decides; a green scan waits in the queue, with its scan_id.
    if (local.status === 'ok' && claims) {
      await this.options.queue.add({ body, eventCityId, shown: local, ticketId: claims.t });
      this.waiting += 1;
      this.markChecked(claims.t, body.scanned_at, device);
      mark('checkin-queued');
      this.changed();
    }
    return local;
  }
}
