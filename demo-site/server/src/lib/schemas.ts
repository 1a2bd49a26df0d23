import { z } from 'zod';
import { normalizePhone } from './phone';

/**
 * Shared request schemas. A message in Russian reaches the client as is; any other failure becomes
 * «Некорректные данные запроса: <field>» in the error handler.
 */

/** The public ids of the API: the seed's 24-hex ids, slugs and uuids. */
export const publicId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/);

export const idParams = z.strictObject({ id: publicId });

export const positiveInt = z.coerce.number().int().positive().max(2_147_483_647);

export const emailMessage = 'Введите валидный email';

/** ticketing-shop §5: an address whose top-level part is 2 to 12 letters; lower-cased. */
export const emailPattern = /^[\p{L}\d._%+-]+@[\p{L}\d-]+(\.[\p{L}\d-]+)*\.\p{L}{2,12}$/u;

export const email = z.string({ error: emailMessage }).trim().toLowerCase().max(254, emailMessage).regex(emailPattern, emailMessage);

export const phoneMessage = 'Введите корректный номер телефона';

/** A transform that normalises a value or fails with `message`. */
export const normalizeOr =
  <T>(normalize: (value: string) => T | null, message: string) =>
  (value: string, ctx: z.RefinementCtx<string>): T => {
    const normalized = normalize(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return normalized;
  };

/** A phone in any usual notation, normalised to digits. */
export const phone = z.string({ error: phoneMessage }).max(32, phoneMessage).transform(normalizeOr(normalizePhone, phoneMessage));

export const smsCode = z.string({ error: 'Код должен состоять из 4 цифр' }).regex(/^\d{4}$/, 'Код должен состоять из 4 цифр');

/** Free text: trimmed, bounded, and without NUL characters (PostgreSQL cannot store them). */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !value.includes('\u0000'));

/** An ISO date `YYYY-MM-DD` that exists in the calendar. */
export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, message);

/** For routes that take no query parameters: anything in the query string is a 400. */
export const noQuery = z.strictObject({});

/** The code of an e-mail link (/verify/email/{code}…): base64url. */
export const linkCode = z.string().regex(/^[\w-]{1,128}$/, 'Ссылка недействительна или устарела');
