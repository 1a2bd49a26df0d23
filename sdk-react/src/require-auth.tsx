import { type ComponentType, type ReactNode, useEffect, useRef } from 'react';
import type { GidLoginOptions } from './context';
import { useGid } from './use-gid';

/**
 * Props of `<RequireAuth>`.
 * @example
 * <RequireAuth fallback={<p>Входим…</p>} loginOptions={{ prompt: 'login' }}><Cabinet /></RequireAuth>
 */
export interface RequireAuthProps {
  children?: ReactNode;
  /** Shown while the sign-in state is not known yet, and while the person is sent to sign in; default nothing. */
  fallback?: ReactNode;
  /** The sign-in's options (default: a redirect sign-in that comes back to this page). */
  loginOptions?: GidLoginOptions;
}

/**
 * A route guard: renders its children for a signed-in person; a signed-out visitor is sent to
 * sign in (once, also under StrictMode) and comes back to this page (`returnTo`, see
 * `GidProvider`'s `onReturn`). Waits while the state is `loading`.
 * @example
 * <Route path="/cabinet" element={<RequireAuth><Cabinet /></RequireAuth>} />
 */
export function RequireAuth({ children, fallback = null, loginOptions }: RequireAuthProps) {
  const { status, tokens, login } = useGid();
  const sent = useRef(false);
  const signedOut = status === 'idle' || (status === 'error' && !tokens);
  useEffect(() => {
    if (!signedOut || sent.current) return;
    sent.current = true;
    const here = location.pathname + location.search + location.hash;
    void login({ returnTo: here, ...loginOptions });
  }, [signedOut, login, loginOptions]);
  return <>{status === 'authenticated' ? children : fallback}</>;
}

/**
 * `<RequireAuth>` around a component: the same guard as a higher-order component.
 * @example
 * export default withAuthenticationRequired(Cabinet, { fallback: <p>Входим…</p> });
 */
export function withAuthenticationRequired<P extends object>(
  Component: ComponentType<P>,
  options: Omit<RequireAuthProps, 'children'> = {},
): ComponentType<P> {
  const Guarded = (props: P) => (
    <RequireAuth {...options}>
      <Component {...props} />
    </RequireAuth>
  );
  Guarded.displayName = `withAuthenticationRequired(${Component.displayName ?? Component.name ?? 'Component'})`;
  return Guarded;
}
