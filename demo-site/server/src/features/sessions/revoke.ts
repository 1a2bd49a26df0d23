import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { Authenticated } from './service';

/**
 * Ends one session of the signed-in user, found by the public id the sessions page shows.
 *
 * The owner is part of the lookup itself, so someone else's session id (or one that never existed)
 * is the same 404 and changes nothing: the answer does not tell whether the id belongs to anyone.
 * An own session that has already ended is found and left as it is (a repeated click is harmless).
 */
export async function revokeOwnSession(
  deps: { db: Database; clock: Clock },
  auth: Authenticated,
  publicId: string,
): Promise<{ current: boolean }> {
  const [row] = await deps.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.userId, auth.user.id)));
  if (!row) throw notFound();
  await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.id, row.id), eq(sessions.userId, auth.user.id), isNull(sessions.revokedAt)));
  return { current: row.id === auth.sessionId };
}

/** Ends every open session of the signed-in user but the one making the call; returns how many ended. */
export async function revokeOtherSessions(deps: { db: Database; clock: Clock }, auth: Authenticated): Promise<number> {
  const ended = await deps.db
    .update(sessions)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(sessions.userId, auth.user.id), ne(sessions.id, auth.sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}
