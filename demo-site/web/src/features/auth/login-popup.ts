import { safeReturnPath } from './access-rules';

/**
 * The popups another screen opens the login screen with (accounts-sso §2.3), carried in the router
 * state `{ popup, … }` — never in the address, so no link can open one:
 * - `passwordChanged` (/newpass): «Пароль успешно изменен!», then the person signs in;
 * - `emailConfirmed` (/verify/email/{code}, isVerifyPopup): «Почта подтверждена». Confirming signs the
 *   person in (issue 33), so this one shows to a signed-in person and its button goes on to `next`
 *   (the cabinet, or where a guard had stopped them).
 */
export type LoginPopup =
  | { kind: 'passwordChanged'; message: string | null }
  | { kind: 'emailConfirmed'; email: string | null; next: string };

export function loginPopupFromState(state: unknown): LoginPopup | null {
  if (typeof state !== 'object' || state === null) return null;
  const asked = state as { popup?: unknown; message?: unknown; email?: unknown; next?: unknown };
  if (asked.popup === 'passwordChanged') {
    return { kind: 'passwordChanged', message: typeof asked.message === 'string' ? asked.message : null };
  }
  if (asked.popup === 'emailConfirmed') {
    return {
      kind: 'emailConfirmed',
      email: typeof asked.email === 'string' ? asked.email : null,
      next: safeReturnPath(asked.next) ?? '/me',
    };
  }
  return null;
}

/** The router state that opens `popup` on /login. */
export function loginPopupState(popup: LoginPopup): Record<string, unknown> {
  return popup.kind === 'passwordChanged'
    ? { popup: popup.kind, message: popup.message }
    : { popup: popup.kind, email: popup.email, next: popup.next };
}

/** The one guest-only page a signed-in person may see: /login showing the e-mail-confirmed popup. */
export function signedInMayStay(pathname: string, state: unknown): boolean {
  return (pathname.replace(/\/+$/, '') || '/') === '/login' && loginPopupFromState(state)?.kind === 'emailConfirmed';
}
