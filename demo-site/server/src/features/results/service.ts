import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, eventCities, eventFormats, events, resultRows } from '../../db/schema/index';
import { found } from '../../lib/errors';
import { escapeLike } from '../../lib/sql';
import { presentCity } from '../events/present';

export interface ResultFilter {
  gender?: 'male' | 'female' | undefined;
  search?: string | undefined;
}

/**
 * GET /api/event_results/{event_city_id}/{format_id}: the results table of one format of an event
 * city; `settings.formats` lists the formats with results (the table's tabs).
 */
export async function eventResults(db: Database, eventCityPublicId: string, formatPublicId: string, filter: ResultFilter) {
  const [place] = await db
    .select({ eventCity: eventCities, city: cities, event: events })
    .from(eventCities)
    .innerJoin(cities, eq(cities.id, eventCities.cityId))
    .innerJoin(events, eq(events.id, eventCities.eventId))
    .where(eq(eventCities.publicId, eventCityPublicId));
  found(place);
  const formats = await db
    .select()
    .from(eventFormats)
    .where(and(eq(eventFormats.eventCityId, place!.eventCity.id), eq(eventFormats.hidden, false)))
    .orderBy(asc(eventFormats.sort));
  const format = found(formats.find((candidate) => candidate.publicId === formatPublicId));

  const conditions: SQL[] = [eq(resultRows.formatId, format.id)];
  if (filter.gender) conditions.push(eq(resultRows.gender, filter.gender));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    const text = or(ilike(resultRows.firstName, pattern), ilike(resultRows.lastName, pattern), ilike(resultRows.teamName, pattern));
    conditions.push(/^\d+$/.test(filter.search) ? or(text, eq(resultRows.startNumber, Number(filter.search)))! : text!);
  }
  const rows = await db
    .select()
    .from(resultRows)
    .where(and(...conditions))
    .orderBy(asc(resultRows.placeOverall), asc(resultRows.startNumber));
  const withResults = new Set(
    (
      await db
        .selectDistinct({ formatId: resultRows.formatId })
        .from(resultRows)
        .innerJoin(eventFormats, eq(eventFormats.id, resultRows.formatId))
        .where(eq(eventFormats.eventCityId, place!.eventCity.id))
    ).map((row) => row.formatId),
  );
  return {
    values: rows.map(presentResultRow),
    settings: {
      formats: formats
        .filter((candidate) => withResults.has(candidate.id))
        .map((candidate) => ({ public_id: candidate.publicId, title: candidate.title, is_team: candidate.isTeam })),
    },
    city: presentCity(place!.city),
    event: { public_id: place!.event.publicId, title: place!.event.title },
    event_city: { public_id: place!.eventCity.publicId, start_time: place!.eventCity.startTime.toISOString() },
  };
}

/** One finisher line as the results tables read it (accounts-sso §9 column labels). */
export function presentResultRow(row: typeof resultRows.$inferSelect) {
  return {
    public_id: row.publicId,
    start_number: row.startNumber,
    first_name: row.firstName,
    last_name: row.lastName,
    gender: row.gender,
    age_category: row.ageCategory,
    team_name: row.teamName,
    city: row.city,
    distance: row.distance,
    status: row.status,
    start_time: row.startTime,
    finish_time: row.finishTime,
    net_time: row.netTime,
    official_time: row.officialTime,
    penalty_time: row.penaltyTime,
    bonus_time: row.bonusTime,
    place_overall: row.placeOverall,
    place_gender: row.placeGender,
    place_age: row.placeAge,
    place_category: row.placeCategory,
  };
}
