import type { cities, eventCities, eventFormats, events, eventTypes, teams, tickets } from '../../db/schema/index';
import { type ContentLanguage, inLanguage, inLanguageOrNull, placeNames } from '../../lib/language';

type TicketRow = typeof tickets.$inferSelect;

/** A ticket with everything its card shows. */
export interface TicketView {
  ticket: TicketRow;
  format: typeof eventFormats.$inferSelect;
  eventCity: typeof eventCities.$inferSelect;
  city: typeof cities.$inferSelect;
  event: typeof events.$inferSelect;
  eventType: typeof eventTypes.$inferSelect;
  team: typeof teams.$inferSelect | null;
  holder: { publicId: string; email: string | null } | null;
  original: { publicId: string } | null;
  /** The order the ticket was bought in, and its buyer. */
  order: { publicId: string; userId: number | null };
}

/** Who is looking at a ticket: `email` is their confirmed address (lower-cased, as transfers are addressed), or null. */
export interface Viewer {
  id: number;
  email: string | null;
}

/** How the viewer stands to a ticket (accounts-sso §4.5). */
export function relationTo(ticket: TicketRow, viewer: Viewer) {
  const holder = ticket.userId === viewer.id;
  const pending = ticket.transferStatus === 'pending';
  return {
    holder,
    /** Bought it: sees where it went and may take it back. */
    owner: ticket.originalUserId === viewer.id,
    /** A transfer addressed to the viewer waits for their answer. */
    incoming: pending && !holder && viewer.email !== null && ticket.transferEmail === viewer.email,
    /** The viewer holds it and is passing it on. */
    outgoing: pending && holder,
  };
}

export const eventStart = (view: Pick<TicketView, 'format' | 'eventCity'>): Date => view.format.startTime ?? view.eventCity.startTime;

export type TicketSection = 'my' | 'transfered' | 'old';

/**
 * Which cabinet lists show a ticket (accounts-sso §2.6, §4.5): «my» — held, upcoming, not being passed
 * on, plus transfers addressed to me; «transfered» — bought by me and passed on (or being passed on);
 * «old» — held, of a past event. Returned (refunded) tickets show nowhere.
 */
export function sectionsOf(view: TicketView, viewer: Viewer, now: Date): TicketSection[] {
  if (view.ticket.status === 'returned') return [];
  const relation = relationTo(view.ticket, viewer);
  const past = eventStart(view) < now;
  const sections: TicketSection[] = [];
  if (!past && ((relation.holder && !relation.outgoing) || relation.incoming)) sections.push('my');
  if (relation.owner && (!relation.holder || relation.outgoing)) sections.push('transfered');
  if (past && relation.holder) sections.push('old');
  return sections;
}

/** Whether the original owner may take the ticket back now (PUT /api/user/ticket/return). */
export function returnable(view: TicketView, viewer: Viewer, now: Date): boolean {
  const relation = relationTo(view.ticket, viewer);
  const passedOn = !relation.holder || relation.outgoing;
  return (
    relation.owner &&
    passedOn &&
    view.ticket.status === 'active' &&
    eventStart(view) >= now &&
    (relation.holder || !view.ticket.info.registered)
  );
}

/**
 * The catalogue texts of a ticket in `language` (event, its type, format, address; an empty English
 * text keeps the Russian). Only what is shown changes: ids, dates and the participant's data stay.
 */
export function viewInLanguage(view: TicketView, language: ContentLanguage): TicketView {
  if (language === 'ru') return view;
  return {
    ...view,
    format: inLanguage(view.format, language),
    eventCity: inLanguage(view.eventCity, language),
    event: inLanguage(view.event, language),
    eventType: inLanguage(view.eventType, language),
    team: inLanguageOrNull(view.team, language),
  };
}

/** accounts-sso §3 ticket card, as the viewer may see it, its catalogue texts in `language`. */
export function presentTicket(view: TicketView, viewer: Viewer, now: Date, language: ContentLanguage = 'ru') {
  const { ticket, format, eventCity, city, event, eventType, team } = viewInLanguage(view, language);
  const relation = relationTo(ticket, viewer);
  const info = ticket.info;
  const pending = ticket.transferStatus === 'pending';
  // The holder's e-mail shows only to the original owner (§4.5); while a transfer waits, the recipient's.
  const holderEmail = pending ? ticket.transferEmail : (view.holder?.email ?? null);
  return {
    public_id: ticket.publicId,
    original_user_public_id: view.original?.publicId ?? null,
    /** active, processing (a refund is awaited: «Ожидайте возврат») or returned. */
    status: ticket.status,
    ticketNumber: ticket.number,
    // Only the buyer may cancel the purchase (POST /api/payment/cancel), so only the buyer sees the order.
    order_public_id: view.order.userId === viewer.id ? view.order.publicId : null,
    transfer_pending: pending,
    returnable: returnable(view, viewer, now),
    past: eventStart(view) < now,
    city: { id: city.id, ...placeNames(city, language) },
    event_city: { public_id: eventCity.publicId },
    event: {
      public_id: event.publicId,
      title: event.title,
      event_type: { public_id: eventType.publicId, logo: eventType.logo, title: eventType.title },
      banners: event.banners,
    },
    event_format: {
      public_id: format.publicId,
      title: format.title,
      start_time: eventStart(view).toISOString(),
      timezone: eventCity.timezone,
      insurance_available: format.insuranceAvailable,
      qr: format.qr,
      /** A virtual format: the holder sends their time from the ticket page. */
      online: format.online,
      address: eventCity.address,
    },
    team: team ? { public_id: team.publicId, number: team.number, name: team.name } : null,
    info: {
      email: relation.owner ? holderEmail : null,
      first_name: info.first_name ?? null,
      last_name: info.last_name ?? null,
      number: typeof info.number === 'number' ? info.number : ticket.number,
      inside_number: info.inside_number ?? null,
      sector: info.sector ?? null,
      row: info.row ?? null,
      place: info.place ?? null,
      insurance: info.insurance ?? false,
      registered: info.registered ?? false,
      offline_registered: info.offline_registered ?? false,
    },
  };
}

/** The participant's own data, for the holder's registration form (GET /api/user/ticket/{id}). */
export function presentParticipant(view: TicketView) {
  const { info } = view.ticket;
  const pick = (field: string) => info[field] ?? null;
  return {
    first_name: pick('first_name'),
    last_name: pick('last_name'),
    second_name: pick('second_name'),
    phone: pick('phone'),
    gender: pick('gender'),
    birth_date: pick('birth_date'),
    region: pick('region'),
    item_size: pick('item_size'),
    select_field: pick('select_field'),
    cluster: pick('cluster'),
    cluster_document: pick('cluster_document'),
    license: pick('license'),
    additional: Object.fromEntries(view.format.additionalFields.map((field) => [field.name, info[field.name] ?? null])),
  };
}

/** The start number a ticket runs with: the one given at registration, else the ticket's number. */
export const startNumber = (ticket: TicketRow): number => (typeof ticket.info.number === 'number' ? ticket.info.number : ticket.number);
