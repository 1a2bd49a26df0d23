import { and, desc, eq, gte, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import {
  clubCompetitions,
  clubs,
  competitionResults,
  competitionTypes,
  uploads,
  userClubs,
  userCompetitions,
  users,
} from '../../db/schema/index';
import { newPublicId } from '../../lib/crypto';
import { normalizeDuration } from '../../lib/duration';
import { badRequest, notFound } from '../../lib/errors';
import type { SniffedType } from '../../lib/file-type';
import type { ReceivedFile } from './form';

type UploadRow = typeof uploads.$inferSelect;
type CompetitionTypeRow = typeof competitionTypes.$inferSelect;

export const competitionMessages = {
  type: 'Выберите вид соревнования',
  unknownType: 'Вид соревнования не найден',
  fill: 'Заполните поле',
  value: 'Введите корректное значение',
  time: 'Введите корректное время',
  distance: 'Значение должно быть больше 0',
  comment: 'Комментарий должен быть не длиннее 500 символов',
  notFound: 'Результат не найден',
  clubNotFound: 'Клуб не найден',
  notMember: 'Вы не состоите в этом клубе',
  otherClub: 'Результат уже отправлен в другой клуб',
} as const;

export const fileMessages = { notFound: 'Файл не найден' } as const;

/** Where a user's file is served back to them. */
export const fileUrl = (upload: Pick<UploadRow, 'publicId'>) => `/api/user/file/${upload.publicId}`;

const presentUpload = (upload: UploadRow) => ({
  public_id: upload.publicId,
  name: upload.name,
  mime: upload.mime,
  size: upload.size,
  url: fileUrl(upload),
});

type TypedFile = ReceivedFile & { type: SniffedType };

const uploadValues = (userId: number, purpose: string, file: TypedFile, now: Date) => ({
  publicId: newPublicId(),
  userId,
  purpose,
  mime: file.type.mime,
  name: file.name,
  size: file.content.length,
  data: file.content,
  createdAt: now,
});

/** POST /api/user/file: a participant's document (ticketing-shop §5: pdf, jpeg, png; ≤ 4 MB). */
export async function saveParticipantFile(db: Database, now: Date, userId: number, file: TypedFile) {
  const [row] = await db
    .insert(uploads)
    .values(uploadValues(userId, 'participant', file, now))
    .returning();
  return presentUpload(row!);
}

/** GET /api/user/file/{id}: the owner's file; anyone else's is a 404, as if it did not exist. */
export async function findOwnFile(db: Database, userId: number, filePublicId: string): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.publicId, filePublicId), eq(uploads.userId, userId)));
  if (!row) throw notFound(fileMessages.notFound);
  return row;
}

/** The text fields of the competition result form. */
export const competitionFields = z.strictObject({
  competition_type: z
    .string({ error: competitionMessages.type })
    .trim()
    .min(1, competitionMessages.type)
    .max(64, competitionMessages.unknownType)
    .regex(/^[\w-]+$/, competitionMessages.unknownType),
  value: z.string({ error: competitionMessages.fill }).trim().min(1, competitionMessages.fill).max(32, competitionMessages.value),
  comment: z
    .string()
    .trim()
    .max(500, competitionMessages.comment)
    .refine((value) => !value.includes('\u0000'), competitionMessages.comment)
    .optional(),
});

/** A result as the competition type measures it: `HH:MM:SS` for time, kilometres for distance. */
export function normalizeCompetitionValue(unit: string, value: string): string {
  if (unit === 'time') {
    const time = normalizeDuration(value);
    if (!time) throw badRequest(competitionMessages.time);
    return time;
  }
  const text = value.replace(/\s*км$/i, '').replace(',', '.');
  const km = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!(km > 0) || km > 100_000) throw badRequest(competitionMessages.distance);
  return `${String(Math.round(km * 1000) / 1000).replace('.', ',')} км`;
}

const presentCompetitionType = (type: CompetitionTypeRow) => ({ public_id: type.publicId, title: type.title, unit: type.unit });

/**
 * POST /api/user/competition: a result with up to 6 images. Everything is checked before the first
 * insert, and the images and the result are written in one transaction.
 */
export async function submitCompetitionResult(
  db: Database,
  now: Date,
  userId: number,
  fields: z.infer<typeof competitionFields>,
  images: TypedFile[],
) {
  const [type] = await db.select().from(competitionTypes).where(eq(competitionTypes.publicId, fields.competition_type));
  if (!type) throw badRequest(competitionMessages.unknownType);
  const value = normalizeCompetitionValue(type.unit, fields.value);
  const comment = fields.comment || null;

  const { competition, saved } = await db.transaction(async (tx) => {
    const saved = images.length
      ? await tx
          .insert(uploads)
          .values(images.map((image) => uploadValues(userId, 'competition', image, now)))
          .returning()
      : [];
    const [competition] = await tx
      .insert(userCompetitions)
      .values({
        publicId: newPublicId(),
        userId,
        competitionTypeId: type.id,
        value,
        comment,
        imageIds: saved.map((image) => image.id),
        createdAt: now,
      })
      .returning();
    return { competition: competition!, saved };
  });
  return {
    public_id: competition.publicId,
    competition_type: presentCompetitionType(type),
    value,
    comment,
    images: saved.map(fileUrl),
    created: competition.createdAt.toISOString(),
  };
}

/**
 * PUT /api/user/club/competition/{competitionId}/{clubId}: files the user's result to a club they are a
 * member of; it joins the club's running competition of the same type when there is one.
 */
/** A result's rank key: seconds for a time (less is better), minus kilometres for a distance (more is). */
export function resultRank(value: string, unit: string): number {
  if (unit === 'time') {
    const parts = value.split(':').map(Number);
    return parts.reduce((total, part) => total * 60 + part, 0);
  }
  const km = Number.parseFloat(value.replace(',', '.'));
  return Number.isFinite(km) ? -km : Number.POSITIVE_INFINITY;
}

async function addToResults(tx: Database, competitionId: number, userId: number, competition: typeof userCompetitions.$inferSelect) {
  const [person] = await tx.select().from(users).where(eq(users.id, userId));
  const participant = [person?.name, person?.lastName].filter(Boolean).join(' ') || person?.email?.split('@')[0] || 'Участник клуба';
  const [type] = await tx.select().from(competitionTypes).where(eq(competitionTypes.id, competition.competitionTypeId));
  await tx.insert(competitionResults).values({ competitionId, participant, value: competition.value, place: 0 });
  const rows = await tx.select().from(competitionResults).where(eq(competitionResults.competitionId, competitionId));
  const ranked = rows
    .map((row) => ({ row, rank: resultRank(row.value, type?.unit ?? 'time') }))
    .sort((a, b) => a.rank - b.rank || a.row.id - b.row.id);
  for (const [index, { row }] of ranked.entries()) {
    if (row.place !== index + 1)
      await tx
        .update(competitionResults)
        .set({ place: index + 1 })
        .where(eq(competitionResults.id, row.id));
  }
}

export async function fileCompetitionToClub(db: Database, now: Date, userId: number, competitionPublicId: string, clubId: string) {
  const [competition] = await db
    .select()
    .from(userCompetitions)
    .where(and(eq(userCompetitions.publicId, competitionPublicId), eq(userCompetitions.userId, userId)));
  if (!competition) throw notFound(competitionMessages.notFound);
  const [club] = await db
    .select()
    .from(clubs)
    .where(or(eq(clubs.publicId, clubId), eq(clubs.publicName, clubId)));
  if (!club) throw notFound(competitionMessages.clubNotFound);
  const [membership] = await db
    .select({ clubId: userClubs.clubId })
    .from(userClubs)
    .where(and(eq(userClubs.userId, userId), eq(userClubs.clubId, club.id)));
  if (!membership) throw badRequest(competitionMessages.notMember);
  if (competition.clubId !== null && competition.clubId !== club.id) throw badRequest(competitionMessages.otherClub);

  const [running] = await db
    .select()
    .from(clubCompetitions)
    .where(
      and(
        eq(clubCompetitions.clubId, club.id),
        eq(clubCompetitions.competitionTypeId, competition.competitionTypeId),
        lte(clubCompetitions.startDate, now),
        gte(clubCompetitions.endDate, now),
      ),
    )
    .orderBy(desc(clubCompetitions.startDate))
    .limit(1);
  await db.transaction(async (tx) => {
    await tx
      .update(userCompetitions)
      .set({ clubId: club.id, clubCompetitionId: running?.id ?? null })
      .where(eq(userCompetitions.id, competition.id));
    // Filed to a running competition for the first time: the result joins its table, places recomputed.
    if (running && competition.clubCompetitionId !== running.id) await addToResults(tx, running.id, userId, competition);
  });
  return {
    public_id: competition.publicId,
    club: { public_id: club.publicId, title: club.title },
    competition: running ? { public_id: running.publicId, title: running.title } : null,
  };
}
