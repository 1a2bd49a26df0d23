import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { Loading } from '../components/ui/states';
import { RootLayout } from './layout/root-layout';
import type { PlaceholderKey } from './routes/placeholder';
import { ScreenBoundary } from './routes/route-error';

/** Each screen is its own chunk, loaded when its route is first visited (React.lazy). */
const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(load);
  return <Screen />;
};

const Placeholder = lazy(() => import('./routes/placeholder'));
const placeholder = (name: PlaceholderKey) => <Placeholder name={name} />;

/** accounts-sso §2.1 and §2.2: every route of the site, path → screen. */
export const routeTable: { path: string; element: ReactNode }[] = [
  { path: '/', element: screen(() => import('./routes/home')) },
  { path: '/calendar', element: screen(() => import('./routes/calendar')) },
  { path: '/calendar/:eventId', element: screen(() => import('./routes/event')) },
  { path: '/calendar/:eventId/:promocode', element: screen(() => import('./routes/event')) },
  { path: '/event/:eventId', element: screen(() => import('./routes/event')) },
  { path: '/event/:eventId/:formatId', element: screen(() => import('./routes/event')) },
  { path: '/news', element: screen(() => import('./routes/news-list')) },
  { path: '/news/:newsId', element: screen(() => import('./routes/news-item')) },
  { path: '/clubs', element: screen(() => import('./routes/clubs')) },
  { path: '/clubs/:clubId', element: screen(() => import('./routes/club')) },
  { path: '/clubs/:clubId/upload-result', element: placeholder('clubUpload') },
  { path: '/results', element: screen(() => import('./routes/results')) },
  { path: '/results/:eventCityId', element: screen(() => import('./routes/results-table')) },
  { path: '/shop', element: screen(() => import('./routes/shop/shop-main')) },
  { path: '/shop/category/:category', element: screen(() => import('./routes/shop/shop-category')) },
  { path: '/shop/product/:productId', element: screen(() => import('./routes/shop/shop-product')) },
  { path: '/shop/search', element: screen(() => import('./routes/shop/shop-search')) },
  { path: '/about', element: screen(() => import('./routes/content/about')) },
  { path: '/about/medical', element: screen(() => import('./routes/content/medical')) },
  { path: '/partners', element: screen(() => import('./routes/content/partners')) },
  { path: '/corp', element: screen(() => import('./routes/content/corporate')) },
  { path: '/logistics', element: screen(() => import('./routes/content/logistics')) },
  { path: '/merch', element: screen(() => import('./routes/content/merch')) },
  { path: '/smi', element: screen(() => import('./routes/content/smi')) },
  { path: '/feedback', element: screen(() => import('./routes/content/feedback')) },
  { path: '/photo', element: screen(() => import('./routes/content/photo')) },
  { path: '/newyear_2022', element: screen(() => import('./routes/content/new-year')) },
  { path: '/virtualEvents', element: screen(() => import('./routes/content/virtual-events')) },
  { path: '/basket/thanks', element: screen(() => import('./routes/thanks')) },
  { path: '/basket/certificateThanks', element: screen(() => import('./routes/certificate-thanks')) },
  { path: '/notsupport', element: screen(() => import('./routes/not-supported')) },
  { path: '/404', element: screen(() => import('./routes/not-found')) },
  { path: '/docs', element: <Navigate to="/" replace /> },
  // Screens of later issues (basket, sign-in, cabinet): a titled placeholder until then.
  { path: '/basket', element: placeholder('basket') },
  { path: '/login', element: placeholder('login') },
  { path: '/auth', element: placeholder('login') },
  { path: '/registration', element: placeholder('registration') },
  { path: '/registration/sms', element: placeholder('registrationSms') },
  { path: '/loginlink', element: placeholder('loginLink') },
  { path: '/newpass', element: placeholder('newPassword') },
  { path: '/verify/resetpassword/:code', element: placeholder('resetPassword') },
  { path: '/verify/email/:code', element: placeholder('verifyEmail') },
  { path: '/verify/new/email/:code', element: placeholder('verifyNewEmail') },
  { path: '/user/auth/:provider', element: placeholder('socialSignIn') },
  { path: '/user/add/auth/:provider', element: placeholder('socialLink') },
  { path: '/auth/gid', element: placeholder('gidCallback') },
  { path: '/test', element: placeholder('gidCallback') },
  { path: '/exit', element: placeholder('exit') },
  { path: '/token/:id', element: placeholder('token') },
  { path: '/basket-fill-outside/:id', element: placeholder('basketFill') },
  { path: '/add', element: placeholder('add') },
  { path: '/me', element: placeholder('myEvents') },
  { path: '/me/ticket/:id', element: placeholder('ticket') },
  { path: '/me/shop', element: placeholder('myShop') },
  { path: '/me/shop/:id', element: placeholder('order') },
  { path: '/me/insurances', element: placeholder('myInsurances') },
  { path: '/me/club', element: placeholder('myClubs') },
  { path: '/me/setting', element: placeholder('settings') },
  { path: '/me/session', element: placeholder('sessions') },
  { path: '*', element: screen(() => import('./routes/not-found')) },
];

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
                <Suspense fallback={<Loading />}>{route.element}</Suspense>
              </ScreenBoundary>
            }
          />
        ))}
      </Route>
    </Routes>
  );
}
