import { and, eq, isNull } from 'drizzle-orm';
import { externalIdentities, sessions, users } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import type { RequestMeta } from '../../http/request';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';
import { createSession, type SignedIn } from '../sessions/service';
import {
  createUser,
  findUserByEmail,
  findUserById,
  findUserByPhone,
  presentUser,
  type UserResponse,
  type UserRow,
  updateUser,
} from '../users/service';

/** An outside identity provider the site accepts: the two social networks and the state provider (GID). */
export type ExternalProvider = 'vk' | 'google' | 'gid';

/** What a provider vouched for after a code exchange (ID token claims or a profile call). */
export interface ExternalIdentity {
  provider: ExternalProvider;
  /** The provider's stable user id (`sub`). */
  subject: string;
  email?: string | null | undefined;
  /** Whether the provider verified the address; only a verified one may join an existing account. */
  emailVerified?: boolean | undefined;
  /** Digits without the plus. */
  phone?: string | null | undefined;
  /** Only `phone_number_verified: true` lets the phone join an existing account or count as confirmed. */
  phoneVerified?: boolean | undefined;
  name?: string | null | undefined;
  lastName?: string | null | undefined;
}

export const externalMessages = {
  linkedElsewhere: 'Этот аккаунт уже привязан к другому пользователю',
} as const;

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'geo' | 'config'>;

/**
 * Signs in with an identity a provider vouched for: the linked account; else the account with the same
 * verified e-mail or phone (then linked); else a new account. Records a session with the provider as
 * its method. The social (POST /api/user/{network}) and GID (PUT /api/auth/gid) exchanges end here.
 */
export async function signInWithExternalIdentity(deps: Deps, identity: ExternalIdentity, meta: RequestMeta): Promise<SignedIn> {
  let user: UserRow;
  try {
    user = await findOrCreateAccount(deps, identity);
  } catch (error) {
    // The same first sign-in twice at once: the other one created the account; find it now.
    if (!isUniqueViolation(error)) throw error;
    user = await findOrCreateAccount(deps, identity);
  }
  return createSession(deps, user, identity.provider, meta);
}

async function findOrCreateAccount(deps: Deps, identity: ExternalIdentity): Promise<UserRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx): Promise<UserRow> => {
    const [link] = await tx
      .select()
      .from(externalIdentities)
      .where(and(eq(externalIdentities.provider, identity.provider), eq(externalIdentities.subject, identity.subject)));
    if (link) return (await findUserById(tx, link.userId))!;

    const email = identity.email?.toLowerCase() ?? null;
    const phoneVerified = identity.phoneVerified === true;
    const byEmail = email && identity.emailVerified ? await findUserByEmail(tx, email) : undefined;
    const byPhone = !byEmail && identity.phone && phoneVerified ? await findUserByPhone(tx, identity.phone) : undefined;
    let account = byEmail ?? byPhone;
    if (account) {
      const unproven = byEmail ? !account.emailConfirmedAt : !account.phoneConfirmedAt;
      // Anyone could have made this account for a stranger's address (POST /api/user, a guest payment
      // with `register`) and then waited for its owner to sign in here. Its address was never proved, so
      // nothing its maker set up survives the join: their sessions, password and linked identities go.
      if (unproven) await resetUnprovenAccount(tx, account.id, now);
      // The provider proved the address or number, so the account now has it confirmed.
      account = await updateUser(tx, account.id, byEmail ? { emailConfirmedAt: now } : { phoneConfirmedAt: now });
    } else {
      const emailFree = email && !(await findUserByEmail(tx, email));
      const phoneFree = identity.phone && !(await findUserByPhone(tx, identity.phone));
      account = await createUser(tx, now, {
        email: emailFree ? email : null,
        emailConfirmedAt: emailFree && identity.emailVerified ? now : null,
        phone: phoneFree ? identity.phone! : null,
        phoneConfirmedAt: phoneFree && phoneVerified ? now : null,
        name: identity.name ?? null,
        lastName: identity.lastName ?? null,
      });
    }
    await tx
      .insert(externalIdentities)
      .values({ userId: account.id, provider: identity.provider, subject: identity.subject, email, createdAt: now });
    return account;
  });
}

/**
 * An account about to be joined through an address it never confirmed: ends its sessions, clears its
 * password and unlinks every outside identity, so whoever made it keeps no way in.
 */
async function resetUnprovenAccount(tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0], userId: number, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await tx.update(users).set({ passwordHash: null }).where(eq(users.id, userId));
  await tx.delete(externalIdentities).where(eq(externalIdentities.userId, userId));
}

/**
 * POST /api/user/add/{network}: links a provider account to the signed-in user (idempotent); one
 * linked to another account is a 409.
 */
export async function linkExternalIdentity(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  identity: ExternalIdentity,
): Promise<{ user: UserResponse }> {
  const [link] = await deps.db
    .select()
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, identity.provider), eq(externalIdentities.subject, identity.subject)));
  if (link && link.userId !== userId) throw conflict(externalMessages.linkedElsewhere);
  if (!link) {
    await deps.db.insert(externalIdentities).values({
      userId,
      provider: identity.provider,
      subject: identity.subject,
      email: identity.email?.toLowerCase() ?? null,
      createdAt: deps.clock.now(),
    });
  }
  return { user: presentUser((await findUserById(deps.db, userId))!) };
}

/** The account a provider identity is linked to, if any (the GID refresh call reports it). */
export async function findLinkedUser(
  deps: Pick<Deps, 'db'>,
  provider: ExternalProvider,
  subject: string,
): Promise<UserResponse | undefined> {
  const [link] = await deps.db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)));
  const user = link && (await findUserById(deps.db, link.userId));
  return user ? presentUser(user) : undefined;
}
