import { lazy, type ReactNode, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getToken, hasBrokenUser, isSessionRejected, removeToken, signedInWithGid, subscribeSessionRejected } from '../../../lib/auth';
import { storageKeys, subscribe } from '../../../lib/storage';
import { decideAccess } from '../access-rules';
import { signedInMayStay } from '../login-popup';
import { returnFromState } from '../return-to';

// The cabinet's guard for a returning GID person (issue 32): the SDK loads only for them.
const GidCabinetGuard = lazy(() => import('./gid-cabinet-guard'));

const subscribeAuth = (listener: () => void) => {
  const offToken = subscribe(storageKeys.token, listener);
  const offUser = subscribe(storageKeys.user, listener);
  const offRejected = subscribeSessionRejected(listener);
  return () => {
    offToken();
    offUser();
    offRejected();
  };
};

/**
 * Re-read whenever the token or the stored user changes, here or in another tab. A token the server
 * has just refused (401) counts as none, so the login screen can show.
 */
const authSnapshot = () => `${getToken() === null || isSessionRejected() ? 0 : 1}${hasBrokenUser() ? 1 : 0}`;

/**
 * The access rules of accounts-sso §2.1 / §4.1 / §6, applied to every route by its path (AppRoutes):
 * guest-only pages send a signed-in person on (to where the guard had stopped them, else /me);
 * the cabinet sends a guest to /login and back after sign-in — a person whose last sign-in here
 * was with Газпром ID and whose session was lost goes back to GID instead, once (GidCabinetGuard,
 * `<RequireAuth>` of @gid/sdk-react); a stored user without `public_id` loses the token and goes to /auth.
 * The e-mail-confirmed popup is the one guest page shown signed in.
 */
export function RouteAccess({ children }: { children: ReactNode }) {
  const location = useLocation();
  const snapshot = useSyncExternalStore(subscribeAuth, authSnapshot, () => '00');
  const decision = decideAccess({
    pathname: location.pathname,
    search: location.search,
    signedIn: snapshot[0] === '1',
    brokenUser: snapshot[1] === '1',
  });
  const dropToken = decision.kind === 'redirect' && decision.dropToken === true;
  // Decided once per stop at the cabinet's door: the guard forgets the mark as it starts, and a
  // re-render while it sends the person to GID must not turn them to the login screen instead.
  const throughGid = useRef<boolean | undefined>(undefined);
  if (decision.kind === 'stay') throughGid.current = undefined;
  else throughGid.current ??= decision.returnTo !== undefined && signedInWithGid();

  useEffect(() => {
    if (dropToken) removeToken();
  }, [dropToken]);

  if (decision.kind === 'stay') return children;
  // /login over which «Почта подтверждена» shows: confirming has just signed the person in (login-popup.ts).
  if (!decision.dropToken && signedInMayStay(location.pathname, location.state)) return children;
  if (decision.returnTo && throughGid.current)
    return (
      <Suspense fallback={null}>
        <GidCabinetGuard from={decision.returnTo} />
      </Suspense>
    );
  const to = decision.to === '/me' ? (returnFromState(location.state) ?? '/me') : decision.to;
  return <Navigate to={to} replace state={decision.returnTo ? { from: decision.returnTo } : undefined} />;
}
