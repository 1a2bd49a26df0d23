/**
 * The sign-in feature's pure rules: the form checks of accounts-sso §5 in the spec's order, and (from
 * access-rules.ts, kept apart for the shell's route guard) who may open which route and where a
 * person may be sent back to. No React, no browser: tested beside.
 */

export { type Access, accessOf, type Decision, decideAccess, safeReturnPath } from './access-rules';

/** ticketing-shop §5 address pattern (as the server checks it): the top-level part is 2 to 12 letters. */
export const EMAIL_PATTERN = /^[\p{L}\d._%+-]+@[\p{L}\d-]+(\.[\p{L}\d-]+)*\.\p{L}{2,12}$/u;

export type EmailProblem = 'required' | 'email' | null;

export function emailProblem(value: string): EmailProblem {
  const email = value.trim();
  if (email === '') return 'required';
  return email.length <= 254 && EMAIL_PATTERN.test(email) ? null : 'email';
}

export type PasswordProblem = 'empty' | 'passwordShort' | 'passwordLong' | 'passwordUppercase' | 'passwordDigit' | null;

/**
 * accounts-sso §5 registration password, in the spec's order: empty (flagged, no message), under 4
 * characters, no capital letter, no digit. (Over 128 is the server's bound.)
 */
export function passwordProblem(password: string): PasswordProblem {
  if (password.length === 0) return 'empty';
  if (password.length < 4) return 'passwordShort';
  if (password.length > 128) return 'passwordLong';
  if (!/\p{Lu}/u.test(password)) return 'passwordUppercase';
  if (!/\d/.test(password)) return 'passwordDigit';
  return null;
}

/** accounts-sso §5: the SMS code is exactly 4 digits; an empty field carries no error. */
export function smsCodeProblem(code: string): 'code' | null {
  if (code === '') return null;
  return /^\d{4}$/.test(code) ? null : 'code';
}

/**
 * A phone as typed in the mask, as the digits the server takes (+7 numbers of Russia and
 * Kazakhstan: 11 digits; +375 Belarus and +992 Tajikistan: 12), or null when incomplete.
 */
export function phoneDigits(value: string): string | null {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('8')) digits = `7${digits.slice(1)}`;
  if (/^7\d{10}$/.test(digits)) return digits;
  if (/^(375|992)\d{9}$/.test(digits)) return digits;
  return null;
}

/** Seconds left of an SMS cooldown that ends at `until` (ms), never negative. */
export const secondsLeft = (until: number, now: number): number => Math.max(0, Math.ceil((until - now) / 1000));
