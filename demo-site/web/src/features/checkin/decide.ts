import type { CheckinAnswer, StaffTicket } from './api/staff';
import type { TicketClaims } from './code';

/** What the scanner knows about the event offline: its tickets by id, revoked ids with their versions, format titles. */
export interface OfflineEvent {
  eventCityId: string;
  timezone: string;
  formats: string[];
  tickets: Record<string, StaffTicket>;
  revoked: Record<string, number>;
}

export const reasons = {
  forged: 'Поддельный код',
  otherEvent: 'Другое событие',
  transferred: 'Билет передан',
  returned: 'Билет возвращён',
  unknown: 'Билет не найден в списке',
} as const;

const clocks = new Map<string, Intl.DateTimeFormat>();

/** «09:12»: a time in the event's zone (one formatter per zone: making one is slow on a phone). */
export function clockTime(at: string, timeZone: string): string {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone });
    clocks.set(timeZone, clock);
  }
  return clock.format(new Date(at));
}

/** «Уже отмечен в 09:12, стойка 2»: the first scan's time in the event's zone and its device. */
export function duplicateReason(scannedAt: string, device: string | undefined, timeZone: string): string {
  const time = clockTime(scannedAt, timeZone);
  return device ? `Уже отмечен в ${time}, ${device}` : `Уже отмечен в ${time}`;
}

/**
 * The answer without the network, from a verified code (null: not signed by the event's keys) or a
 * ticket picked by the manual search, and the downloaded list — the same rules the server applies.
 */
export function decideOffline(claims: TicketClaims | { t: string; e: string; v: null } | null, event: OfflineEvent): CheckinAnswer {
  if (!claims) return { status: 'refused', reason: reasons.forged, ticket: null };
  if (claims.e !== event.eventCityId) return { status: 'refused', reason: reasons.otherEvent, ticket: null };
  const entry = event.tickets[claims.t];
  if (!entry) {
    const revoked = event.revoked[claims.t];
    return { status: 'refused', reason: revoked === undefined ? reasons.unknown : reasons.returned, ticket: null };
  }
  const ticket = { number: entry.n, participant: entry.p, format: event.formats[entry.f] ?? '' };
  if (claims.v !== null && claims.v < entry.v) return { status: 'refused', reason: reasons.transferred, ticket };
  if (entry.c) {
    return {
      status: 'duplicate',
      reason: duplicateReason(entry.c, entry.d, event.timezone),
      ticket,
      first_scan: { scanned_at: entry.c, checked_at: entry.c, device: entry.d ?? '' },
    };
  }
  return { status: 'ok', ticket };
}

/**
 * The list after a delta: changed tickets replace theirs, revoked ones leave the list. In place — a
 * delta is a few entries, the list thousands: copying it on every delta costs a phone tens of ms.
 */
export function applyDelta(
  event: OfflineEvent,
  delta: { tickets: StaffTicket[]; revoked: { id: string; v: number }[]; formats?: { title: string }[] },
): OfflineEvent {
  const { tickets, revoked } = event;
  for (const entry of delta.tickets) {
    // A check-in this device made offline stays, whatever an older copy says, until the server's answer replaces it.
    const local = tickets[entry.id];
    tickets[entry.id] = local?.c && !entry.c && local.v === entry.v ? { ...entry, c: local.c, d: local.d } : entry;
    delete revoked[entry.id];
  }
  for (const gone of delta.revoked) {
    delete tickets[gone.id];
    revoked[gone.id] = gone.v;
  }
  if (delta.formats) event.formats = delta.formats.map((format) => format.title);
  return event;
}

/** Manual search: by start number (exact) or surname (its beginning, any case). */
export function searchTickets(event: OfflineEvent, query: string, limit = 20): StaffTicket[] {
  const text = query.trim().toLocaleLowerCase('ru');
  if (!text) return [];
  const all = Object.values(event.tickets);
  if (/^\d+$/.test(text)) return all.filter((entry) => String(entry.n) === text).slice(0, limit);
  return all.filter((entry) => entry.p.toLocaleLowerCase('ru').startsWith(text)).slice(0, limit);
}
