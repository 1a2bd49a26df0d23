import type { ServerDeps } from '../../deps';
import type { RequestMeta } from '../../http/request';
import { isUniqueViolation } from '../../lib/db-errors';
import { badRequest } from '../../lib/errors';
import { checkSmsCode, codeMessages, issueSmsCode } from '../codes/service';
import { createSession, type SignedIn } from '../sessions/service';
import { createUser, findUserByPhone, updateUser } from '../users/service';

export const smsMessages = {
  sent: 'Код отправлен',
  taken: 'Пользователь с таким номером уже зарегистрирован',
} as const;

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'sms' | 'geo' | 'config'>;

/** Sends a fresh code by SMS (the outbox in the demo). */
export async function sendSmsCode(
  deps: Pick<ServerDeps, 'db' | 'clock' | 'email' | 'sms' | 'config'>,
  input: { purpose: 'sms_login' | 'sms_register' | 'phone_change'; phone: string; userId: number | null },
) {
  const code = await issueSmsCode(deps, { purpose: input.purpose, target: input.phone, userId: input.userId });
  const minutes = Math.round(deps.config.sms.codeTtlMs / 60_000);
  await deps.sms.send({
    to: input.phone,
    text: `Код для сайта «Герои»: ${code}. Действует ${minutes} минут. Никому его не сообщайте.`,
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
export async function requestSmsCode(deps: Deps, input: { phone: string; registration: boolean }) {
  const user = await findUserByPhone(deps.db, input.phone);
  if (input.registration && !user) return sendSmsCode(deps, { purpose: 'sms_register', phone: input.phone, userId: null });
  if (!input.registration && user) return sendSmsCode(deps, { purpose: 'sms_login', phone: input.phone, userId: user.id });
  // The same cooldown and caps as a real code: a code nobody receives, so nothing can use it.
  await issueSmsCode(deps, { purpose: input.registration ? 'sms_register' : 'sms_login', target: input.phone, userId: null });
  if (user) {
    await deps.sms.send({
      to: input.phone,
      text: 'Этот номер уже зарегистрирован на сайте «Герои». Войдите по SMS-коду.',
      meta: { kind: 'sms_register_taken' },
    });
  }
  return { message: smsMessages.sent };
}

/** PUT /api/auth/phone: signs in with the code; the number counts as confirmed from then on. */
export async function signInByPhone(deps: Deps, input: { phone: string; phone_code: string }, meta: RequestMeta): Promise<SignedIn> {
  await checkSmsCode(deps, { purpose: 'sms_login', target: input.phone, code: input.phone_code });
  const user = await findUserByPhone(deps.db, input.phone);
  if (!user) throw badRequest(codeMessages.wrong);
  const confirmed = user.phoneConfirmedAt ? user : await updateUser(deps.db, user.id, { phoneConfirmedAt: deps.clock.now() });
  return createSession(deps, confirmed, 'sms', meta);
}

/** POST /api/user/phone: registers a phone-only account with the code and signs in. */
export async function registerByPhone(
  deps: Deps,
  input: { phone: string; phone_code: string; mailing: boolean },
  meta: RequestMeta,
): Promise<SignedIn> {
  await checkSmsCode(deps, { purpose: 'sms_register', target: input.phone, code: input.phone_code });
  if (await findUserByPhone(deps.db, input.phone)) throw badRequest(smsMessages.taken);
  const user = await createUser(deps.db, deps.clock.now(), {
    phone: input.phone,
    phoneConfirmedAt: deps.clock.now(),
    mailing: input.mailing,
  }).catch((error: unknown) => {
    // Two registrations of one number at once: the unique index lets one through.
    throw isUniqueViolation(error) ? badRequest(smsMessages.taken) : error;
  });
  return createSession(deps, user, 'sms', meta);
}
