import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useIsAuthenticated } from '../../lib/auth';

// The widget's chunk (the SDK, its React package and the providers' call): never on a page's first load.
const GidFloating = lazy(() => import('../../features/auth/components/gid-floating'));

/** The pages the GID widget floats over for a signed-out visitor: the home page and the event pages (no form, no basket). */
export const FLOATING_GID_PATHS = /^\/$|^\/(calendar|event)\/[^/]+(\/[^/]+)?\/?$/;

/** True once the page has loaded and the browser has had an idle moment since. */
function usePageIdle(wanted: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!wanted || idle) return;
    let handle: number | undefined;
    const whenIdle = () => {
      handle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(() => setIdle(true), { timeout: 3000 })
          : window.setTimeout(() => setIdle(true), 500);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (handle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
        window.clearTimeout(handle);
      }
    };
  }, [wanted, idle]);
  return idle;
}

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
