import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useIsAuthenticated } from '../../lib/auth';
import { usePageIdle } from '../../lib/use-page-idle';

// The widget's chunk (the SDK, its React package and the providers' call): never on a page's first load.
const GidFloating = lazy(() => import('../../features/auth/components/gid-floating'));

/** The pages the GID widget floats over for a signed-out visitor: the home page and the event pages (no form, no basket). */
export const FLOATING_GID_PATHS = /^\/$|^\/(calendar|event)\/[^/]+(\/[^/]+)?\/?$/;

/**
 * «Войти с Газпром ID» floating over the home page and the event pages for a signed-out visitor
 * (accounts-sso: the widget and the web curtain), loaded once the page is idle; leaving those
 * pages or signing in removes it.
 */
export function FloatingGid() {
  const { pathname } = useLocation();
  const signedIn = useIsAuthenticated();
  const wanted = !signedIn && FLOATING_GID_PATHS.test(pathname);
  const idle = usePageIdle(wanted);
  if (!wanted || !idle) return null;
  return (
    <Suspense fallback={null}>
      <GidFloating />
    </Suspense>
  );
}
