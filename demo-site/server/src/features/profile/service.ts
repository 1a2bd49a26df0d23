import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import type { ServerDeps } from '../../deps';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import { checkSmsCode, consumeCode, findLinkCode, issueLinkCode } from '../codes/service';
import type { Authenticated } from '../sessions/service';
import { revokeUserSessions } from '../sessions/service';
import { sendSmsCode } from '../sms-auth/service';
import { findUserByEmail, findUserByPhone, presentUser, type UserRow, updateUser } from '../users/service';
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
} as const;

type Deps = Pick<ServerDeps, 'db' | 'clock' | 'email' | 'sms' | 'config'>;

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

/** PUT /api/user: saves the fields that differ from the stored ones; nothing different is a 400. */
export async function updateProfile(deps: Deps, user: UserRow, changes: ProfileChanges) {
  const update: Partial<typeof users.$inferInsert> = {};
  for (const [field, column] of Object.entries(columns) as [keyof ProfileChanges, (typeof columns)[keyof ProfileChanges]][]) {
    const value = changes[field];
    if (value !== undefined && value !== user[column]) Object.assign(update, { [column]: value });
  }
  if (Object.keys(update).length === 0) throw badRequest(profileMessages.unchanged);
  const updated = await updateUser(deps.db, user.id, update);
  return { message: profileMessages.updated, user: presentUser(updated) };
}

/** POST /api/user/change/email: a link to /verify/new/email/{code} goes to the new address. */
export async function requestEmailChange(deps: Deps, user: UserRow, email: string) {
  if (email === user.email && user.emailConfirmedAt) throw badRequest(profileMessages.sameEmail);
  const owner = await findUserByEmail(deps.db, email);
  if (owner && owner.id !== user.id) throw badRequest(profileMessages.emailTaken);
  const code = await issueLinkCode(deps, { purpose: 'email_change', target: email, userId: user.id, payload: { email } });
  const link = `${deps.config.publicUrl}/verify/new/email/${code}`;
  await deps.email.send({
    to: email,
    subject: 'Подтвердите новый адрес',
    text: `Здравствуйте!\n\nЧтобы привязать этот адрес к аккаунту на сайте «Герои», откройте ссылку:\n${link}\n\nЕсли вы ничего не меняли, просто удалите это письмо.`,
    meta: { kind: 'email_change', link, code },
  });
  return { message: profileMessages.emailLinkSent };
}

/** POST /api/user/verify/new/email: the link's code makes the new address the account's confirmed e-mail. */
export async function confirmEmailChange(deps: Deps, code: string) {
  const row = await findLinkCode(deps, 'email_change', code);
  const email = row?.payload?.email;
  if (!row || row.userId === null || !email) throw badRequest(profileMessages.badLink);
  const owner = await findUserByEmail(deps.db, email);
  if (owner && owner.id !== row.userId) throw badRequest(profileMessages.emailTaken);
  if (!(await consumeCode(deps, row.id))) throw badRequest(profileMessages.badLink);
  const user = await updateUser(deps.db, row.userId, { email, emailConfirmedAt: deps.clock.now() });
  return { email, user: presentUser(user) };
}

/** POST /api/user/phone/code: a code to the new number. */
export async function requestPhoneChange(deps: Deps, user: UserRow, phone: string) {
  if (phone === user.phone && user.phoneConfirmedAt) throw badRequest(profileMessages.samePhone);
  const owner = await findUserByPhone(deps.db, phone);
  if (owner && owner.id !== user.id) throw badRequest(profileMessages.phoneTaken);
  return sendSmsCode(deps, { purpose: 'phone_change', phone, userId: user.id });
}

/** POST /api/user/new/phone: the code confirms the new number. */
export async function confirmPhoneChange(deps: Deps, user: UserRow, input: { phone: string; phone_code: string }) {
  const row = await checkSmsCode(deps, { purpose: 'phone_change', target: input.phone, code: input.phone_code });
  if (row.userId !== user.id) throw badRequest(profileMessages.badLink);
  const owner = await findUserByPhone(deps.db, input.phone);
  if (owner && owner.id !== user.id) throw badRequest(profileMessages.phoneTaken);
  const updated = await updateUser(deps.db, user.id, { phone: input.phone, phoneConfirmedAt: deps.clock.now() });
  return { message: profileMessages.phoneConfirmed, user: presentUser(updated) };
}

/**
 * PUT /api/user/password: the current password is needed when there is one (accounts made by SMS or a
 * social network set their first password without it). Other sessions end; this one stays.
 */
export async function changePassword(deps: Deps, auth: Authenticated, input: { old_password?: string | undefined; new_password: string }) {
  const [stored] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.user.id));
  if (stored?.passwordHash) {
    if (!input.old_password) throw badRequest(profileMessages.oldPasswordRequired);
    if (!(await verifyPassword(input.old_password, stored.passwordHash))) throw badRequest(profileMessages.wrongPassword);
  }
  await updateUser(deps.db, auth.user.id, { passwordHash: await hashPassword(input.new_password, deps.config.scrypt) });
  await revokeUserSessions(deps, auth.user.id, auth.sessionId);
  return { message: profileMessages.passwordChanged };
}
