import { isValidPhone, phoneDigits } from '../../lib/contact';
import { parseMaskedDate } from '../../lib/masks';
import type { ProfileChanges, User } from './api/user';

/** The profile form as typed: the birth date as DD.MM.YYYY. */
export interface ProfileForm {
  name: string;
  second_name: string;
  last_name: string;
  birth_date: string;
}

/** The stored birth date (YYYY-MM-DD, or a timestamp) as the form shows it, DD.MM.YYYY. */
export function birthDateForForm(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

export function profileFormOf(user: Pick<User, 'name' | 'second_name' | 'last_name' | 'birth_date'>): ProfileForm {
  return {
    name: user.name ?? '',
    second_name: user.second_name ?? '',
    last_name: user.last_name ?? '',
    birth_date: birthDateForForm(user.birth_date),
  };
}

export type ProfileResult = { changes: ProfileChanges } | { error: 'notChanged' | 'badDate' };

/**
 * accounts-sso §5: only changed, non-empty fields are sent; nothing changed is «Данные не изменились»;
 * a date that is not a real DD.MM.YYYY day (or lies in the future) is «Введите дату в правильном формате».
 */
export function profileChanges(before: ProfileForm, after: ProfileForm, today = new Date()): ProfileResult {
  const changes: ProfileChanges = {};
  for (const field of ['name', 'second_name', 'last_name'] as const) {
    const value = after[field].trim();
    if (value !== '' && value !== before[field].trim()) changes[field] = value;
  }
  const date = after.birth_date.trim();
  if (date !== '' && date !== before.birth_date) {
    const parsed = parseMaskedDate(date);
    if (!parsed || parsed.getTime() > today.getTime()) return { error: 'badDate' };
    changes.birth_date = parsed.toISOString().slice(0, 10);
  }
  return Object.keys(changes).length === 0 ? { error: 'notChanged' } : { changes };
}

/** accounts-sso §5 (lk.password): both fields needed; a new password under 4 characters is refused. */
export function passwordError(oldPassword: string, newPassword: string, needsOld: boolean): 'both' | 'short' | null {
  if (newPassword !== '' && newPassword.length < 4) return 'short';
  if (newPassword === '' || (needsOld && oldPassword === '')) return 'both';
  return null;
}

/** ticketing-shop §9 / accounts-sso §5: the emergency contact's phone countries and their calling codes. */
export const contactCountries = { RU: '7', TJ: '992', BY: '375' } as const;
export type ContactCountry = keyof typeof contactCountries;

/** The country a stored contact phone belongs to (digits, no plus). */
export function contactCountryOf(phone: string | null | undefined): ContactCountry {
  const digits = phoneDigits(phone ?? '');
  if (digits.startsWith('992')) return 'TJ';
  if (digits.startsWith('375')) return 'BY';
  return 'RU';
}

export interface ContactForm {
  extra_contact: string;
  type_relate: string;
  country: ContactCountry;
  contact_phone: string;
}

/** The contact phone as digits with its country's calling code, when it is a full number of that country. */
export function contactPhoneDigits(country: ContactCountry, typed: string): string | null {
  let digits = phoneDigits(typed);
  const code = contactCountries[country];
  if (!digits.startsWith(code)) digits = `${code}${digits}`;
  if (country === 'RU' && !digits.startsWith('79')) return null;
  return isValidPhone(digits) ? digits : null;
}

/** accounts-sso §5: name, relationship and phone are all required (lk.relship.*). */
export function contactErrors(
  form: ContactForm,
): Partial<Record<'extra_contact' | 'type_relate' | 'contact_phone', 'name' | 'relation' | 'phone'>> {
  const errors: Partial<Record<'extra_contact' | 'type_relate' | 'contact_phone', 'name' | 'relation' | 'phone'>> = {};
  if (form.extra_contact.trim() === '') errors.extra_contact = 'name';
  if (form.type_relate === '') errors.type_relate = 'relation';
  if (!contactPhoneDigits(form.country, form.contact_phone)) errors.contact_phone = 'phone';
  return errors;
}

/** ticketing-shop §5: the standard address pattern. */
export const EMAIL_PATTERN = /^[\p{L}\d._%+-]+@[\p{L}\d-]+(\.[\p{L}\d-]+)*\.\p{L}{2,12}$/u;

/** accounts-sso §4.6: the e-mail button says confirm when not confirmed, else change when there is one, else add. */
export function emailAction(user: Pick<User, 'email' | 'email_confirmed'>): 'confirm' | 'change' | 'add' {
  if (user.email && !user.email_confirmed) return 'confirm';
  return user.email ? 'change' : 'add';
}
