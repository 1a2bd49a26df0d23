/**
 * The sign-in feature's pure rules: who may open which route, where a person may be sent back to,
 * and the form checks of accounts-sso §5 in the spec's order. No React, no browser: tested beside.
 */

export type Access = 'guest' | 'cabinet' | 'open';

/**
 * accounts-sso §2.1 / §6: /auth, /login and /registration (with /registration/sms) are for guests;
 * /me and everything under it (and /add, the linking of a network) needs a signed-in person.
 */
export function accessOf(pathname: string): Access {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/auth' || path === '/login' || path === '/registration' || path.startsWith('/registration/')) return 'guest';
  // /add links a network to the signed-in account (see app/routes/auth/add.tsx).
  if (path === '/me' || path.startsWith('/me/') || path === '/add') return 'cabinet';
  return 'open';
}

/** What a route guard does: stay, or go somewhere (and whether the token must go first). */
export type Decision = { kind: 'stay' } | { kind: 'redirect'; to: string; returnTo?: string; dropToken?: boolean };

/**
 * The access rules as one decision. A stored user without `public_id` (accounts-sso §4.1) loses the
 * token and goes to /auth wherever they are.
 */
export function decideAccess(input: { pathname: string; search: string; signedIn: boolean; brokenUser: boolean }): Decision {
  if (input.brokenUser) return { kind: 'redirect', to: '/auth', dropToken: true };
  const access = accessOf(input.pathname);
  if (access === 'guest' && input.signedIn) return { kind: 'redirect', to: '/me' };
  if (access === 'cabinet' && !input.signedIn) return { kind: 'redirect', to: '/login', returnTo: input.pathname + input.search };
  return { kind: 'stay' };
}

/**
 * A path on this site to go to after sign-in, or null. Only a same-site path is taken — never an
 * absolute URL, a protocol-relative `//host`, a backslash trick or a control character — so a link
 * with a return address can never become an open redirect. Guest-only routes are no target either.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'https://site.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://site.invalid') return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (accessOf(url.pathname) === 'guest' || url.pathname === '/exit') return null;
  return path;
}

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
