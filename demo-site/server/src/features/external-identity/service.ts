import { and, eq } from 'drizzle-orm';
import { externalIdentities } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import type { RequestMeta } from '../../http/request';
import { isUniqueViolation } from '../../lib/db-errors';
import type { ContentLanguage } from '../../lib/language';
import {
  accountMessages,
  attachExternal,
  findLinkedAccount,
  openAccount,
  type ProofChannel,
  proveEmail,
  provePhone,
  tellLinked,
} from '../accounts/service';
import { createSession, type SignedIn } from '../sessions/service';
import { findUserByEmail, findUserById, findUserByPhone, presentUser, type UserResponse, type UserRow } from '../users/service';

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
  linkedElsewhere: accountMessages.linkedElsewhere,
} as const;

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'geo' | 'config' | 'email' | 'sms'>;

/**
 * Signs in with an identity a provider vouched for: the linked account; else the account with the same
 * verified e-mail or phone (then linked — the provider proved the address); else a new account. What
 * the provider did not verify is never attached. Records a session with the provider as its method.
 * The social (POST /api/user/{network}) and GID (PUT /api/auth/gid) exchanges end here.
 */
export async function signInWithExternalIdentity(deps: Deps, identity: ExternalIdentity, meta: RequestMeta): Promise<SignedIn> {
  let found: { account: UserRow; joined: boolean };
  try {
    found = await findOrCreateAccount(deps, identity);
  } catch (error) {
    // The same first sign-in twice at once: the other one created the account; find it now.
    if (!isUniqueViolation(error)) throw error;
    found = await findOrCreateAccount(deps, identity);
  }
  // Joined to an account that existed: its confirmed contacts hear of the new way in.
  if (found.joined) await tellLinked(deps, found.account, identity.provider, meta.language);
  return createSession(deps, found.account, identity.provider, meta);
}

async function findOrCreateAccount(deps: Deps, identity: ExternalIdentity): Promise<{ account: UserRow; joined: boolean }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const linked = await findLinkedAccount(tx, identity.provider, identity.subject);
    if (linked) return { account: linked, joined: false };

    // Only what the provider verified counts, or is kept.
    const email = identity.email && identity.emailVerified ? identity.email.toLowerCase() : null;
    const phone = identity.phone && identity.phoneVerified === true ? identity.phone : null;
    const byEmail = email ? await findUserByEmail(tx, email) : undefined;
    const byPhone = !byEmail && phone ? await findUserByPhone(tx, phone) : undefined;
    if (byEmail) {
      // The provider proved the address: a first proof claims an account someone made for it.
      const account = await proveEmail(tx, byEmail.id, identity.provider, now);
      return { account, joined: await attachExternal(tx, now, account, identity, 'email') };
    }
    if (byPhone) {
      const account = await provePhone(tx, byPhone.id, identity.provider, now);
      return { account, joined: await attachExternal(tx, now, account, identity, 'phone') };
    }
    const account = await openAccount(tx, now, {
      email,
      emailProof: email ? identity.provider : null,
      phone,
      phoneProof: phone ? identity.provider : null,
      name: identity.name ?? null,
      lastName: identity.lastName ?? null,
    });
    await attachExternal(tx, now, account, identity, 'sign_up');
    return { account, joined: false };
  });
}

/**
 * POST /api/user/add/{network}: links a provider account to the signed-in user, who proved it is them
 * (`provenBy`: their password or a code; the caller checked it). Idempotent; one linked to another
 * account is a 409. The account's confirmed contacts are told.
 */
export async function linkExternalIdentity(
  deps: Pick<Deps, 'db' | 'clock' | 'email' | 'sms'>,
  userId: number,
  identity: ExternalIdentity,
  provenBy: ProofChannel = 'password',
  language: ContentLanguage = 'ru',
): Promise<{ user: UserResponse }> {
  const user = (await findUserById(deps.db, userId))!;
  if (await attachExternal(deps.db, deps.clock.now(), user, identity, provenBy)) await tellLinked(deps, user, identity.provider, language);
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
