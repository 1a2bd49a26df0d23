import type { Ticket } from './api/schemas';
import '../../locales/cabinet';

/** The label of a ticket card's button (accounts-sso §4.5), as a key of `cabinet.tickets.status`. */
export type TicketStatusLabel = 'registered' | 'used' | 'finished' | 'register' | 'awaitingRefund' | 'refunded';

/**
 * accounts-sso §4.5: a refunded ticket (the provider has returned the money: `returned`, shown only on
 * its own page) is «Возврат выполнен», whatever else; a past ticket is «Завершено»; one awaiting its refund «Ожидайте возврат» (the
 * refund outranks registration: the ticket can no longer be used); a registered one «Билет
 * зарегистрирован»; otherwise «Зарегистрироваться». A ticket checked in at the start line is «Использован»
 * as soon as it is (issue 24: the start tent checks in before the start; the spec's wording waited for the start).
 */
export function ticketStatusLabel(
  ticket: Pick<Ticket, 'status' | 'info' | 'event_format'>,
  section: 'my' | 'transfered' | 'old',
  _now: number,
): TicketStatusLabel {
  if (ticket.status === 'returned') return 'refunded';
  if (section === 'old') return 'finished';
  if (ticket.status === 'processing') return 'awaitingRefund';
  // Checked in at the start line (issue 24): used, though the start may still be ahead (check-in comes first).
  if (ticket.info.offline_registered) return 'used';
  return ticket.info.registered ? 'registered' : 'register';
}

/** accounts-sso §4.5: the upcoming list split by `info.registered` (registered first on the page). */
export function splitByRegistration<T extends Pick<Ticket, 'info'>>(tickets: readonly T[]): { registered: T[]; unregistered: T[] } {
  return {
    registered: tickets.filter((ticket) => ticket.info.registered),
    unregistered: tickets.filter((ticket) => !ticket.info.registered),
  };
}

/**
 * Which list a ticket opened on its own page belongs to (the page draws it like that list's card):
 * past → «old»; one the person passed on, or is passing on → «transfered»; otherwise «my» (a transfer
 * addressed to them included). `participant` comes only to the holder; the holder's e-mail only to
 * the original owner (accounts-sso §4.5).
 */
export function ticketPageSection(
  ticket: Pick<Ticket, 'past' | 'transfer_pending' | 'info'> & { participant?: unknown },
): 'my' | 'transfered' | 'old' {
  if (ticket.past) return 'old';
  const holder = ticket.participant != null;
  if (holder) return ticket.transfer_pending ? 'transfered' : 'my';
  const incoming = ticket.transfer_pending === true && !ticket.info.email;
  return incoming ? 'my' : 'transfered';
}
