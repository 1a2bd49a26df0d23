import type { ServerDeps } from '../../deps';
import { hashPassword } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import { clearLockout, passwordSubject } from '../account-lockout/service';
import { consumeCode, findLinkCode, issueLinkCode } from '../codes/service';
import { revokeUserSessions } from '../sessions/service';
import { findUserByEmail, updateUser } from '../users/service';

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
export async function requestPasswordReset(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return { message: resetMessages.sent };
  const code = await issueLinkCode(deps, {
    purpose: 'password_reset',
    target: email,
    userId: user.id,
    ttlMs: deps.config.resetLinkTtlMs,
  });
  const link = `${deps.config.publicUrl}/verify/resetpassword/${code}`;
  await deps.email.send({
    to: email,
    subject: 'Восстановление пароля',
    text: `Здравствуйте!\n\nЧтобы задать новый пароль, откройте ссылку:\n${link}\n\nЕсли вы не запрашивали восстановление, просто удалите это письмо.`,
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

/** POST /api/auth/resetpassword/update: sets the password, confirms the address, ends every session. */
export async function updateResetPassword(deps: Deps, input: { secure: string; password: string }) {
  const secure = await findLinkCode(deps, 'password_reset_secure', input.secure);
  const resetCodeId = Number(secure?.payload?.resetCodeId);
  if (!secure || secure.userId === null || !(await consumeCode(deps, secure.id)) || !(await consumeCode(deps, resetCodeId))) {
    throw badRequest(resetMessages.badLink);
  }
  const now = deps.clock.now();
  const passwordHash = await hashPassword(input.password, deps.config.scrypt);
  await updateUser(deps.db, secure.userId, { passwordHash, emailConfirmedAt: now });
  // The owner proved the address: an attacker's wrong guesses no longer keep them out.
  await clearLockout(deps, passwordSubject({ id: secure.userId }, secure.target));
  await revokeUserSessions(deps, secure.userId);
  return { message: resetMessages.changed };
}
