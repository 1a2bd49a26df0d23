import * as sdk from '@gid/sdk';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { GidLoginButton, GidProvider, useGid } from './index';
import { localPath } from './persist';
import { configWith, Status, stubFetch, tokens } from './test/helpers';

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

/** A stored flow (made by the SDK itself) and the provider's answer to it on the redirect URI. */
async function arriveWithCode(fetch: typeof globalThis.fetch) {
  const starter = sdk.createClient(configWith(fetch));
  const state = new URL(await starter.buildAuthorizeUrl()).searchParams.get('state');
  starter.destroy();
  history.replaceState(null, '', `/callback?code=c-1&state=${state}&scope=openid+profile`);
}

/** A site's own button that signs in by popup through the hook, coming back to /from-hook. */
function PopupLogin() {
  const { login } = useGid();
  return (
    <button type="button" onClick={() => login({ mode: 'popup', returnTo: '/from-hook' })}>
      Войти во всплывающем окне
    </button>
  );
}

/** Calls `onIdle` whenever it renders the signed-out state. */
function IdleProbe({ onIdle }: { onIdle: () => void }) {
  if (useGid().status === 'idle') onIdle();
  return null;
}

describe('the signed-in state across reloads (opt-in storage)', () => {
  it.each(['session', 'local'] as const)('%s: kept after sign-in, back on the next mount, gone after logout', async (kind) => {
    const storage = kind === 'local' ? localStorage : sessionStorage;
    const { fetch } = stubFetch();
    await arriveWithCode(fetch);
    const first = render(
      <GidProvider config={configWith(fetch)} storage={kind}>
        <Status />
      </GidProvider>,
    );
    expect(await screen.findByText('Вы вошли как Иван Петров')).toBeVisible();
    await waitFor(() => expect(JSON.parse(storage.getItem(KEY) ?? '{}').tokens).toEqual(tokens));
    first.unmount();
    // A reload: a new provider, no callback in the address.
    history.replaceState(null, '', '/');
    render(
      <GidProvider config={configWith(fetch)} storage={kind}>
        <Status />
      </GidProvider>,
    );
    expect(await screen.findByText('Вы вошли как Иван Петров')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('authenticated'));
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(storage.getItem(KEY)).toBeNull());
  });

  it('logout clears the storage before the signed-out state renders, not in a later effect', async () => {
    // The provider's logout page replaces this one soon after the logout call resolves: an effect
    // that runs only after the signed-out render may never run, and the tokens would come back
    // from the storage with the next page. What the storage holds when that render happens:
    const atSignedOut: (string | null)[] = [];
    let leaving = false;
    const onIdle = () => leaving && atSignedOut.push(sessionStorage.getItem(KEY));
    const { fetch } = stubFetch();
    await arriveWithCode(fetch);
    render(
      <GidProvider config={configWith(fetch)} storage="session">
        <Status />
        <IdleProbe onIdle={onIdle} />
      </GidProvider>,
    );
    expect(await screen.findByText('Вы вошли как Иван Петров')).toBeVisible();
    await waitFor(() => expect(sessionStorage.getItem(KEY)).not.toBeNull());
    leaving = true;
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('idle'));
    expect(assign).toHaveBeenCalled();
    expect(atSignedOut.length).toBeGreaterThan(0);
    expect(atSignedOut).toEqual(atSignedOut.map(() => null));
  });

  // Bug 7: the first render said `idle`, so `status === 'idle' && <Navigate to="/login" />` sent a
  // signed-in person to the login page on every reload.
  it.each(['a reload with stored tokens', 'a code in the address'])('%s never renders idle on the way in', async (kind) => {
    const { fetch } = stubFetch();
    if (kind === 'a code in the address') await arriveWithCode(fetch);
    else sessionStorage.setItem(KEY, JSON.stringify({ tokens }));
    const onIdle = vi.fn();
    render(
      <GidProvider config={configWith(fetch)} storage="session">
        <Status />
        <IdleProbe onIdle={onIdle} />
      </GidProvider>,
    );
    expect(await screen.findByText('Вы вошли как Иван Петров')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('authenticated'));
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('without the opt-in nothing is stored, and a reload is signed out', async () => {
    const { fetch } = stubFetch();
    await arriveWithCode(fetch);
    const first = render(
      <GidProvider config={configWith(fetch)}>
        <Status />
      </GidProvider>,
    );
    expect(await screen.findByText('Вы вошли как Иван Петров')).toBeVisible();
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    first.unmount();
    history.replaceState(null, '', '/');
    render(
      <GidProvider config={configWith(fetch)}>
        <Status />
      </GidProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('idle'));
  });
});

describe('returnTo: back to where the sign-in started', () => {
  it('a redirect sign-in from a page comes back to that page', async () => {
    const { fetch } = stubFetch();
    history.replaceState(null, '', '/tickets?event=7#seats');
    const start = render(
      <GidProvider config={configWith(fetch)}>
        <GidLoginButton />
      </GidProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Войти с Газпром ID' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    start.unmount();
    // Back from the provider on the redirect URI.
    const state = new URL(String(assign.mock.calls[0]?.[0])).searchParams.get('state');
    history.replaceState(null, '', `/callback?code=c-1&state=${state}&scope=openid`);
    const onReturn = vi.fn();
    render(
      <GidProvider config={configWith(fetch)} onReturn={onReturn}>
        <Status />
      </GidProvider>,
    );
    await waitFor(() => expect(onReturn).toHaveBeenCalledWith('/tickets?event=7#seats'));
    expect(screen.getByRole('status')).toHaveTextContent('authenticated');
    expect(sessionStorage.getItem(RETURN_KEY)).toBeNull();
  });

  it('by default the address becomes returnTo without a reload, and routers hear a popstate', async () => {
    const { fetch } = stubFetch();
    await arriveWithCode(fetch);
    sessionStorage.setItem(RETURN_KEY, '/cabinet/tickets');
    const popstate = vi.fn();
    addEventListener('popstate', popstate);
    render(
      <GidProvider config={configWith(fetch)}>
        <Status />
      </GidProvider>,
    );
    await waitFor(() => expect(location.pathname).toBe('/cabinet/tickets'));
    expect(popstate).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    removeEventListener('popstate', popstate);
  });

  // Bug 11: `/\t/evil.example` passed the old pattern, and the URL parser drops the tab: `//evil.example`.
  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
  ])('a returnTo off this site (%s) is ignored', async (returnTo) => {
    expect(localPath(returnTo)).toBeUndefined();
    const { fetch } = stubFetch();
    await arriveWithCode(fetch);
    sessionStorage.setItem(RETURN_KEY, returnTo);
    const onReturn = vi.fn();
    render(
      <GidProvider config={configWith(fetch)} onReturn={onReturn}>
        <Status />
      </GidProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('authenticated'));
    expect(onReturn).not.toHaveBeenCalled();
  });

  it('a local path is followed as the URL parser reads it', () => {
    expect(localPath('/tickets?event=7#seats')).toBe('/tickets?event=7#seats');
    expect(localPath('/a/../b')).toBe('/b');
    expect(localPath('tickets')).toBeUndefined();
    expect(localPath(null)).toBeUndefined();
    expect(localPath('')).toBeUndefined();
  });

  // Bug 8: every page with `?state=` took the stored returnTo for a return.
  it('a page with ?state= that is not the redirect URI (another provider’s callback) never navigates', async () => {
    const { fetch } = stubFetch();
    sessionStorage.setItem(RETURN_KEY, '/cabinet');
    history.replaceState(null, '', '/user/auth/vk?code=vk-1&state=vk-state');
    const onReturn = vi.fn();
    const seen: string[] = [];
    render(
      <GidProvider config={configWith(fetch)} onReturn={onReturn}>
        <Status seen={seen} />
      </GidProvider>,
    );
    // Started: through `loading` to `idle` (where the return would have happened).
    await waitFor(() => expect(seen.slice(-2)).toEqual(['loading', 'idle']));
    expect(onReturn).not.toHaveBeenCalled();
    expect(location.pathname).toBe('/user/auth/vk');
    expect(sessionStorage.getItem(RETURN_KEY)).toBe('/cabinet');
  });

  // Bug 8: a popup sign-in stored its returnTo too, and nothing took it back: the next page with a
  // provider answer went there.
  it('a popup sign-in (without a fallback to redirect) remembers no returnTo', async () => {
    const { fetch } = stubFetch();
    vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <GidProvider config={configWith(fetch)}>
        <Status />
        <GidLoginButton mode="popup" returnTo="/from-button" />
        <PopupLogin />
      </GidProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Войти с Газпром ID' }));
    await userEvent.click(screen.getByRole('button', { name: 'Войти во всплывающем окне' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('error'));
    expect(window.open).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem(RETURN_KEY) ?? '').toBe('');
  });

  it('a popup sign-in that falls back to a redirect (popup blocked) remembers its returnTo', async () => {
    const { fetch } = stubFetch();
    vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <GidProvider config={configWith(fetch, { popupFallbackToRedirect: true })}>
        <Status />
        <PopupLogin />
      </GidProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Войти во всплывающем окне' }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(sessionStorage.getItem(RETURN_KEY)).toBe('/from-hook');
  });

  it('a popup sign-in that may fall back forgets its returnTo once its result comes to this page', async () => {
    const { fetch } = stubFetch();
    // The popup opens, and the person closes it: POPUP_CLOSED reaches this page.
    const popup = { closed: false, location: { href: '', replace: () => {} }, close: () => {}, focus: () => {} };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    render(
      <GidProvider config={configWith(fetch, { popupFallbackToRedirect: true })}>
        <Status />
        <PopupLogin />
      </GidProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Войти во всплывающем окне' }));
    expect(sessionStorage.getItem(RETURN_KEY)).toBe('/from-hook');
    popup.closed = true;
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('error'), { timeout: 4000 });
    expect(sessionStorage.getItem(RETURN_KEY) ?? '').toBe('');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a page without a provider answer never navigates', async () => {
    const { fetch } = stubFetch();
    sessionStorage.setItem(RETURN_KEY, '/cabinet');
    const onReturn = vi.fn();
    const seen: string[] = [];
    render(
      <GidProvider config={configWith(fetch)} onReturn={onReturn}>
        <Status seen={seen} />
      </GidProvider>,
    );
    await waitFor(() => expect(seen.slice(-2)).toEqual(['loading', 'idle']));
    expect(onReturn).not.toHaveBeenCalled();
  });
});
