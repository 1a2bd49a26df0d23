import type { ServerDeps } from '../../deps';
import type { RequestMeta } from '../../http/request';
import { hashNeedsUpgrade, hashPassword, verifyPassword } from '../../lib/crypto';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest, forbidden, HttpError } from '../../lib/errors';
import type { ContentLanguage } from '../../lib/language';
import { checkCountedPassword, passwordSubject } from '../account-lockout/service';
import { decoyLetter } from '../accounts/decoy';
import { openAccount, passwordMatches, proveEmail, setPassword } from '../accounts/service';
import { consumeCode, findLinkCode, issueLinkCode } from '../codes/service';
import { createSession, type SignedIn } from '../sessions/service';
import { findUserByEmail, findUserById, type UserRow } from '../users/service';
import { alreadyRegisteredLetter, confirmationLetter } from './letters';

export const emailAuthMessages = {
  registered: 'Регистрация прошла успешно. Подтвердите почту по ссылке из письма (оно может попасть в спам)',
  wrongCredentials: 'Неверный email или пароль',
  notConfirmed: 'Почта не подтверждена. Подтвердите её по ссылке из письма',
  confirmationSent: 'Письмо для подтверждения почты отправлено',
  confirmed: 'Почта подтверждена',
  badLink: 'Ссылка недействительна или устарела',
  otherUser: 'Ссылка подтверждения принадлежит другому пользователю',
  passwordRequired: 'Введите пароль, который вы указали при регистрации',
  wrongPassword: 'Пароль не совпадает с указанным при регистрации. Если вы не регистрировались, восстановите доступ через «Забыли пароль?»',
  alreadyConfirmed: 'Почта уже подтверждена. Войдите в аккаунт',
  realEmail: 'Адрес действителен',
  notRealEmail: 'Укажите действительный адрес',
} as const;

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'sms' | 'geo' | 'config'>;

/** A precomputed hash to verify against when no such user exists, so timing does not reveal accounts. */
let decoyHash: Promise<string> | undefined;

/** The confirmation letter, in `language` (the request's that asked for it). */
export async function sendConfirmation(
  deps: Pick<Deps, 'db' | 'clock' | 'email' | 'config'>,
  user: UserRow,
  language: ContentLanguage = 'ru',
): Promise<void> {
  const code = await issueLinkCode(deps, { purpose: 'email_confirm', target: user.email!, userId: user.id });
  const link = `${deps.config.publicUrl}/verify/email/${code}`;
  await deps.email.send({
    to: user.email!,
    ...confirmationLetter(language, link),
    meta: { kind: 'email_confirm', link, code },
  });
}

/**
 * POST /api/user: a new account with an unconfirmed e-mail and a confirmation letter. An address that
 * already has an account gets the same answer (the «Проверьте почту» of accounts-sso §2.4) and its
 * owner a letter saying so — the account itself is left as it is. The password is hashed either way,
 * so the time taken does not tell the two apart.
 */
export async function registerByEmail(
  deps: Deps,
  input: { email: string; password: string; mailing: boolean },
  language: ContentLanguage = 'ru',
): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.password, deps.config.scrypt);
  const existing = await findUserByEmail(deps.db, input.email);
  let user: UserRow | null = null;
  if (!existing) {
    try {
      // The e-mail unproven, the password counting only once the confirmation proves who typed it.
      user = await openAccount(deps.db, deps.clock.now(), { email: input.email, passwordHash, mailing: input.mailing });
    } catch (error) {
      // Two registrations with one address at once: the unique index lets one through.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (user) await sendConfirmation(deps, user, language);
  else await sendAlreadyRegistered(deps, input.email, language);
  return { message: emailAuthMessages.registered };
}

/** The letter to an address that registered again: how to get in, and nothing changed. */
async function sendAlreadyRegistered(deps: Deps, email: string, language: ContentLanguage): Promise<void> {
  const link = `${deps.config.publicUrl}/login`;
  await deps.email.send({
    to: email,
    ...alreadyRegisteredLetter(language, link),
    meta: { kind: 'register_taken', link },
  });
}

/** POST /api/user/confirm/email: the confirmation letter again. */
export async function resendConfirmation(deps: Deps, email: string, language: ContentLanguage = 'ru'): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, email);
  // An unknown or already confirmed address gets the same answer (and no letter): this call must not
  // tell who is registered.
  if (user && !user.emailConfirmedAt) await sendConfirmation(deps, user, language);
  // The same work as a letter (issue 33): the time taken does not tell them apart either.
  else await decoyLetter(deps, 'email_confirm', email);
  return { message: emailAuthMessages.confirmationSent };
}

/**
 * POST /api/user/verify/email: the code of /verify/email/{code} proves the address and signs in. An
 * account made with a password confirms only with that password (`password`): the registrant may not
 * be the address's owner, and a password counts once the owner of the address typed it. Without it:
 * 400 with `password_required: true` (the page then asks for it). The proof claims the account (every
 * earlier session ends). A token of another user with the request is a 403 (accounts-sso §8: the
 * client then drops its token).
 */
export async function confirmEmail(
  deps: Deps,
  input: { code: string; password?: string | undefined },
  signedInUserId: number | null,
  meta: RequestMeta,
): Promise<SignedIn & { message: string }> {
  const { row, account } = await confirmationAccount(deps, input.code, signedInUserId);
  if (account.passwordHash !== null) {
    if (!input.password) throw new HttpError(400, emailAuthMessages.passwordRequired, { password_required: true });
    // Counted before it is checked, per account, as every password check (features/account-lockout).
    const password = input.password;
    if (
      !(await checkCountedPassword(
        deps,
        passwordSubject(account, row.target),
        account,
        () => passwordMatches(deps.db, account.id, password),
        meta.language,
      ))
    ) {
      throw new HttpError(400, emailAuthMessages.wrongPassword, { password_required: true });
    }
  }
  if (!(await consumeCode(deps, row.id))) throw badRequest(emailAuthMessages.badLink);
  const user = await deps.db.transaction((tx) => proveEmail(tx, row.userId!, 'link', deps.clock.now(), { keepPassword: true }));
  return { ...(await createSession(deps, user, 'email', meta)), message: emailAuthMessages.confirmed };
}

/**
 * The account a confirmation link's code confirms, while it still confirms one: the code open, the
 * address still the account's and not proven yet (a proven account's leftover link signs no one in —
 * it would be a way into the account without its password). A token of another user is a 403.
 */
async function confirmationAccount(deps: Deps, code: string, signedInUserId: number | null) {
  const row = await findLinkCode(deps, 'email_confirm', code);
  if (!row || row.userId === null) throw badRequest(emailAuthMessages.badLink);
  if (signedInUserId !== null && signedInUserId !== row.userId) throw forbidden(emailAuthMessages.otherUser);
  const account = await findUserById(deps.db, row.userId);
  if (!account || account.email !== row.target) throw badRequest(emailAuthMessages.badLink);
  if (account.emailConfirmedAt) throw badRequest(emailAuthMessages.alreadyConfirmed);
  return { row, account };
}

/**
 * POST /api/user/verify/email/check: whose address the link confirms (the page shows it and asks
 * before anything is sent: a link someone else forwarded must not sign the visitor into their
 * account), and whether the registration password is needed. Uses nothing up.
 */
export async function checkConfirmation(
  deps: Deps,
  code: string,
  signedInUserId: number | null,
): Promise<{ email: string; password_required: boolean }> {
  const { row, account } = await confirmationAccount(deps, code, signedInUserId);
  return { email: row.target, password_required: account.passwordHash !== null };
}

/**
 * PUT /api/auth: e-mail and password; an unconfirmed address is a 418 (the client offers to resend).
 * Wrong passwords lock the address's password sign-in (features/account-lockout) — a registered and an
 * unknown address alike, so the 429 tells nothing about who has an account.
 */
export async function loginByEmail(deps: Deps, input: { email: string; password: string }, meta: RequestMeta): Promise<SignedIn> {
  const user = await findUserByEmail(deps.db, input.email);
  const lockout = passwordSubject(user, input.email);
  // Counted before it is checked (atomically, in the database): a burst gets no more checks than the limit.
  const right = await checkCountedPassword(
    deps,
    lockout,
    user,
    async () => {
      if (user?.passwordHash) return verifyPassword(input.password, user.passwordHash);
      decoyHash ??= hashPassword('decoy-password', deps.config.scrypt);
      await verifyPassword(input.password, await decoyHash);
      return false;
    },
    meta.language,
  );
  if (!right || !user?.passwordHash) throw badRequest(emailAuthMessages.wrongCredentials);
  if (!user.emailConfirmedAt) throw new HttpError(418, emailAuthMessages.notConfirmed);
  // A hash made with weaker scrypt parameters than today's is replaced now, while the password is known.
  if (hashNeedsUpgrade(user.passwordHash, deps.config.scrypt)) {
    await setPassword(deps.db, user.id, await hashPassword(input.password, deps.config.scrypt));
  }
  return createSession(deps, (await findUserById(deps.db, user.id))!, 'email', meta);
}

/** Domains of throwaway mailboxes: an address there is not a "real" one for the settings page. */
const disposableDomains = new Set([
  'mailinator.com',
  'tempmail.com',
  'temp-mail.org',
  '10minutemail.com',
  'guerrillamail.com',
  'yopmail.com',
  'trashmail.com',
]);

/** POST /api/user/real/email: whether an address looks deliverable (the settings page checks on blur). */
export function checkRealEmail(email: string): { message: string } {
  const domain = email.split('@')[1] ?? '';
  if (disposableDomains.has(domain)) throw badRequest(emailAuthMessages.notRealEmail);
  return { message: emailAuthMessages.realEmail };
}
