import type { SportEvent } from './api/schemas';

/** ticketing-shop §9: similar events, 4. */
export const SIMILAR_EVENTS = 4;

/** What a person's ticket says about what they like: its city, the event's type, the distance. */
export interface TicketTaste {
  eventId: string | null;
  city: string;
  type: string;
  distanceKm: number | null;
}

/** The distance a format's title names, in km («10 км», «21,1 км», «Эстафета 4×5 км» → 5); null when none. */
export function distanceKm(title: string): number | null {
  const match = /(\d+(?:[.,]\d+)?)\s*км/i.exec(title);
  return match ? Number(match[1]!.replace(',', '.')) : null;
}

/** A ticket chosen in the basket: its event, the event city and the format's title. */
export interface ChosenTicket {
  eventId: string;
  eventCityId: string;
  formatTitle: string;
}

/**
 * The taste of tickets in the basket (whose lines keep ids, not the city or the event type): the city and
 * type read from the events list; a line whose event the list does not have still gives its distance.
 */
export function tastesOfChosen(events: readonly SportEvent[], chosen: readonly ChosenTicket[]): TicketTaste[] {
  return chosen.map((ticket) => {
    const event = events.find((one) => one.public_id === ticket.eventId);
    const place = event?.event_city.find((one) => one.public_id === ticket.eventCityId) ?? event?.event_city[0];
    return {
      eventId: ticket.eventId,
      city: place?.city.name_ru ?? '',
      type: event?.event_type.title ?? '',
      distanceKm: distanceKm(ticket.formatTitle),
    };
  });
}

/**
 * The events most like the ones a person holds tickets for, `limit` of them: each upcoming event
 * (not one they already go to) scores a point for sharing a city, the event type and a distance with
 * any of their tickets; the highest scores first, the soonest first among equals. Without tickets,
 * simply the soonest.
 */
export function similarEvents(events: readonly SportEvent[], tickets: readonly TicketTaste[], limit = SIMILAR_EVENTS): SportEvent[] {
  const held = new Set(tickets.map((ticket) => ticket.eventId).filter((id): id is string => id !== null));
  const cities = new Set(tickets.map((ticket) => ticket.city).filter(Boolean));
  const types = new Set(tickets.map((ticket) => ticket.type).filter(Boolean));
  const distances = new Set(tickets.map((ticket) => ticket.distanceKm).filter((km): km is number => km !== null));
  const score = (event: SportEvent) =>
    Number(event.event_city.some((place) => cities.has(place.city.name_ru))) +
    Number(types.has(event.event_type.title)) +
    Number((event.distances ?? []).some((km) => distances.has(km)));
  return events
    .filter((event) => !held.has(event.public_id))
    .map((event, index) => ({ event, index, score: score(event) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.event);
}
