import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { badRequest, forbidden, unauthorized } from '../../lib/errors';
import type { ContentLanguage, LetterText } from '../../lib/language';
import { checkCountedPassword, passwordSubject } from '../account-lockout/service';
import { noticeLetter, noticeSms } from '../accounts/letters';
import { changeEmail, changePhone, endSessions, requireProvenAccount, setPassword } from '../accounts/service';
import { checkSmsCode, consumeCode, findLinkCode, issueLinkCode, issueSmsCode } from '../codes/service';
import type { Authenticated } from '../sessions/service';
import { sendSmsCode, smsMessages } from '../sms-auth/service';
import { findUserByEmail, findUserById, findUserByPhone, presentUser, type UserRow, updateUser } from '../users/service';
import { changeNotices, emailChangeLetter, emailTakenLetter, phoneTakenSms, proofCodeLetter } from './letters';
import type { ProfileChanges } from './schema';

export const profileMessages = {
  updated: 'Данные успешно обновлены',
  unchanged: 'Данные не изменились',
  sameEmail: 'Этот адрес уже указан в профиле',
  emailTaken: 'Этот email уже используется другим аккаунтом',
  emailLinkSent: 'Письмо со ссылкой для подтверждения отправлено на новый адрес',
  badLink: 'Ссылка недействительна или устарела',
  phoneTaken: 'Этот номер уже привязан к другому аккаунту',
  samePhone: 'Этот номер уже подтвержден в профиле',
  phoneConfirmed: 'Ваш телефон подтвержден',
  wrongPassword: 'Неверный текущий пароль',
  oldPasswordRequired: 'Введите текущий пароль',
  passwordChanged: 'Пароль успешно изменен!',
  proofCodeRequired: 'Введите код подтверждения',
  noContactForProof: 'Нет подтверждённого e-mail или телефона, на который можно отправить код',
  proofSent: 'Код отправлен',
  signInToConfirm: 'Войдите в аккаунт, почту которого вы меняете, и откройте ссылку ещё раз',
  otherAccount: 'Эта ссылка подтверждает почту другого аккаунта. Откройте её там, где вы вошли в тот аккаунт',
} as const;

/** Where a proof code goes, and what the answer shows of it. */
export function maskContact(channel: 'email' | 'sms', to: string): string {
  if (channel === 'sms') return `+${to.slice(0, to.length - 10)} *** ***-**-${to.slice(-2)}`;
  const [local = '', domain = ''] = to.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** The codes proving control of the account are keyed by the account, whichever contact carried them. */
const proofTarget = (userId: number) => `user:${userId}`;

/** The contact the account is reached by for sure: the confirmed e-mail, else the confirmed phone. */
function provenContact(user: UserRow): { channel: 'email' | 'sms'; to: string } | null {
  if (user.email && user.emailConfirmedAt) return { channel: 'email', to: user.email };
  if (user.phone && user.phoneConfirmedAt) return { channel: 'sms', to: user.phone };
  return null;
}

/**
 * POST /api/user/proof/code: a 4-digit code to the account's current contact, the proof a session
 * alone cannot give (a stolen token must not become the account). Same cooldown and tries as SMS codes.
 */
export async function sendProofCode(deps: Deps, user: UserRow, language: ContentLanguage = 'ru') {
  await requireProvenAccount(deps.db, user);
  const contact = provenContact(user);
  if (!contact) throw badRequest(profileMessages.noContactForProof);
  const code = await issueSmsCode(deps, { purpose: 'account_proof', target: proofTarget(user.id), userId: user.id });
  const minutes = Math.round(deps.config.sms.codeTtlMs / 60_000);
  const letter = proofCodeLetter(language, code, minutes);
  const meta = { kind: 'account_proof', code };
  if (contact.channel === 'email') await deps.email.send({ to: contact.to, ...letter, meta });
  else await deps.sms.send({ to: contact.to, text: letter.text, meta });
  return { message: profileMessages.proofSent, channel: contact.channel, to: maskContact(contact.channel, contact.to) };
}

/**
 * The session's owner proves it is them: a proof code (any account), else the current password (an
 * account that has one). Wrong passwords are limited per address by the route's rate limit; wrong codes
 * by the code's 5 tries.
 */
export async function requireProof(
  deps: Deps,
  user: UserRow,
  input: { password?: string | undefined; code?: string | undefined; language?: ContentLanguage | undefined },
) {
  if (input.code) {
    await checkSmsCode(deps, { purpose: 'account_proof', target: proofTarget(user.id), code: input.code, language: input.language });
    return;
  }
  const [stored] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!stored?.passwordHash) throw badRequest(profileMessages.proofCodeRequired);
  if (!input.password) throw badRequest(profileMessages.oldPasswordRequired);
  // The same per-account count as sign-in: a stolen session does not get unlimited guesses here.
  const lockout = passwordSubject(user, user.email ?? '');
  const password = input.password;
  if (!(await checkCountedPassword(deps, lockout, user, () => verifyPassword(password, stored.passwordHash!), input.language))) {
    throw badRequest(profileMessages.wrongPassword);
  }
}

/** Tells the account's proven contact (as it was before the change) what changed, in `language`. */
async function tellContact(
  deps: Deps,
  contact: { channel: 'email' | 'sms'; to: string } | null,
  notice: LetterText,
  language: ContentLanguage,
) {
  if (!contact) return;
  if (contact.channel === 'email') {
    await deps.email.send({ to: contact.to, ...noticeLetter(language, notice, false), meta: { kind: 'account_notice' } });
  } else await deps.sms.send({ to: contact.to, text: noticeSms(notice), meta: { kind: 'account_notice' } });
}

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'sms' | 'config'>;

interface ProofInput {
  current_password?: string | undefined;
  proof_code?: string | undefined;
}

const columns = {
  name: 'name',
  last_name: 'lastName',
  second_name: 'secondName',
  birth_date: 'birthDate',
  gender: 'gender',
  mailing: 'mailing',
  extra_contact: 'extraContact',
  type_relate: 'typeRelate',
  contact_phone: 'contactPhone',
} as const satisfies Record<keyof ProfileChanges, keyof UserRow>;

/** PUT /api/user: saves the fields that differ from the stored ones; nothing different is a 400; an unproven account's session, a 403. */
export async function updateProfile(deps: Deps, user: UserRow, changes: ProfileChanges) {
  // An account nobody proved (the guest checkout's) is not a profile to fill in (issue 33): what a
  // stranger types there would wait for the address's owner to trust it.
  await requireProvenAccount(deps.db, user);
  const update: Partial<typeof users.$inferInsert> = {};
  for (const [field, column] of Object.entries(columns) as [keyof ProfileChanges, (typeof columns)[keyof ProfileChanges]][]) {
    const value = changes[field];
    if (value !== undefined && value !== user[column]) Object.assign(update, { [column]: value });
  }
  if (Object.keys(update).length === 0) throw badRequest(profileMessages.unchanged);
  const updated = await updateUser(deps.db, user.id, update);
  return { message: profileMessages.updated, user: presentUser(updated) };
}

/**
 * POST /api/user/change/email: a link to /verify/new/email/{code} goes to the new address. The proof
 * comes first, and an address that belongs to another account gets the same answer as a free one (its
 * owner gets a notice instead of a link): otherwise anyone with an account — a stolen session, or their
 * own with its password — could learn which addresses are registered.
 */
export async function requestEmailChange(
  deps: Deps,
  user: UserRow,
  input: ProofInput & { email: string },
  language: ContentLanguage = 'ru',
) {
  const { email } = input;
  await requireProvenAccount(deps.db, user);
  if (email === user.email && user.emailConfirmedAt) throw badRequest(profileMessages.sameEmail);
  await requireProof(deps, user, { password: input.current_password, code: input.proof_code, language });
  const owner = await findUserByEmail(deps.db, email);
  if (owner && owner.id !== user.id) {
    await deps.email.send({
      to: email,
      ...emailTakenLetter(language),
      meta: { kind: 'email_change_taken' },
    });
    return { message: profileMessages.emailLinkSent };
  }
  const code = await issueLinkCode(deps, { purpose: 'email_change', target: email, userId: user.id, payload: { email } });
  const link = `${deps.config.publicUrl}/verify/new/email/${code}`;
  await deps.email.send({
    to: email,
    ...emailChangeLetter(language, link),
    meta: { kind: 'email_change', link, code },
  });
  return { message: profileMessages.emailLinkSent };
}

/**
 * POST /api/user/verify/new/email: the link's code makes the new address the account's confirmed
 * e-mail — opened by the account that asked (its token with the request). Someone else opening it (the
 * address's owner, sent a link they never asked for) does not put their address on a stranger's account.
 * Every other session of the account ends.
 */
export async function confirmEmailChange(
  deps: Deps,
  code: string,
  signedIn: { userId: number; sessionId: number } | null,
  language: ContentLanguage = 'ru',
) {
  const signedInUserId = signedIn?.userId ?? null;
  const row = await findLinkCode(deps, 'email_change', code);
  const email = row?.payload?.email;
  if (!row || row.userId === null || !email) throw badRequest(profileMessages.badLink);
  if (signedInUserId === null) throw unauthorized(profileMessages.signInToConfirm);
  if (signedInUserId !== row.userId) throw forbidden(profileMessages.otherAccount);
  const owner = await findUserByEmail(deps.db, email);
  if (owner && owner.id !== row.userId) throw badRequest(profileMessages.emailTaken);
  if (!(await consumeCode(deps, row.id))) throw badRequest(profileMessages.badLink);
  const before = await findUserById(deps.db, row.userId);
  const user = await changeEmail(deps.db, row.userId, email, deps.clock.now());
  // The address that recovers the account changed (issue 33): every other session ends.
  await endSessions(deps.db, row.userId, deps.clock.now(), signedIn!.sessionId);
  const old = before?.email && before.emailConfirmedAt && before.email !== email ? before.email : null;
  if (old) {
    await tellContact(deps, { channel: 'email', to: old }, changeNotices.email(language, email), language);
  }
  return { email, user: presentUser(user) };
}

/**
 * POST /api/user/phone/code: a code to the new number. As with the e-mail: the proof first, and a number
 * of another account gets the same answer and cooldown as a free one — its owner gets an SMS saying so,
 * and the code issued for it goes to nobody.
 */
export async function requestPhoneChange(
  deps: Deps,
  user: UserRow,
  input: ProofInput & { phone: string },
  language: ContentLanguage = 'ru',
) {
  const { phone } = input;
  await requireProvenAccount(deps.db, user);
  if (phone === user.phone && user.phoneConfirmedAt) throw badRequest(profileMessages.samePhone);
  await requireProof(deps, user, { password: input.current_password, code: input.proof_code, language });
  const owner = await findUserByPhone(deps.db, phone);
  if (owner && owner.id !== user.id) {
    await issueSmsCode(deps, { purpose: 'phone_change', target: phone, userId: null });
    await deps.sms.send({
      to: phone,
      text: phoneTakenSms(language),
      meta: { kind: 'phone_change_taken' },
    });
    return { message: smsMessages.sent };
  }
  return sendSmsCode(deps, { purpose: 'phone_change', phone, userId: user.id }, language);
}

/** POST /api/user/new/phone: the code confirms the new number. */
export async function confirmPhoneChange(
  deps: Deps,
  user: UserRow,
  input: { phone: string; phone_code: string },
  language: ContentLanguage = 'ru',
) {
  await requireProvenAccount(deps.db, user);
  const row = await checkSmsCode(deps, { purpose: 'phone_change', target: input.phone, code: input.phone_code, language });
  if (row.userId !== user.id) throw badRequest(profileMessages.badLink);
  const owner = await findUserByPhone(deps.db, input.phone);
  if (owner && owner.id !== user.id) throw badRequest(profileMessages.phoneTaken);
  const updated = await changePhone(deps.db, user.id, input.phone, deps.clock.now());
  if (user.phone !== input.phone) {
    const masked = maskContact('sms', input.phone);
    await tellContact(deps, provenContact(user), changeNotices.phone(language, masked), language);
  }
  return { message: profileMessages.phoneConfirmed, user: presentUser(updated) };
}

/**
 * PUT /api/user/password: the current password, or a proof code — always needed, also for an account's
 * first password (accounts made by SMS or a provider), so a stolen session cannot set one. Other
 * sessions end; this one stays; the proven contact is told.
 */
export async function changePassword(
  deps: Deps,
  auth: Authenticated,
  input: { old_password?: string | undefined; new_password: string; proof_code?: string | undefined },
  language: ContentLanguage = 'ru',
) {
  await requireProvenAccount(deps.db, auth.user);
  await requireProof(deps, auth.user, { password: input.old_password, code: input.proof_code, language });
  await setPassword(deps.db, auth.user.id, await hashPassword(input.new_password, deps.config.scrypt));
  await endSessions(deps.db, auth.user.id, deps.clock.now(), auth.sessionId);
  await tellContact(deps, provenContact(auth.user), changeNotices.password(language), language);
  return { message: profileMessages.passwordChanged };
}
