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

/**
 * The events most like the ones a person holds tickets for, `limit` of them: each upcoming event
 * (not one they already go to) scores a point for sharing a city, the event type and a distance with
 * any of their tickets; the highest scores first, the soonest first among equals. Without tickets,
 * simply the soonest.
 */
export function similarEvents(events: readonly SportEvent[], tickets: readonly TicketTaste[], limit = SIMILAR_EVENTS): SportEvent[] {
  const held = new Set(tickets.map((ticket) => ticket.eventId).filter((id): id is string => id !== null));
  const cities = new Set(tickets.map((ticket) => ticket.city));
  const types = new Set(tickets.map((ticket) => ticket.type));
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
