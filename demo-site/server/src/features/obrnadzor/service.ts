import { asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { obrnadzorEntries } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { escapeLike } from '../../lib/sql';
import { ParticipantFormError, participantMessages, type ValidParticipant } from '../tickets/participant';

type EntryRow = typeof obrnadzorEntries.$inferSelect;

const presentEntry = (entry: EntryRow) => ({
  public_id: entry.publicId,
  region_name: entry.regionName,
  organization: entry.organization,
  short_name: entry.shortName,
  inn: entry.inn,
  ogrn: entry.ogrn,
  license_number: entry.licenseNumber,
  license_date: entry.licenseDate,
  address: entry.address,
  activity: entry.activity,
  status: entry.status,
});

/** GET /api/obrnadzor/regions: the region names the register has entries for. */
export async function listRegionNames(db: Database) {
  const rows = await db.selectDistinct({ name: obrnadzorEntries.regionName }).from(obrnadzorEntries);
  return rows.map((row) => row.name).sort((a, b) => a.localeCompare(b, 'ru'));
}

/** GET /api/obrnadzor/region/{name}: the entries of a region; 404 for a region the register does not know. */
export async function listByRegion(db: Database, regionName: string) {
  const rows = await db
    .select()
    .from(obrnadzorEntries)
    .where(eq(obrnadzorEntries.regionName, regionName))
    .orderBy(asc(obrnadzorEntries.shortName));
  if (rows.length === 0) throw notFound('Регион не найден в реестре');
  return rows.map(presentEntry);
}

/** GET /api/obrnadzor/search/{text}: entries whose name, numbers or address contain the text. */
export async function searchRegister(db: Database, text: string) {
  const pattern = `%${escapeLike(text)}%`;
  const rows = await db
    .select()
    .from(obrnadzorEntries)
    .where(
      or(
        ilike(obrnadzorEntries.organization, pattern),
        ilike(obrnadzorEntries.shortName, pattern),
        ilike(obrnadzorEntries.inn, pattern),
        ilike(obrnadzorEntries.ogrn, pattern),
        ilike(obrnadzorEntries.licenseNumber, pattern),
        ilike(obrnadzorEntries.address, pattern),
      ),
    )
    .orderBy(asc(obrnadzorEntries.shortName))
    .limit(100);
  return rows.map(presentEntry);
}

/**
 * A participant's answers to fields backed by the register (a school, an institution) must each be an
 * organisation's short name as the register writes it (the picker fills it from the search); else the
 * form's field says «Выберите организацию из реестра».
 */
export async function checkRegisterAnswers(db: Database, answers: ValidParticipant['registerAnswers']): Promise<void> {
  if (answers.length === 0) return;
  const names = [...new Set(answers.map((answer) => answer.name))];
  const rows = await db
    .selectDistinct({ name: obrnadzorEntries.shortName })
    .from(obrnadzorEntries)
    .where(inArray(obrnadzorEntries.shortName, names));
  const known = new Set(rows.map((row) => row.name));
  const unknown = answers.find((answer) => !known.has(answer.name));
  if (unknown) throw new ParticipantFormError(unknown.field, participantMessages.register);
}
