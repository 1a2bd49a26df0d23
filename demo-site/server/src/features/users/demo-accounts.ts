import { and, inArray, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { externalIdentities, sessions, users } from '../../db/schema/index';
import { demoUserSeed } from '../../db/seed/data/content';
import { stablePublicId } from '../../lib/crypto';

/** The public ids the seed gives the demo accounts (`demo`, `vip`…): how they are known in any database. */
export const demoAccountIds = (): string[] => demoUserSeed.map((user) => stablePublicId(`user:${user.key}`));

/** The command that retires the demo accounts (src/cli/demo-retire.ts), as a production start names it. */
export const retireCommand = 'pnpm --filter @gid/server run demo:retire';

/**
 * The demo accounts still open in a database first seeded in demo mode (issue 33, finding 9): their
 * addresses (a production start names them and the command that retires them).
 */
export async function liveDemoAccounts(db: Database): Promise<string[]> {
  const live = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(
      and(inArray(users.publicId, demoAccountIds()), or(isNotNull(users.email), isNotNull(users.phone), isNotNull(users.passwordHash))),
    );
  return live.map((user) => user.email ?? (user.phone ? `+${user.phone}` : 'без адреса'));
}

/** What a start without demo mode says when demo accounts are still open: which, why it matters, and the command. */
export const demoAccountsWarning = (accounts: string[]) =>
  `В базе, заполненной в демо-режиме, открыты демо-аккаунты (${accounts.join(', ')}): их пароли опубликованы в README. Закройте их командой «${retireCommand}» (сервер можно не останавливать при PostgreSQL).`;

/**
 * Retires the demo accounts (issue 33, finding 9; `demo:retire`): the demo accounts, whose passwords are
 * in the README and whose phones anybody may hold — their sessions end, their networks go, and their
 * e-mail, phone, password and roles are cleared, so nothing signs into them any more (their orders stay,
 * as history). Answers the addresses retired (none when there were none, or they were retired before).
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
