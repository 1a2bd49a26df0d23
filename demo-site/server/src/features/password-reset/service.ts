import type { ServerDeps } from '../../deps';
import { hashPassword } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import type { ContentLanguage } from '../../lib/language';
import { clearLockout, passwordSubject } from '../account-lockout/service';
import { decoyLetter } from '../accounts/decoy';
import { type ExternalProvider, linkedAccounts, proveEmail, recoverAccount, setPassword } from '../accounts/service';
import { consumeCode, findLinkCode, issueLinkCode } from '../codes/service';
import { maskContact } from '../profile/service';
import { findUserByEmail, findUserById } from '../users/service';
import { recoveredLetter, resetLetter } from './letters';

export const resetMessages = {
  sent: 'Письмо для восстановления пароля отправлено',
  badLink: 'Ссылка для восстановления пароля недействительна или устарела',
  changed: 'Пароль успешно изменен!',
} as const;

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'config'>;

/**
 * POST /api/auth/resetpassword: a letter with the link /verify/resetpassword/{code}, valid 1 hour. An
 * unknown address gets the very same answer (and no letter): the call must not tell who has an account.
 */
export async function requestPasswordReset(deps: Deps, email: string, language: ContentLanguage = 'ru') {
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    // The same work as a letter (issue 33): the time taken does not tell who has an account.
    await decoyLetter(deps, 'password_reset', email);
    return { message: resetMessages.sent };
  }
  const code = await issueLinkCode(deps, {
    purpose: 'password_reset',
    target: email,
    userId: user.id,
    ttlMs: deps.config.resetLinkTtlMs,
  });
  const link = `${deps.config.publicUrl}/verify/resetpassword/${code}`;
  await deps.email.send({
    to: email,
    ...resetLetter(language, link),
    meta: { kind: 'password_reset', link, code },
  });
  return { message: resetMessages.sent };
}

/**
 * PUT /api/auth/resetpassword: checks the letter's code and answers a short-lived `secure` token for
 * the new-password page. The letter's code stays valid (a reload works) until a password is set.
 */
export async function checkResetCode(deps: Deps, code: string) {
  const row = await findLinkCode(deps, 'password_reset', code);
  if (!row || row.userId === null) throw badRequest(resetMessages.badLink);
  const secure = await issueLinkCode(deps, {
    purpose: 'password_reset_secure',
    target: row.target,
    userId: row.userId,
    payload: { resetCodeId: String(row.id) },
    ttlMs: deps.config.resetSecureTtlMs,
  });
  return { secure };
}

/**
 * POST /api/auth/resetpassword/update: proves the address (its first proof claims the account: links,
 * the old password and the other contact of whoever made it go), sets the password, ends every session.
 */
export async function updateResetPassword(deps: Deps, input: { secure: string; password: string }, language: ContentLanguage = 'ru') {
  const secure = await findLinkCode(deps, 'password_reset_secure', input.secure);
  const resetCodeId = Number(secure?.payload?.resetCodeId);
  if (!secure || secure.userId === null || !(await consumeCode(deps, secure.id)) || !(await consumeCode(deps, resetCodeId))) {
    throw badRequest(resetMessages.badLink);
  }
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password, deps.config.scrypt);
  const userId = secure.userId;
  const removed = await deps.db.transaction(async (tx) => {
    // A first proof claims the account (everything of whoever made it goes); a proven one is recovered.
    const before = await findUserById(tx, userId);
    await proveEmail(tx, userId, 'reset', now, { address: secure.target });
    await setPassword(tx, userId, passwordHash);
    return recoverAccount(tx, userId, now, before?.emailConfirmedAt ? 'proven' : 'claimed');
  });
  await tellRecovered(deps, userId, removed, language);
  // The owner proved the address: an attacker's wrong guesses no longer keep them out.
  await clearLockout(deps, passwordSubject({ id: userId }, secure.target));
  return { message: resetMessages.changed };
}

/**
 * The letter after a reset (issue 33): every session ended, the networks removed with the old password,
 * and what still signs into the account — the phone and the networks left — to check in the settings.
 */
async function tellRecovered(
  deps: Deps,
  userId: number,
  removed: { networks: ExternalProvider[]; phone: string | null },
  language: ContentLanguage,
): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user?.email) return;
  const left = {
    phone: user.phone && user.phoneConfirmedAt ? maskContact('sms', user.phone) : null,
    networks: (await linkedAccounts(deps.db, userId)).map((link) => link.provider),
  };
  await deps.email.send({
    to: user.email,
    ...recoveredLetter(language, { networks: removed.networks, phone: removed.phone ? maskContact('sms', removed.phone) : null, left }),
    meta: { kind: 'password_changed' },
  });
}
