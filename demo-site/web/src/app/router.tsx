import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { matchRoutes, Navigate, Route, Routes } from 'react-router';
import { Loading } from '../components/ui/states';
import { RouteAccess } from '../features/auth/components/route-access';
import { RootLayout } from './layout/root-layout';
import { ScreenBoundary } from './routes/route-error';
import { registerScreen } from './warm-screens';

/** A screen module: the screen, and optionally the data it shows first (see preloadScreen). */
interface ScreenModule {
  default: ComponentType;
  prefetch?: (client: QueryClient) => Promise<unknown>;
  /**
   * A part the screen loads itself (a chunk of its own), resolved once the screen can render whole:
   * the route waits for it, so the screen shows at once rather than in two steps (routes/basket/basket.tsx).
   */
  whenReady?: () => Promise<unknown>;
}

interface AppRoute {
  path: string;
  element: ReactNode;
  /** Loads the screen's chunk; once it has loaded, the screen renders without suspending. */
  preload?: () => Promise<ScreenModule>;
}

/**
 * Each screen is its own chunk, loaded when its route is first visited (React.lazy) — or before
 * the first render, for the address the page was opened at (see preloadScreen).
 */
const screen = (load: () => Promise<ScreenModule>): Omit<AppRoute, 'path'> => {
  const preload = () =>
    load().then(async (module) => {
      await module.whenReady?.();
      chunk.loaded = module.default;
      return module;
    });
  const chunk: ScreenChunk = { lazy: lazy(preload) };
  return { element: <Screen chunk={chunk} />, preload };
};

interface ScreenChunk {
  lazy: LazyExoticComponent<ComponentType>;
  /** Set once the chunk has loaded: rendering it then does not suspend. */
  loaded?: ComponentType;
}

function Screen({ chunk }: { chunk: ScreenChunk }) {
  const Component = chunk.loaded ?? chunk.lazy;
  return <Component />;
}

/** accounts-sso §2.1 and §2.2: every route of the site, path → screen. */
export const routeTable: AppRoute[] = [
  { path: '/', ...screen(() => import('./routes/home')) },
  { path: '/calendar', ...screen(() => import('./routes/calendar')) },
  { path: '/calendar/:eventId', ...screen(() => import('./routes/event')) },
  { path: '/calendar/:eventId/:promocode', ...screen(() => import('./routes/event')) },
  { path: '/event/:eventId', ...screen(() => import('./routes/event')) },
  { path: '/event/:eventId/:formatId', ...screen(() => import('./routes/event')) },
  { path: '/news', ...screen(() => import('./routes/news-list')) },
  { path: '/news/:newsId', ...screen(() => import('./routes/news-item')) },
  { path: '/clubs', ...screen(() => import('./routes/clubs')) },
  { path: '/clubs/:clubId', ...screen(() => import('./routes/club')) },
  { path: '/clubs/:clubId/upload-result', ...screen(() => import('./routes/club-upload')) },
  { path: '/results', ...screen(() => import('./routes/results')) },
  { path: '/results/:eventCityId', ...screen(() => import('./routes/results-table')) },
  { path: '/shop', ...screen(() => import('./routes/shop/shop-main')) },
  { path: '/shop/category/:category', ...screen(() => import('./routes/shop/shop-category')) },
  { path: '/shop/product/:productId', ...screen(() => import('./routes/shop/shop-product')) },
  { path: '/shop/search', ...screen(() => import('./routes/shop/shop-search')) },
  { path: '/about', ...screen(() => import('./routes/content/about')) },
  { path: '/about/medical', ...screen(() => import('./routes/content/medical')) },
  { path: '/partners', ...screen(() => import('./routes/content/partners')) },
  { path: '/corp', ...screen(() => import('./routes/content/corporate')) },
  { path: '/logistics', ...screen(() => import('./routes/content/logistics')) },
  { path: '/merch', ...screen(() => import('./routes/content/merch')) },
  { path: '/smi', ...screen(() => import('./routes/content/smi')) },
  { path: '/feedback', ...screen(() => import('./routes/content/feedback')) },
  { path: '/photo', ...screen(() => import('./routes/content/photo')) },
  { path: '/newyear_2022', ...screen(() => import('./routes/content/new-year')) },
  { path: '/virtualEvents', ...screen(() => import('./routes/content/virtual-events')) },
  { path: '/basket/thanks', ...screen(() => import('./routes/basket/order-return')) },
  { path: '/basket/certificateThanks', ...screen(() => import('./routes/certificate-thanks')) },
  { path: '/notsupport', ...screen(() => import('./routes/not-supported')) },
  { path: '/404', ...screen(() => import('./routes/not-found')) },
  { path: '/docs', element: <Navigate to="/" replace /> },
  // The basket, sign-in and cabinet screens, one group per feature.
  // — basket and checkout —
  { path: '/basket', ...screen(() => import('./routes/basket/basket')) },
  { path: '/basket-fill-outside/:id', ...screen(() => import('./routes/auth/basket-fill-outside')) },
  { path: '/add', ...screen(() => import('./routes/auth/add')) },
  // — sign-in, registration, recovery —
  { path: '/login', ...screen(() => import('./routes/auth/login')) },
  { path: '/auth', ...screen(() => import('./routes/auth/login')) },
  { path: '/registration', ...screen(() => import('./routes/auth/registration')) },
  { path: '/registration/sms', ...screen(() => import('./routes/auth/registration-sms')) },
  { path: '/loginlink', ...screen(() => import('./routes/auth/login-link')) },
  { path: '/newpass', ...screen(() => import('./routes/auth/new-password')) },
  { path: '/verify/resetpassword/:code', ...screen(() => import('./routes/auth/reset-password')) },
  { path: '/verify/email/:code', ...screen(() => import('./routes/auth/verify-email')) },
  { path: '/verify/new/email/:code', ...screen(() => import('./routes/auth/verify-new-email')) },
  { path: '/user/auth/:provider', ...screen(() => import('./routes/auth/social-callback')) },
  { path: '/user/add/auth/:provider', ...screen(() => import('./routes/auth/social-callback')) },
  { path: '/auth/gid', ...screen(() => import('./routes/auth/gid-callback')) },
  { path: '/test', ...screen(() => import('./routes/auth/gid-callback')) },
  { path: '/exit', ...screen(() => import('./routes/auth/exit')) },
  { path: '/token/:id', ...screen(() => import('./routes/auth/login-link')) },
  { path: '/waitlist/offer/:code', ...screen(() => import('./routes/waitlist-offer')) },
  { path: '/waitlist/leave/:token', ...screen(() => import('./routes/waitlist-leave')) },
  // — the personal cabinet —
  { path: '/me', ...screen(() => import('./routes/me/my-events')) },
  { path: '/me/ticket/:id', ...screen(() => import('./routes/me/ticket')) },
  { path: '/me/shop', ...screen(() => import('./routes/me/my-shop')) },
  { path: '/me/shop/:id', ...screen(() => import('./routes/me/order')) },
  { path: '/me/insurances', ...screen(() => import('./routes/me/my-insurances')) },
  { path: '/me/club', ...screen(() => import('./routes/me/my-clubs')) },
  { path: '/me/setting', ...screen(() => import('./routes/me/settings')) },
  { path: '/me/session', ...screen(() => import('./routes/me/sessions')) },
  // — staff: check-in at the start line (issue 24), signed in —
  { path: '/staff/checkin', ...screen(() => import('./routes/staff/checkin')) },
  // — the organiser's back office (issue 31), signed in: its own chunk, nothing of it on the visitor's pages —
  { path: '/organizer/*', ...screen(() => import('./routes/organizer/organizer')) },
  // — the end of the list —
  { path: '*', ...screen(() => import('./routes/not-found')) },
];

for (const route of routeTable) if (route.preload) registerScreen(route.path, route.preload);

/** How long the first render waits for a screen's first data; past it, the screen shows its loading state. */
const PREFETCH_WAIT_MS = 300;

/**
 * Loads the chunk of the screen at `pathname`, so the first render shows the screen rather than a
 * loading state (the page's boot script has already asked for the chunk, see build/route-boot.ts),
 * and the data the screen shows first (its `prefetch`; the boot script has asked for that too), so
 * that the first render is complete rather than followed at once by a second, larger one.
 */
export async function preloadScreen(pathname: string, client?: QueryClient): Promise<void> {
  const match = matchRoutes(routeTable, pathname)?.at(-1)?.route as AppRoute | undefined;
  const module = await match?.preload?.();
  if (!client || !module?.prefetch) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    module.prefetch(client).catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, PREFETCH_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}

/** The shell with the screen of the current address; a screen that fails to load shows an error, not a blank page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {routeTable.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <ScreenBoundary>
                <RouteAccess>
                  <Suspense fallback={<Loading />}>{route.element}</Suspense>
                </RouteAccess>
              </ScreenBoundary>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}
