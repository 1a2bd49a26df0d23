import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, clubCompetitions, clubs, competitionResults, competitionTypes, userClubs } from '../../db/schema/index';
import { found } from '../../lib/errors';
import { type ContentLanguage, inLanguage, placeNames } from '../../lib/language';

type ClubRow = typeof clubs.$inferSelect;
type CityRow = typeof cities.$inferSelect;
type CompetitionTypeRow = typeof competitionTypes.$inferSelect;

/** accounts-sso §3 club and ticketing-shop §3 club (location.name_ru). */
const presentClub = (row: ClubRow, city: CityRow, members: number, language: ContentLanguage) => {
  const club = inLanguage(row, language);
  return {
    public_id: club.publicId,
    public_name: club.publicName,
    title: club.title,
    description: club.description,
    picture: club.picture,
    location: { id: city.id, ...placeNames(city, language) },
    created_date: club.createdDate.toISOString(),
    members_count: members,
  };
};

const presentCompetitionType = (row: CompetitionTypeRow, language: ContentLanguage) => {
  const type = inLanguage(row, language);
  return { public_id: type.publicId, title: type.title, unit: type.unit };
};

async function clubsWhere(db: Database, where: SQL | undefined, language: ContentLanguage) {
  const rows = await db
    .select({ club: clubs, city: cities })
    .from(clubs)
    .innerJoin(cities, eq(cities.id, clubs.cityId))
    .where(where)
    .orderBy(desc(clubs.createdDate));
  if (rows.length === 0) return [];
  const members = await db
    .select({ clubId: userClubs.clubId, value: count() })
    .from(userClubs)
    .where(
      inArray(
        userClubs.clubId,
        rows.map((row) => row.club.id),
      ),
    )
    .groupBy(userClubs.clubId);
  const byClub = new Map(members.map((row) => [row.clubId, row.value]));
  return rows.map((row) => presentClub(row.club, row.city, byClub.get(row.club.id) ?? 0, language));
}

/** GET /api/clubs: every club, newest first. */
export const listClubs = (db: Database, language: ContentLanguage = 'ru') => clubsWhere(db, undefined, language);

/** A club by its public id or its public name (the /clubs/{public_name} route). */
async function findClub(db: Database, id: string): Promise<ClubRow> {
  const [club] = await db
    .select()
    .from(clubs)
    .where(or(eq(clubs.publicId, id), eq(clubs.publicName, id)));
  return found(club);
}

export async function getClub(db: Database, id: string, language: ContentLanguage = 'ru') {
  const club = await findClub(db, id);
  const [result] = await clubsWhere(db, eq(clubs.id, club.id), language);
  return found(result);
}

export async function listCompetitionTypes(db: Database, language: ContentLanguage = 'ru') {
  const rows = await db.select().from(competitionTypes).orderBy(asc(competitionTypes.id));
  return rows.map((row) => presentCompetitionType(row, language));
}

/** GET /api/club/competition/list/{id}: a club's competitions with their results. */
export async function listClubCompetitions(db: Database, clubId: string, language: ContentLanguage = 'ru') {
  const club = await findClub(db, clubId);
  const rows = await db
    .select({ competition: clubCompetitions, type: competitionTypes })
    .from(clubCompetitions)
    .innerJoin(competitionTypes, eq(competitionTypes.id, clubCompetitions.competitionTypeId))
    .where(eq(clubCompetitions.clubId, club.id))
    .orderBy(desc(clubCompetitions.startDate));
  const results = rows.length
    ? await db
        .select()
        .from(competitionResults)
        .where(
          inArray(
            competitionResults.competitionId,
            rows.map((row) => row.competition.id),
          ),
        )
        .orderBy(asc(competitionResults.place))
    : [];
  return rows
    .map((row) => ({ competition: inLanguage(row.competition, language), type: row.type }))
    .map(({ competition, type }) => ({
      public_id: competition.publicId,
      title: competition.title,
      description: competition.description,
      start_date: competition.startDate.toISOString(),
      end_date: competition.endDate.toISOString(),
      competition_type: presentCompetitionType(type, language),
      results: results
        .filter((result) => result.competitionId === competition.id)
        .map((result) => ({
          place: result.place,
          participant: result.participant,
          // Distances are stored as «42 км»; the unit in English.
          value: language === 'en' ? result.value.replace(/\s*км$/, ' km') : result.value,
        })),
    }));
}

/** GET /api/user/clubs: the clubs a user belongs to. */
export async function listUserClubs(db: Database, userId: number, language: ContentLanguage = 'ru') {
  const memberships = await db.select({ clubId: userClubs.clubId }).from(userClubs).where(eq(userClubs.userId, userId));
  if (memberships.length === 0) return [];
  return clubsWhere(
    db,
    inArray(
      clubs.id,
      memberships.map((row) => row.clubId),
    ),
    language,
  );
}

/** PUT /api/user/club/new/{id}: joins (idempotent); returns the club. */
export async function joinClub(db: Database, now: Date, userId: number, clubId: string, language: ContentLanguage = 'ru') {
  const club = await findClub(db, clubId);
  await db.insert(userClubs).values({ userId, clubId: club.id, joinedAt: now }).onConflictDoNothing();
  return getClub(db, club.publicId, language);
}

/** PUT /api/user/club/pull/{id}: leaves (idempotent); returns the club. */
export async function leaveClub(db: Database, userId: number, clubId: string, language: ContentLanguage = 'ru') {
  const club = await findClub(db, clubId);
  await db.delete(userClubs).where(and(eq(userClubs.userId, userId), eq(userClubs.clubId, club.id)));
  return getClub(db, club.publicId, language);
}
