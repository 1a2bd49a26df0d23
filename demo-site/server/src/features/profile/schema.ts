import { z } from 'zod';
import { email, linkCode, phone, smsCode, text } from '../../lib/schemas';
import { enteredPassword, newPassword } from '../users/schema';

export const dateMessage = 'Введите дату в правильном формате';

/** ticketing-shop §9 relationship options of the extra contact. */
export const relationships = ['Партнер', 'Родитель', 'Родственник', 'Друг', 'Коллега'] as const;

/** A birth date as ISO `YYYY-MM-DD` (a full ISO timestamp is cut to its date): a real day, not in the future, at most 120 years ago. */
const birthDate = z
  .string({ error: dateMessage })
  .max(40, dateMessage)
  .transform((value) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value))
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value)) return false;
    const year = date.getUTCFullYear();
    return date.getTime() <= Date.now() && year >= new Date().getUTCFullYear() - 120;
  }, dateMessage);

const optionalName = text(100).transform((value) => (value === '' ? null : value));

/** PUT /api/user: any of the profile fields; the three extra-contact fields travel together. */
export const profileBody = z
  .strictObject({
    name: optionalName.optional(),
    last_name: optionalName.optional(),
    second_name: optionalName.optional(),
    birth_date: birthDate.optional(),
    gender: z.enum(['none', 'male', 'female']).optional(),
    mailing: z.boolean().optional(),
    extra_contact: text(100).min(1, 'Заполните поле').optional(),
    type_relate: z.enum(relationships, { error: 'Выберите степень родства' }).optional(),
    contact_phone: phone.optional(),
  })
  .refine(
    (body) =>
      [body.extra_contact, body.type_relate, body.contact_phone].every((field) => field === undefined) ||
      [body.extra_contact, body.type_relate, body.contact_phone].every((field) => field !== undefined),
    { message: 'Укажите имя, степень родства и телефон контакта', path: ['extra_contact'] },
  );
export type ProfileChanges = z.output<typeof profileBody>;

/**
 * The proof a change of how the account is reached needs beside the session: the current password or
 * a code sent to the current contact (POST /api/user/proof/code).
 */
export const proof = { current_password: enteredPassword.optional(), proof_code: smsCode.optional() };

export const changeEmailBody = z.strictObject({ email, ...proof });
export const linkCodeBody = z.strictObject({ code: linkCode });
export const phoneCodeBody = z.strictObject({ phone, ...proof });
export const newPhoneBody = z.strictObject({ phone, phone_code: smsCode });
export const passwordChangeBody = z.strictObject({
  old_password: enteredPassword.optional(),
  new_password: newPassword,
  proof_code: smsCode.optional(),
});
export const proofCodeBody = z.strictObject({}).optional();
