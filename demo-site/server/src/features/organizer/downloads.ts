import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { eventCities, organizerDownloads } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { newToken, sha256 } from '../../lib/crypto';
import { findUserById, type UserRow } from '../users/service';
import type { OrganizerContext } from './scope';

/**
 * Download links of the exports (issue 31). The API takes bearer tokens, which a browser's own download
 * cannot send; the screen used to fetch the whole file into memory first. Now it asks for a link
 * (`POST /api/organizer/download_link`, scoped like the export itself) and lets the browser follow it: the
 * file streams to disk. A link is a random token (only its hash is stored), serves once, expires in five
 * minutes, and is checked again when followed — the account that asked must still hold a role there.
 */

export const downloadMessages = {
  gone: 'Ссылка недействительна или устарела',
} as const;

export const downloadLifetimeMs = 5 * 60_000;

export type ExportFile = 'participants.csv' | 'participants.xlsx' | 'orders.csv' | 'orders.xlsx';

export interface DownloadClaim {
  user: UserRow;
  eventCityPublicId: string;
  file: ExportFile;
  formatPublicId: string | null;
}

/** POST /api/organizer/download_link: a one-time link to an export of the event city the guard resolved. */
export async function createDownloadLink(
  deps: ServerDeps,
  who: OrganizerContext,
  input: { file: ExportFile; format_public_id?: string | undefined },
) {
  const token = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + downloadLifetimeMs);
  // Old links are of no use to anyone: each new one sweeps them.
  await deps.db.delete(organizerDownloads).where(lt(organizerDownloads.expiresAt, now));
  await deps.db.insert(organizerDownloads).values({
    tokenHash: sha256(token),
    userId: who.user.id,
    eventCityId: who.eventCityId!,
    file: input.file,
    formatPublicId: input.format_public_id ?? null,
    expiresAt,
  });
  return { url: `/api/organizer/download/${token}`, expires_at: expiresAt.toISOString() };
}

/** Claims a link once (a second follower, a replay, an expired or forged token: nothing). */
export async function claimDownload(deps: ServerDeps, token: string | undefined): Promise<DownloadClaim | undefined> {
  if (!token) return undefined;
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .update(organizerDownloads)
    .set({ usedAt: now })
    .where(and(eq(organizerDownloads.tokenHash, sha256(token)), isNull(organizerDownloads.usedAt), gt(organizerDownloads.expiresAt, now)))
    .returning();
  if (!claimed) return undefined;
  const [user, [place]] = await Promise.all([
    findUserById(deps.db, claimed.userId),
    deps.db.select({ publicId: eventCities.publicId }).from(eventCities).where(eq(eventCities.id, claimed.eventCityId)),
  ]);
  if (!user || !place) return undefined;
  return { user, eventCityPublicId: place.publicId, file: claimed.file as ExportFile, formatPublicId: claimed.formatPublicId };
}
