import type { ServerDeps } from '../../deps';
import type { RequestMeta } from '../../http/request';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest } from '../../lib/errors';
import type { ContentLanguage } from '../../lib/language';
import { openAccount, provePhone } from '../accounts/service';
import { checkSmsCode, codeMessages, issueSmsCode } from '../codes/service';
import { createSession, type SignedIn } from '../sessions/service';
import { findUserByPhone } from '../users/service';
import { alreadyRegisteredSms, codeSms } from './letters';

export const smsMessages = {
  sent: 'Код отправлен',
  taken: 'Пользователь с таким номером уже зарегистрирован',
} as const;

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'sms' | 'geo' | 'config'>;

/** Sends a fresh code by SMS (the outbox in the demo). */
export async function sendSmsCode(
  deps: Pick<ServerDeps, 'db' | 'clock' | 'email' | 'sms' | 'config'>,
  input: { purpose: 'sms_login' | 'sms_register' | 'phone_change'; phone: string; userId: number | null },
  language: ContentLanguage = 'ru',
) {
  const code = await issueSmsCode(deps, { purpose: input.purpose, target: input.phone, userId: input.userId });
  const minutes = Math.round(deps.config.sms.codeTtlMs / 60_000);
  await deps.sms.send({
    to: input.phone,
    text: codeSms(language, code, minutes),
    meta: { kind: input.purpose, code },
  });
  return { message: smsMessages.sent };
}

/**
 * POST /api/user/code: a code to sign in or to register. A known and an unknown number get the same
 * answer (and the same cooldown and caps): the call must not tell who is registered. Only the owner of
 * the number learns more — a sign-in code when it has an account, or, asking to register a number that
 * already has one, an SMS saying so. Asking to sign in with an unknown number sends nothing.
 */
export async function requestSmsCode(deps: Deps, input: { phone: string; registration: boolean }, language: ContentLanguage = 'ru') {
  const user = await findUserByPhone(deps.db, input.phone);
  if (input.registration && !user) return sendSmsCode(deps, { purpose: 'sms_register', phone: input.phone, userId: null }, language);
  if (!input.registration && user) return sendSmsCode(deps, { purpose: 'sms_login', phone: input.phone, userId: user.id }, language);
  // The same cooldown and caps as a real code: a code nobody receives, so nothing can use it.
  await issueSmsCode(deps, { purpose: input.registration ? 'sms_register' : 'sms_login', target: input.phone, userId: null });
  if (user) {
    await deps.sms.send({
      to: input.phone,
      text: alreadyRegisteredSms(language),
      meta: { kind: 'sms_register_taken' },
    });
  }
  return { message: smsMessages.sent };
}

/** PUT /api/auth/phone: signs in with the code; the number counts as confirmed from then on. */
export async function signInByPhone(deps: Deps, input: { phone: string; phone_code: string }, meta: RequestMeta): Promise<SignedIn> {
  await checkSmsCode(deps, { purpose: 'sms_login', target: input.phone, code: input.phone_code, language: meta.language });
  const user = await findUserByPhone(deps.db, input.phone);
  if (!user) throw badRequest(codeMessages.wrong);
  // Phones are stored proven; an old unproven one is claimed by this first proof (features/accounts).
  const confirmed = user.phoneConfirmedAt ? user : await deps.db.transaction((tx) => provePhone(tx, user.id, 'sms', deps.clock.now()));
  return createSession(deps, confirmed, 'sms', meta);
}

/** POST /api/user/phone: registers a phone-only account with the code and signs in. */
export async function registerByPhone(
  deps: Deps,
  input: { phone: string; phone_code: string; mailing: boolean },
  meta: RequestMeta,
): Promise<SignedIn> {
  await checkSmsCode(deps, { purpose: 'sms_register', target: input.phone, code: input.phone_code, language: meta.language });
  if (await findUserByPhone(deps.db, input.phone)) throw badRequest(smsMessages.taken);
  const user = await openAccount(deps.db, deps.clock.now(), {
    phone: input.phone,
    phoneProof: 'sms',
    mailing: input.mailing,
  }).catch((error: unknown) => {
    // Two registrations of one number at once: the unique index lets one through.
    throw isUniqueViolation(error) ? badRequest(smsMessages.taken) : error;
  });
  return createSession(deps, user, 'sms', meta);
}
