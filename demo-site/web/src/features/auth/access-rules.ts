/**
 * Who may open which route and where a person may be sent back to after sign-in (the access part of
 * the sign-in rules). A file of its own because the route guard, in the shell, needs it: the form
 * checks in rules.ts then load with the sign-in screens, not on `/`. No React, no browser.
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
  // The staff's scanner (issue 24) needs the signed-in staff account too.
  if (path === '/staff' || path.startsWith('/staff/')) return 'cabinet';
  // The organiser's back office (issue 31).
  if (path === '/organizer' || path.startsWith('/organizer/')) return 'cabinet';
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
