import type { EventFormat } from './api/get-event-formats';

/** ticketing-shop §9: a format label shows 10 seats when the format does not say how many. */
export const DEFAULT_FORMAT_SEATS = 10;

/** The kind of ticket a format sells by default (ticketing-shop §3 basket item: kind, default athlete). */
export const DEFAULT_TICKET_KIND = 'athlete';

/** Seats one purchase of the format covers: its max_count, else the default 10. */
export function formatSeats(format: Pick<EventFormat, 'max_count'>): number {
  return format.max_count && format.max_count > 0 ? format.max_count : DEFAULT_FORMAT_SEATS;
}

/**
 * The kind a ticket of the format is bought as: athlete, unless the format sells no athletes — a
 * stand (spectators) then sells its one kind. Without it, a spectators' ticket was refused at payment.
 */
export function formatKind(format: Pick<EventFormat, 'tickets_left'>): string {
  const kinds = Object.keys(format.tickets_left ?? {});
  return kinds.length === 0 || kinds.includes(DEFAULT_TICKET_KIND) ? DEFAULT_TICKET_KIND : kinds[0]!;
}

/** Tickets left for a kind; null when the server does not say (then the format is not limited here). */
export function ticketsLeft(format: Pick<EventFormat, 'tickets_left'>, kind = DEFAULT_TICKET_KIND): number | null {
  const left = format.tickets_left?.[kind];
  return typeof left === 'number' ? left : null;
}

export function isSoldOut(format: Pick<EventFormat, 'tickets_left'>, kind = DEFAULT_TICKET_KIND): boolean {
  const left = ticketsLeft(format, kind);
  return left !== null && left <= 0;
}
