// The calls integrators use every day (issue 32): a route guard (under StrictMode and with React
// Router), `onRedirectCallback(appState)`, `isLoading` apart from `error`, `logout(options)`.
import * as sdk from '@gid/sdk';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { GidProvider, RequireAuth, useGid, withAuthenticationRequired } from './index';
import { configWith, LOGOUT_PATH, stubFetch, tokens } from './test/helpers';

const KEY = 'gid:example-react:tokens';
const RETURN_KEY = 'gid:example-react:returnTo';

let assign: Mock<(url: string | URL) => void>;
beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  history.replaceState(null, '', '/');
});

const Cabinet = () => <h1>Личный кабинет</h1>;
const GuardedCabinet = withAuthenticationRequired(Cabinet, { fallback: <p>Входим…</p> });

function routerAt(path: string) {
  return createMemoryRouter(
    [
      { path: '/', element: <Link to="/cabinet">В кабинет</Link> },
      {
        path: '/cabinet',
        element: (
          <RequireAuth fallback={<p>Входим…</p>}>
            <Cabinet />
          </RequireAuth>
        ),
      },
    ],
    { initialEntries: [path] },
  );
}

describe('RequireAuth', () => {
  it('StrictMode + React Router: a signed-out visitor is sent to sign in once, remembering the page', async () => {
    const { fetch } = stubFetch();
    history.replaceState(null, '', '/cabinet?tab=orders');
    render(
      <StrictMode>
        <GidProvider config={configWith(fetch)}>
          <RouterProvider router={routerAt('/')} />
        </GidProvider>
      </StrictMode>,
    );
    await userEvent.click(await screen.findByRole('link', { name: 'В кабинет' }));
    expect(screen.getByText('Входим…')).toBeVisible();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(new URL(String(assign.mock.calls[0]?.[0])).pathname).toBe('/oauth2/auth');
    expect(sessionStorage.getItem(RETURN_KEY)).toBe('/cabinet?tab=orders');
    expect(screen.queryByRole('heading', { name: 'Личный кабинет' })).toBeNull();
    // Still once after more renders.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('a signed-in person sees the page, no sign-in starts (withAuthenticationRequired)', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ tokens, expiresAt: Date.now() + 3_600_000 }));
    const { fetch } = stubFetch();
    render(
      <StrictMode>
        <GidProvider config={configWith(fetch, { storage: 'session' })}>
          <GuardedCabinet />
        </GidProvider>
      </StrictMode>,
    );
    expect(await screen.findByRole('heading', { name: 'Личный кабинет' })).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
  });
});

/** Records `status:isLoading:error` on every render; its button signs out back to /events. */
function Probe({ seen }: { seen: string[] }) {
  const { isLoading, error, status, logout } = useGid();
  seen.push(`${status}:${isLoading}:${!!error}`);
  return (
    <button type="button" onClick={() => logout({ returnTo: `${location.origin}/events` })}>
      Выйти
    </button>
  );
}

describe('GidProvider: the daily calls', () => {
  it('onRedirectCallback gets the appState the redirect sign-in started with', async () => {
    const { fetch } = stubFetch();
    const starter = sdk.createClient(configWith(fetch));
    const state = new URL(await starter.buildAuthorizeUrl({ appState: { to: '/events/7' } })).searchParams.get('state');
    starter.destroy();
    sessionStorage.setItem(RETURN_KEY, '/events');
    history.replaceState(null, '', `/callback?code=c-1&state=${state}&scope=openid`);
    const onRedirectCallback = vi.fn();
    render(
      <GidProvider config={configWith(fetch)} onRedirectCallback={onRedirectCallback}>
        <p>страница</p>
      </GidProvider>,
    );
    await waitFor(() => expect(onRedirectCallback).toHaveBeenCalledWith({ to: '/events/7' }, '/events'));
  });

  it('isLoading apart from error; logout(options) reaches the SDK', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ tokens, expiresAt: Date.now() + 3_600_000 }));
    const { fetch, calls } = stubFetch();
    const seen: string[] = [];
    render(
      <GidProvider config={configWith(fetch, { storage: 'session' })}>
        <Probe seen={seen} />
      </GidProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(calls.some((call) => call.url.pathname === LOGOUT_PATH)).toBe(true);
    expect(new URL(String(assign.mock.calls[0]?.[0])).searchParams.get('post_logout_redirect_uri')).toBe(`${location.origin}/events`);
    expect(seen).toContain('loading:true:false');
    expect(seen.at(-1)).toBe('idle:false:false');
  });
});
