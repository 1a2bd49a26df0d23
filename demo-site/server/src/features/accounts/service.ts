import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { externalIdentities, sessions, users } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { newPublicId, verifyPassword } from '../../lib/crypto';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ContentLanguage, LetterText } from '../../lib/language';
import type { UserRow } from '../users/service';
import { linkedNotice, noticeLetter, noticeSms, unlinkedNotice } from './letters';

/**
 * The one place that decides who holds an account (issue 20). Every sign-in, registration, link and
 * change path calls these functions; none writes the identity columns of `users` (e-mail, phone, their
 * proof, the password) or `external_identities` itself. The rules, in short (the server README has the
 * table):
 *
 * - An identifier is attached with its proof: how (`*_proven_by`, `proven_by`) and when. Only the
 *   e-mail of an account made by registration or by the guest checkout's «register» is ever unproven;
 *   a provider's unverified e-mail or phone is never stored.
 * - The first proof of an address or phone ends every session of the account and removes every
 *   password, link and contact not proven in the same act by the same person.
 * - A session of an account with nothing proven (the guest checkout's) reads what it bought; it cannot
 *   link a network, set a password or change a contact (403).
 * - A network or GID account attaches by proof: it made the account, the provider vouched for the
 *   account's proven e-mail or phone, or the signed-in owner gave their password or a code. The
 *   account's confirmed contacts are told.
 * - Orders placed without a session go to an account only when its e-mail is proven.
 */

export const accountMessages = {
  unproven:
    'Сначала подтвердите почту по ссылке из письма. До этого можно смотреть свои покупки, но нельзя привязать соцсеть, задать пароль или изменить почту и телефон',
  linkedElsewhere: 'Этот аккаунт уже привязан к другому пользователю',
  notLinked: 'Этот аккаунт не привязан к вашему профилю',
  staleLink: 'Ссылка недействительна или устарела',
} as const;

/** How an identifier was proven. */
export type ProofChannel =
  | 'link'
  | 'reset'
  | 'sms'
  | 'sign_in_link'
  | 'vk'
  | 'google'
  | 'gid'
  | 'password'
  | 'code'
  | 'sign_up'
  | 'email'
  | 'phone';

export type ExternalProvider = 'vk' | 'google' | 'gid';

type Tx = Database;

/** An account's e-mail or phone is proven: its holder is known. */
export const hasProvenContact = (user: Pick<UserRow, 'emailConfirmedAt' | 'phoneConfirmedAt'>): boolean =>
  user.emailConfirmedAt !== null || user.phoneConfirmedAt !== null;

/**
 * A temporary user: the account a guest's checkout made for an e-mail (no password, nothing proven).
 * It pays again without a token (`PUT /api/user/auth/payment`) — the order, like any order placed
 * without a session, goes to the e-mail and not to the account, which nobody has proven.
 */
export const isTemporaryUser = (user: Pick<UserRow, 'passwordHash' | 'emailConfirmedAt' | 'phoneConfirmedAt'>): boolean =>
  user.passwordHash === null && !hasProvenContact(user);

/** Whether someone proved they hold this account: a proven e-mail or phone, or a linked network/GID account. */
export async function isProvenAccount(db: Database, user: UserRow): Promise<boolean> {
  if (hasProvenContact(user)) return true;
  const [link] = await db
    .select({ id: externalIdentities.id })
    .from(externalIdentities)
    .where(eq(externalIdentities.userId, user.id))
    .limit(1);
  return link !== undefined;
}

/** The guard of every call that adds a way in or changes a contact: 403 for a session of an unproven account. */
export async function requireProvenAccount(db: Database, user: UserRow): Promise<void> {
  if (!(await isProvenAccount(db, user))) throw forbidden(accountMessages.unproven);
}

export interface NewAccount {
  email?: string | null;
  emailProof?: ProofChannel | null;
  phone?: string | null;
  phoneProof?: ProofChannel | null;
  passwordHash?: string | null;
  mailing?: boolean;
  name?: string | null;
  lastName?: string | null;
}

/** A new account; an identifier is proven only when its proof channel is given. */
export async function openAccount(db: Tx, now: Date, input: NewAccount): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({
      publicId: newPublicId(),
      createdAt: now,
      email: input.email?.toLowerCase() ?? null,
      emailConfirmedAt: input.email && input.emailProof ? now : null,
      emailProvenBy: input.email && input.emailProof ? input.emailProof : null,
      phone: input.phone ?? null,
      phoneConfirmedAt: input.phone && input.phoneProof ? now : null,
      phoneProvenBy: input.phone && input.phoneProof ? input.phoneProof : null,
      passwordHash: input.passwordHash ?? null,
      mailing: input.mailing ?? false,
      name: input.name ?? null,
      lastName: input.lastName ?? null,
    })
    .returning();
  return user!;
}

/**
 * A new account for an e-mail nobody holds, or null when the address has one already (or gets one at
 * this moment): one statement either way (`on conflict do nothing`), so the guest checkout's «register»
 * does the same work for a used address as for a free one (issue 33, finding 6).
 */
export async function openAccountIfFree(db: Tx, now: Date, input: NewAccount & { email: string }): Promise<UserRow | null> {
  const [user] = await db
    .insert(users)
    .values({ publicId: newPublicId(), createdAt: now, email: input.email.toLowerCase(), mailing: input.mailing ?? false })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user ?? null;
}

async function load(db: Tx, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound();
  return user;
}

/** Ends every open session of an account (all of them, or all but one). */
export async function endSessions(db: Tx, userId: number, now: Date, keepSessionId?: number): Promise<void> {
  const open = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  for (const { id } of open) {
    if (id !== keepSessionId) await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, id));
  }
}

/** The profile fields of `PUT /api/user`, as a claim leaves them: empty. */
const plantedProfileCleared = {
  name: null,
  lastName: null,
  secondName: null,
  birthDate: null,
  gender: 'none',
  extraContact: null,
  typeRelate: null,
  contactPhone: null,
  mailing: false,
} satisfies Partial<typeof users.$inferInsert>;

/**
 * The first proof of an identifier of an account: whoever proves it holds the account from now on, so
 * nothing attached before by someone else survives — every session ends, every link goes, the password
 * goes (unless `keepPassword`: the same person proved it in the same act, e.g. the registration password
 * typed on the confirmation page), and so do the other contact and the profile's fields.
 */
async function claim(db: Tx, user: UserRow, now: Date, keep: { password: boolean; email: boolean; phone: boolean }): Promise<void> {
  await endSessions(db, user.id, now);
  await db.delete(externalIdentities).where(eq(externalIdentities.userId, user.id));
  await db
    .update(users)
    .set({
      // Whatever someone else typed into the account before it was claimed goes too (issue 33): a name,
      // an emergency contact planted for the owner to trust. The registrant proving it is them keeps theirs.
      ...(keep.password ? {} : plantedProfileCleared),
      ...(keep.password ? {} : { passwordHash: null }),
      ...(keep.email ? {} : { email: null, emailConfirmedAt: null, emailProvenBy: null }),
      ...(keep.phone ? {} : { phone: null, phoneConfirmedAt: null, phoneProvenBy: null }),
    })
    .where(eq(users.id, user.id));
}

/**
 * The account's own e-mail proven (confirmation link, reset, sign-in by a provider that verified it).
 * The first proof claims the account (see `claim`). Returns the account as it is now.
 */
export async function proveEmail(
  db: Tx,
  userId: number,
  channel: ProofChannel,
  now: Date,
  options: { keepPassword?: boolean; address?: string } = {},
): Promise<UserRow> {
  const user = await load(db, userId);
  // The link went to an address the account no longer has: it proves nothing about the account.
  if (!user.email || (options.address !== undefined && user.email !== options.address.toLowerCase())) {
    throw badRequest(accountMessages.staleLink);
  }
  if (user.emailConfirmedAt) return user;
  await claim(db, user, now, { password: options.keepPassword === true, email: true, phone: false });
  const [proven] = await db.update(users).set({ emailConfirmedAt: now, emailProvenBy: channel }).where(eq(users.id, userId)).returning();
  return proven!;
}

/** The account's own phone proven (an SMS code). The first proof claims the account (see `claim`). */
export async function provePhone(db: Tx, userId: number, channel: ProofChannel, now: Date): Promise<UserRow> {
  const user = await load(db, userId);
  if (!user.phone) throw notFound();
  if (user.phoneConfirmedAt) return user;
  await claim(db, user, now, { password: false, email: false, phone: true });
  const [proven] = await db.update(users).set({ phoneConfirmedAt: now, phoneProvenBy: channel }).where(eq(users.id, userId)).returning();
  return proven!;
}

/**
 * The owner of an account's proven e-mail recovered it (a reset, issue 33): every session ends, and
 * whatever the replaced password vouched for goes with it — the networks linked with the password as
 * the proof (an intruder who knew it could have linked their own) and a phone added since the e-mail
 * was proven. Links the address's owner proved (a code to the proven e-mail, the provider vouching for
 * the address, the network that made the account) stay. Answers what was removed.
 */
export async function recoverAccount(
  db: Tx,
  userId: number,
  now: Date,
  state: 'proven' | 'claimed',
): Promise<{ networks: ExternalProvider[]; phone: string | null }> {
  await endSessions(db, userId, now);
  // A first proof (the claim) removed every link and the other contact already.
  if (state === 'claimed') return { networks: [], phone: null };
  const removed = await db
    .delete(externalIdentities)
    .where(and(eq(externalIdentities.userId, userId), eq(externalIdentities.provenBy, 'password')))
    .returning({ provider: externalIdentities.provider });
  // A phone added after the e-mail was proven came through a session and its proof — the password, for
  // all one knows — so it goes too; one the account had before its e-mail (an SMS registration) stays.
  const user = await load(db, userId);
  let phone: string | null = null;
  if (user.phone && user.phoneConfirmedAt && user.emailConfirmedAt && user.phoneConfirmedAt > user.emailConfirmedAt) {
    phone = user.phone;
    await db.update(users).set({ phone: null, phoneConfirmedAt: null, phoneProvenBy: null }).where(eq(users.id, userId));
  }
  return { networks: removed.map((row) => row.provider as ExternalProvider), phone };
}

/** A new or changed password: only after the caller checked the proof the path needs. */
export async function setPassword(db: Tx, userId: number, passwordHash: string | null): Promise<UserRow> {
  const [user] = await db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
  if (!user) throw notFound();
  return user;
}

/** Whether a password is the account's (a decoy comparison is the caller's business). */
export async function passwordMatches(db: Tx, userId: number, password: string): Promise<boolean> {
  const user = await load(db, userId);
  return user.passwordHash !== null && verifyPassword(password, user.passwordHash);
}

/** A new e-mail, proven by its link opened by the account's owner (settings). */
export async function changeEmail(db: Tx, userId: number, email: string, now: Date): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ email: email.toLowerCase(), emailConfirmedAt: now, emailProvenBy: 'link' })
    .where(eq(users.id, userId))
    .returning();
  return user!;
}

/** A new phone, proven by its SMS code typed by the account's owner (settings). */
export async function changePhone(db: Tx, userId: number, phone: string, now: Date): Promise<UserRow> {
  const [user] = await db.update(users).set({ phone, phoneConfirmedAt: now, phoneProvenBy: 'sms' }).where(eq(users.id, userId)).returning();
  return user!;
}

export interface LinkedAccount {
  provider: ExternalProvider;
  email: string | null;
  proven_by: string | null;
  created: string;
}

/** The networks and GID accounts linked to an account, oldest first (`GET /api/user/links`). */
export async function linkedAccounts(db: Database, userId: number): Promise<LinkedAccount[]> {
  const rows = await db
    .select()
    .from(externalIdentities)
    .where(eq(externalIdentities.userId, userId))
    .orderBy(asc(externalIdentities.createdAt), asc(externalIdentities.id));
  return rows.map((row) => ({
    provider: row.provider as ExternalProvider,
    email: row.email,
    proven_by: row.provenBy,
    created: row.createdAt.toISOString(),
  }));
}

/** The account a provider account is linked to. */
export async function findLinkedAccount(db: Tx, provider: ExternalProvider, subject: string): Promise<UserRow | undefined> {
  const [link] = await db
    .select({ userId: externalIdentities.userId })
    .from(externalIdentities)
    .where(and(eq(externalIdentities.provider, provider), eq(externalIdentities.subject, subject)));
  return link ? load(db, link.userId) : undefined;
}

type NoticeDeps = Pick<ServerDeps, 'email' | 'sms'>;

/** Tells an account's confirmed contacts (both, when both are confirmed) what changed, in `language`. */
export async function tellConfirmedContacts(deps: NoticeDeps, user: UserRow, notice: LetterText, language: ContentLanguage): Promise<void> {
  if (user.email && user.emailConfirmedAt) {
    await deps.email.send({ to: user.email, ...noticeLetter(language, notice, true), meta: { kind: 'account_notice' } });
  }
  if (user.phone && user.phoneConfirmedAt) {
    await deps.sms.send({ to: user.phone, text: noticeSms(notice), meta: { kind: 'account_notice' } });
  }
}

/**
 * Attaches a provider account, with the proof that allowed it (the caller checked it). One linked to
 * another account is a 409; linking again is a no-op (false). The caller then tells the confirmed
 * contacts (`tellLinked`, after its transaction: a letter is written outside it).
 */
export async function attachExternal(
  db: Tx,
  now: Date,
  user: UserRow,
  identity: { provider: ExternalProvider; subject: string; email?: string | null | undefined; emailVerified?: boolean | undefined },
  provenBy: ProofChannel,
): Promise<boolean> {
  const linked = await findLinkedAccount(db, identity.provider, identity.subject);
  if (linked && linked.id !== user.id) throw conflict(accountMessages.linkedElsewhere);
  if (linked) return false;
  await db.insert(externalIdentities).values({
    userId: user.id,
    provider: identity.provider,
    subject: identity.subject,
    // Only an address the provider verified is kept, even as a label.
    email: identity.emailVerified ? (identity.email?.toLowerCase() ?? null) : null,
    provenBy,
    createdAt: now,
  });
  return true;
}

/** Tells an account's confirmed contacts that a network or GID account now signs into it. */
export async function tellLinked(
  deps: NoticeDeps,
  user: UserRow,
  provider: ExternalProvider,
  language: ContentLanguage = 'ru',
): Promise<void> {
  await tellConfirmedContacts(deps, user, linkedNotice(language, provider), language);
}

/**
 * Removes a linked provider account (the caller checked the proof); every other session of the account
 * ends, those the network opened among them; the confirmed contacts are told.
 */
export async function detachExternal(
  deps: NoticeDeps & { db: Tx; clock: { now(): Date } },
  user: UserRow,
  provider: ExternalProvider,
  keepSessionId: number,
  language: ContentLanguage = 'ru',
): Promise<void> {
  const removed = await deps.db
    .delete(externalIdentities)
    .where(and(eq(externalIdentities.userId, user.id), eq(externalIdentities.provider, provider)))
    .returning({ id: externalIdentities.id });
  if (removed.length === 0) throw badRequest(accountMessages.notLinked);
  // A recovery (issue 33): the sessions the network opened end, and every other one but this.
  await endSessions(deps.db, user.id, deps.clock.now(), keepSessionId);
  await tellConfirmedContacts(deps, user, unlinkedNotice(language, provider), language);
}

/**
 * The account an order placed without a session goes to, given the account holding its e-mail (the
 * checkout reads it with its other reads): that one, when the e-mail is proven. An unproven account (one a guest checkout made, perhaps for a stranger's address) gets no
 * one else's purchases: the order stays the e-mail's.
 */
export function accountForGuestOrder(holder: UserRow | null): { holder: UserRow | null; owner: UserRow | null } {
  return { holder, owner: holder?.emailConfirmedAt ? holder : null };
}
