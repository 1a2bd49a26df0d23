import { and, asc, eq, ilike, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, eventCities, eventFormats, events, resultRows, teams } from '../../db/schema/index';
import { found } from '../../lib/errors';
import { type ContentLanguage, inLanguage } from '../../lib/language';
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
export async function eventResults(
  db: Database,
  eventCityPublicId: string,
  formatPublicId: string,
  filter: ResultFilter,
  language: ContentLanguage,
) {
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
  const cityNames =
    language === 'en'
      ? new Map((await db.select({ ru: cities.nameRu, en: cities.nameEn }).from(cities)).map((city) => [city.ru, city.en]))
      : null;
  const teamNames = language === 'en' ? await englishTeamNames(db) : null;
  return {
    values: rows.map((row) => presentResultRow(row, language, cityNames, teamNames)),
    settings: {
      formats: formats
        .filter((candidate) => withResults.has(candidate.id))
        .map((candidate) => ({ public_id: candidate.publicId, title: inLanguage(candidate, language).title, is_team: candidate.isTeam })),
    },
    city: presentCity(place!.city, language),
    event: { public_id: place!.event.publicId, title: inLanguage(place!.event, language).title },
    event_city: { public_id: place!.eventCity.publicId, start_time: place!.eventCity.startTime.toISOString() },
  };
}

/** The results' fixed words in English: finish statuses and the sex letter of age categories. */
const englishStatus: Record<string, string> = { Финишировал: 'Finished', Сошёл: 'Did not finish', 'Не стартовал': 'Did not start' };
const englishSex: Record<string, string> = { М: 'M', Ж: 'F' };

/**
 * One finisher line as the results tables read it (accounts-sso §9 column labels). In English the
 * status, distance unit, age category and city are English (the city from `cityNames`, Russian → English).
 */
/** Team names with an English form (the seed's teams, issue 35): Russian name → English. */
export async function englishTeamNames(db: Database): Promise<Map<string, string>> {
  const rows = await db.selectDistinct({ ru: teams.name, en: teams.nameEn }).from(teams).where(isNotNull(teams.nameEn));
  return new Map(rows.map((row) => [row.ru, row.en!]));
}

export function presentResultRow(
  row: typeof resultRows.$inferSelect,
  language: ContentLanguage = 'ru',
  cityNames: Map<string, string | null> | null = null,
  teamNames: Map<string, string> | null = null,
) {
  const english = language === 'en';
  return {
    public_id: row.publicId,
    start_number: row.startNumber,
    first_name: row.firstName,
    last_name: row.lastName,
    gender: row.gender,
    age_category: english ? row.ageCategory.replace(/^[МЖ]/, (letter) => englishSex[letter] ?? letter) : row.ageCategory,
    team_name: english && row.teamName ? (teamNames?.get(row.teamName) ?? row.teamName) : row.teamName,
    city: english ? (cityNames?.get(row.city) ?? row.city) : row.city,
    distance: english ? row.distance.replace(/(\d),(\d)/, '$1.$2').replace(/\s*км$/, ' km') : row.distance,
    status: english ? (englishStatus[row.status] ?? row.status) : row.status,
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
