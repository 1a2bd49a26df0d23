import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, eventCities, eventFormats, events, eventTypes, projects } from '../../db/schema/index';
import { found } from '../../lib/errors';
import type { ContentLanguage } from '../../lib/language';
import { toRubles } from '../../lib/money';
import { escapeLike } from '../../lib/sql';
import { distanceKm, type EventResponse, presentCity, presentEventBase, presentEventCity, presentEventType } from './present';

/** An event counts as upcoming until a day after its start, so today's events stay on the calendar. */
const upcomingSince = (now: Date) => new Date(now.getTime() - 86_400_000);

async function eventsWithCities(
  db: Database,
  where: { eventIds?: number[]; upcoming?: Date },
  language: ContentLanguage,
): Promise<EventResponse[]> {
  const cityConditions = [
    ...(where.eventIds ? [inArray(eventCities.eventId, where.eventIds)] : []),
    ...(where.upcoming ? [gte(eventCities.startTime, upcomingSince(where.upcoming))] : []),
  ];
  const cityRows = await db
    .select({ eventCity: eventCities, city: cities })
    .from(eventCities)
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .where(cityConditions.length ? and(...cityConditions) : undefined)
    .orderBy(asc(eventCities.startTime));
  const eventIds = [...new Set(cityRows.map((row) => row.eventCity.eventId))];
  if (eventIds.length === 0) return [];
  const eventRows = await db
    .select({ event: events, type: eventTypes, project: projects })
    .from(events)
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .innerJoin(projects, eq(projects.id, eventTypes.projectId))
    .where(inArray(events.id, eventIds))
    .orderBy(asc(events.sort));
  // The distances its listed formats name (Russian titles: the number and «км» are the same in both languages).
  const formatRows = await db
    .select({ eventCityId: eventFormats.eventCityId, title: eventFormats.title })
    .from(eventFormats)
    .where(
      and(
        inArray(
          eventFormats.eventCityId,
          cityRows.map((row) => row.eventCity.id),
        ),
        eq(eventFormats.hidden, false),
        isNull(eventFormats.closedAt),
      ),
    );
  const eventOfCity = new Map(cityRows.map((row) => [row.eventCity.id, row.eventCity.eventId]));
  const distances = new Map<number, Set<number>>();
  for (const row of formatRows) {
    const km = distanceKm(row.title);
    const eventId = eventOfCity.get(row.eventCityId);
    if (km === null || eventId === undefined) continue;
    distances.set(eventId, (distances.get(eventId) ?? new Set()).add(km));
  }
  return eventRows
    .map(({ event, type, project }) => ({
      ...presentEventBase(event, type, project, language),
      event_city: cityRows
        .filter((row) => row.eventCity.eventId === event.id)
        .map((row) => presentEventCity(row.eventCity, row.city, language)),
      distances: [...(distances.get(event.id) ?? [])].sort((a, b) => a - b),
    }))
    .sort((a, b) => (a.event_city[0]?.start_time ?? '').localeCompare(b.event_city[0]?.start_time ?? ''));
}

/** GET /api/event/list: events with at least one upcoming city, soonest first, each with its upcoming cities. */
export const listEvents = (db: Database, now: Date, language: ContentLanguage) => eventsWithCities(db, { upcoming: now }, language);

/** GET /api/event/id/{id}: one event with all its cities, past ones included. */
export async function getEvent(db: Database, publicId: string, language: ContentLanguage): Promise<EventResponse> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.publicId, publicId));
  const [result] = await eventsWithCities(db, { eventIds: [found(event).id] }, language);
  return found(result);
}

/** GET /api/event/cities: cities with upcoming events, with how many. */
export async function listEventCities(db: Database, now: Date, language: ContentLanguage) {
  const rows = await db
    .select({ city: cities, events: count(eventCities.id) })
    .from(eventCities)
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .where(gte(eventCities.startTime, upcomingSince(now)))
    .groupBy(cities.id)
    .orderBy(asc(cities.sort));
  return rows.map((row) => ({ ...presentCity(row.city, language), region_id: row.city.regionId, events_count: row.events }));
}

export async function listEventTypes(db: Database, language: ContentLanguage) {
  const rows = await db
    .select({ type: eventTypes, project: projects })
    .from(eventTypes)
    .innerJoin(projects, eq(projects.id, eventTypes.projectId))
    .orderBy(asc(eventTypes.sort));
  return rows.map((row) => presentEventType(row.type, row.project, language));
}

/** GET /api/event_type/project: projects, each with its event types. */
export async function listProjects(db: Database, language: ContentLanguage) {
  const types = await listEventTypes(db, language);
  const byProject = new Map<
    string,
    { public_id: string; title: string; link: string; picture_main: string; event_types: Omit<(typeof types)[number], 'project'>[] }
  >();
  for (const { project, ...type } of types) {
    const entry = byProject.get(project.public_id) ?? { ...project, event_types: [] };
    entry.event_types.push(type);
    byProject.set(project.public_id, entry);
  }
  return [...byProject.values()];
}

export interface EventCityFilter {
  city_id?: number | undefined;
  event_type?: string | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * POST /api/event_city/filtered (upcoming, soonest first) and POST /api/results/event_city/filtered
 * (published results, latest first): event cities with their event, filtered by city, type, dates, text.
 */
export async function filterEventCities(
  db: Database,
  now: Date,
  filter: EventCityFilter,
  mode: 'calendar' | 'results',
  language: ContentLanguage,
) {
  const conditions: SQL[] = [
    mode === 'calendar'
      ? gte(eventCities.startTime, upcomingSince(now))
      : and(eq(eventCities.resultsPublished, true), lt(eventCities.startTime, now))!,
  ];
  if (filter.city_id !== undefined) conditions.push(eq(eventCities.cityId, filter.city_id));
  if (filter.event_type !== undefined) conditions.push(eq(eventTypes.publicId, filter.event_type));
  if (filter.date_from !== undefined) conditions.push(gte(eventCities.startTime, new Date(`${filter.date_from}T00:00:00Z`)));
  if (filter.date_to !== undefined)
    conditions.push(lt(eventCities.startTime, new Date(new Date(`${filter.date_to}T00:00:00Z`).getTime() + 86_400_000)));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    // Either language's texts match, whichever the page is shown in.
    conditions.push(
      or(
        ilike(events.title, pattern),
        ilike(events.titleEn, pattern),
        ilike(cities.nameRu, pattern),
        ilike(cities.nameEn, pattern),
        ilike(eventCities.address, pattern),
        ilike(eventCities.addressEn, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const base = db
    .select({ eventCity: eventCities, city: cities, event: events, type: eventTypes, project: projects })
    .from(eventCities)
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .innerJoin(projects, eq(projects.id, eventTypes.projectId))
    .where(where);
  const rows = await base
    .orderBy(mode === 'calendar' ? asc(eventCities.startTime) : desc(eventCities.startTime), asc(eventCities.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db
    .select({ value: count() })
    .from(eventCities)
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .innerJoin(eventTypes, eq(eventTypes.id, events.eventTypeId))
    .where(where);
  const minPrices = await minimumPrices(
    db,
    rows.map((row) => row.eventCity.id),
  );
  return {
    values: rows.map((row) => ({
      ...presentEventCity(row.eventCity, row.city, language),
      min_price: minPrices.get(row.eventCity.id) ?? null,
      event: presentEventBase(row.event, row.type, row.project, language),
    })),
    count: total?.value ?? 0,
  };
}

async function minimumPrices(db: Database, eventCityIds: number[]): Promise<Map<number, number>> {
  if (eventCityIds.length === 0) return new Map();
  const rows = await db
    .select({
      eventCityId: eventFormats.eventCityId,
      price: eventFormats.price,
      isTeam: eventFormats.isTeam,
      hidden: eventFormats.hidden,
      closedAt: eventFormats.closedAt,
    })
    .from(eventFormats)
    .where(inArray(eventFormats.eventCityId, eventCityIds));
  const prices = new Map<number, number>();
  for (const row of rows) {
    if (row.hidden || row.isTeam || row.closedAt) continue;
    const current = prices.get(row.eventCityId);
    if (current === undefined || row.price < current) prices.set(row.eventCityId, row.price);
  }
  return new Map([...prices].map(([id, price]) => [id, toRubles(price)]));
}

/** GET /api/results/cities: cities with published results. */
export async function listResultCities(db: Database, now: Date, language: ContentLanguage) {
  const rows = await db
    .selectDistinct({ city: cities })
    .from(eventCities)
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .where(and(eq(eventCities.resultsPublished, true), lt(eventCities.startTime, now)));
  const name = (city: { name_ru: string; name_en?: string }) => city.name_en ?? city.name_ru;
  return rows.map((row) => presentCity(row.city, language)).sort((a, b) => name(a).localeCompare(name(b), language));
}
