import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isUnsupportedBrowser } from '../../lib/browser-support';
import { Breadcrumbs } from './breadcrumbs';
import { FloatingGid } from './floating-gid';
import { Footer } from './footer';
import { Header } from './header';

/** Scrolls to the top on every path change (accounts-sso §2.2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}

/** The shell around every screen: header, breadcrumbs, the screen, footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  if (pathname !== '/notsupport' && isUnsupportedBrowser(navigator.userAgent)) return <Navigate to="/notsupport" replace />;
  // On a phone the staff's scanner is the whole screen: the site's header and footer give way to it.
  const scanner = pathname.startsWith('/staff/checkin');
  return (
    <div className={scanner ? 'layout-scanner' : 'layout-site'}>
      <ScrollToTop />
      <Header />
      <Breadcrumbs />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      {scanner ? null : <FloatingGid />}
    </div>
  );
}
