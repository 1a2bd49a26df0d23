import { and, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { externalIdentities, sessions, users } from '../../db/schema/index';
import { demoUserSeed } from '../../db/seed/data/content';
import { stablePublicId } from '../../lib/crypto';

/** The public ids the seed gives the demo accounts (`demo`, `vip`…): how they are known in any database. */
export const demoAccountIds = (): string[] => demoUserSeed.map((user) => stablePublicId(`user:${user.key}`));

/**
 * A production start (demo mode off) on a database first seeded in demo mode (issue 33, finding 9): the
 * demo accounts, whose passwords are in the README and whose phones anybody may hold, are retired —
 * their sessions end, their networks go, and their e-mail, phone, password and roles are cleared, so
 * nothing signs into them any more (their orders stay, as history). Answers the addresses retired
 * (none when there were none, or they were retired before).
 */
export async function retireDemoAccounts(db: Database, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const live = await tx
      .select({ id: users.id, email: users.email, phone: users.phone })
      .from(users)
      .where(
        and(inArray(users.publicId, demoAccountIds()), or(isNotNull(users.email), isNotNull(users.phone), isNotNull(users.passwordHash))),
      );
    if (live.length === 0) return [];
    const ids = live.map((user) => user.id);
    await tx.update(sessions).set({ revokedAt: now }).where(inArray(sessions.userId, ids));
    await tx.delete(externalIdentities).where(inArray(externalIdentities.userId, ids));
    await tx
      .update(users)
      .set({
        email: null,
        emailConfirmedAt: null,
        emailProvenBy: null,
        phone: null,
        phoneConfirmedAt: null,
        phoneProvenBy: null,
        passwordHash: null,
        roles: [],
      })
      .where(inArray(users.id, ids));
    return live.map((user) => user.email ?? `+${user.phone}`);
  });
}
