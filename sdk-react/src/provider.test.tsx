import * as sdk from '@gid/sdk';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { GidLoginButton, GidProvider, useGid } from './index';
import { AUTH, configWith, hold, LOGOUT_PATH, Status, stubFetch, TOKEN_PATH, tokens } from './test/helpers';

// The real SDK, with `init` watched to count clients.
vi.mock('@gid/sdk', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@gid/sdk')>();
  return { ...actual, init: vi.fn(actual.init) };
});

const LABEL = 'Войти с Газпром ID';
const sdkButtons = () => document.querySelectorAll('button.gid-btn');
const styles = () => document.getElementById('gid-sdk-styles');

/** Puts a stored flow (made by the SDK itself) behind a callback URL on the redirect URI. */
async function arriveWithCode(fetch: typeof globalThis.fetch, code = 'c-1') {
  const starter = sdk.createClient(configWith(fetch));
  const state = new URL(await starter.buildAuthorizeUrl()).searchParams.get('state');
  starter.destroy();
  history.replaceState(null, '', `/callback?code=${code}&state=${state}&scope=openid+profile`);
}

const Lonely = () => <p>{useGid().status}</p>;

/** A site's own button that signs in by popup through the hook. */
function PopupLogin() {
  const { login } = useGid();
  return (
    <button type="button" onClick={() => login({ mode: 'popup' })}>
      Войти во всплывающем окне
    </button>
  );
}

let assign: Mock<(url: string | URL) => void>;
/** Where the SDK sent the browser (`location.assign`), first call. */
const assigned = () => new URL(String(assign.mock.calls[0]?.[0]));

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.mocked(sdk.init).mockClear();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('useGid', () => {
  it('starts at loading (never idle first) and goes idle once the SDK has started; its button is there from the start', async () => {
    const remote = hold<Response>();
    const { fetch } = stubFetch({ '/api/v1/sdk/actions/wp-config': () => remote.promise });
    const seen: string[] = [];
    render(
      <GidProvider config={configWith(fetch)}>
        <Status seen={seen} />
        <GidLoginButton />
      </GidProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('loading'));
    // Drawn as soon as init has made the client: the remote config is still on its way.
    expect(screen.getByRole('button', { name: LABEL })).toBeVisible();
    remote.release(Response.json({ w_auth: false }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('idle'));
    expect(sdkButtons()).toHaveLength(1);
    expect(seen).toEqual(['loading', 'idle']);
  });

  it('a callback on the redirect URI: loading → authenticated, with the tokens from callback', async () => {
    const answer = hold<Response>();
    const { fetch, calls } = stubFetch({ [TOKEN_PATH]: () => answer.promise });
    await arriveWithCode(fetch, 'c-42');
    const seen: string[] = [];
    render(
      <GidProvider config={configWith(fetch)}>
        <Status seen={seen} />
      </GidProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('loading'));
    answer.release(Response.json(tokens));
    expect(await screen.findByText('Вы вошли как Иван Петров')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('authenticated');
    expect(seen).toEqual(['loading', 'authenticated']);
    const exchange = calls.filter((call) => call.url.pathname === TOKEN_PATH);
    expect(exchange).toHaveLength(1);
    expect(exchange[0]?.body).toMatchObject({ grant_type: 'authorization_code', code: 'c-42', client_id: 'example-react' });
    expect(location.search).toBe('');
  });

  it('a refused code: loading → error with the code, the backend’s error and description', async () => {
    const answer = hold<Response>();
    const { fetch } = stubFetch({ [TOKEN_PATH]: () => answer.promise });
    await arriveWithCode(fetch);
    const seen: string[] = [];
    render(
      <GidProvider config={configWith(fetch)}>
        <Status seen={seen} />
      </GidProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('loading'));
    answer.release(Response.json({ error: 'invalid_grant', error_description: 'Код устарел' }, { status: 400 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('TOKEN_RESPONSE_ERROR: invalid_grant / Код устарел');
    expect(screen.getByRole('status')).toHaveTextContent('error');
    expect(seen).toEqual(['loading', 'error']);
  });

  it('a state that is not ours: error with the spec’s message', async () => {
    const { fetch, calls } = stubFetch();
    history.replaceState(null, '', '/callback?code=c&state=forged&scope=openid');
    render(
      <GidProvider config={configWith(fetch)}>
        <Status />
      </GidProvider>,
    );
    // No flow of ours for that state: the SDK first asks whether an opener wants it (≈1.5 s).
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Ошибка авторизации / Произошла непредвиденная ошибка. Обратитесь в службу поддержки',
    );
    expect(calls.some((call) => call.url.pathname === TOKEN_PATH)).toBe(false);
  });

  it('a bad config: error with CONFIG_ERROR, and no button', async () => {
    const { fetch } = stubFetch();
    render(
      <GidProvider config={configWith(fetch, { clientId: '' })}>
        <Status />
        <GidLoginButton />
      </GidProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/^CONFIG_ERROR: Неверно задано «clientId»/);
    expect(screen.getByRole('status')).toHaveTextContent('error');
    expect(sdkButtons()).toHaveLength(0);
  });

  it('login after a failed start reports the start’s error instead of waiting forever', async () => {
    const { fetch } = stubFetch();
    render(
      <GidProvider config={configWith(fetch, { authUrl: 'not a url' })}>
        <Status />
      </GidProvider>,
    );
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('error'));
    expect(screen.getByRole('alert')).toHaveTextContent(/^CONFIG_ERROR: Неверно задано «authUrl»/);
    expect(assign).not.toHaveBeenCalled();
  });

  it('refresh: the current refresh token goes to the backend, the new tokens come back', async () => {
    const { fetch, calls, routes } = stubFetch();
    await arriveWithCode(fetch);
    render(
      <GidProvider config={configWith(fetch)}>
        <Status />
      </GidProvider>,
    );
    await screen.findByText('Вы вошли как Иван Петров');
    routes[TOKEN_PATH] = () => Response.json({ ...tokens, access_token: 'at-2', additional_data: { name: 'Иван Петрович' } });
    await userEvent.click(screen.getByRole('button', { name: 'Обновить токен' }));
    expect(await screen.findByText('Вы вошли как Иван Петрович')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('authenticated');
    expect(calls.at(-1)?.body).toEqual({ grant_type: 'refresh_token', client_id: 'example-react', refresh_token: 'rt-1' });
  });

  it('a failed refresh: error with its code, the last tokens kept', async () => {
    const { fetch, routes } = stubFetch();
    await arriveWithCode(fetch);
    render(
      <GidProvider config={configWith(fetch)}>
        <Status />
      </GidProvider>,
    );
    await screen.findByText('Вы вошли как Иван Петров');
    routes[TOKEN_PATH] = () => Response.json({ error: 'invalid_grant', error_description: 'Токен отозван' }, { status: 400 });
    await userEvent.click(screen.getByRole('button', { name: 'Обновить токен' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('TOKEN_RESPONSE_ERROR: invalid_grant / Токен отозван');
    expect(screen.getByRole('status')).toHaveTextContent('error');
    expect(screen.getByText('Вы вошли как Иван Петров')).toBeVisible();
  });

  it('logout: the backend revokes the token, the provider’s logout page follows, the state is idle', async () => {
    const { fetch, calls } = stubFetch();
    await arriveWithCode(fetch);
    render(
      <GidProvider config={configWith(fetch)}>
        <Status />
      </GidProvider>,
    );
    await screen.findByText('Вы вошли как Иван Петров');
    await userEvent.click(screen.getByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('idle'));
    expect(calls.find((call) => call.url.pathname === LOGOUT_PATH)?.body).toEqual({ client_id: 'example-react', token: 'at-1' });
    const target = assigned();
    expect(`${target.origin}${target.pathname}`).toBe(`${AUTH}/oauth2/sessions/logout`);
    expect(target.searchParams.get('id_token_hint')).toBe('a.b.c');
    expect(screen.queryByText(/Вы вошли/)).toBeNull();
  });

  it('login before the SDK is ready goes at once, through the client init handed out', async () => {
    const remote = hold<Response>();
    const { fetch } = stubFetch({ '/api/v1/sdk/actions/wp-config': () => remote.promise });
    render(
      <GidProvider config={configWith(fetch)}>
        <Status />
      </GidProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('loading'));
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assigned().pathname).toBe('/oauth2/auth');
    remote.release(Response.json({ w_auth: false }));
  });

  // Bug 13: the popup used to open after an `await` of init (Safari blocks that).
  it('useGid().login in popup mode before the SDK is ready opens the popup inside the click', async () => {
    const remote = hold<Response>();
    const { fetch } = stubFetch({ '/api/v1/sdk/actions/wp-config': () => remote.promise });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <GidProvider config={configWith(fetch)}>
        <PopupLogin />
        <Status />
      </GidProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('loading'));
    act(() => screen.getByRole('button', { name: 'Войти во всплывающем окне' }).click());
    expect(open).toHaveBeenCalledTimes(1); // synchronously, in the click
    remote.release(Response.json({ w_auth: false }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка при попытке открытия popup-окна');
  });

  it('throws outside a provider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Lonely />)).toThrow('useGid must be used inside <GidProvider>');
    expect(() => render(<GidLoginButton />)).toThrow('GidLoginButton must be used inside <GidProvider>');
    quiet.mockRestore();
  });
});

describe('GidLoginButton', () => {
  it('is the SDK’s own button, in the shape and colour asked for, and signs in through the one client', async () => {
    const { fetch } = stubFetch();
    render(
      <GidProvider config={configWith(fetch)}>
        <GidLoginButton type="compact" color="dark" className="login" />
      </GidProvider>,
    );
    const button = await screen.findByRole('button', { name: LABEL });
    expect(button.className).toBe('gid-btn gid-btn--compact gid-btn--dark');
    expect(button.parentElement?.className).toBe('login');
    expect(button.style.height === '' && styles()).toBeTruthy();
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assigned().searchParams.get('client_id')).toBe('example-react');
    expect(sdk.init).toHaveBeenCalledTimes(1);
  });

  it('speaks the language asked for, else the document’s', async () => {
    const { fetch } = stubFetch();
    document.documentElement.lang = 'en';
    try {
      render(
        <GidProvider config={configWith(fetch)}>
          <GidLoginButton lang="ru" />
          <GidLoginButton type="compact" />
        </GidProvider>,
      );
      expect(await screen.findByRole('button', { name: LABEL })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Sign in with Gazprom ID' })).toHaveTextContent('Gazprom ID');
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('a button mounted once the client exists is drawn as it mounts', async () => {
    const { fetch } = stubFetch();
    const tree = (show: boolean) => (
      <GidProvider config={configWith(fetch)}>
        {show && <GidLoginButton type="icon" />}
        <Status />
      </GidProvider>
    );
    const { rerender } = render(tree(false));
    await waitFor(() => expect(sdk.init).toHaveBeenCalledTimes(1));
    rerender(tree(true));
    expect(sdkButtons()).toHaveLength(1);
    expect(sdkButtons()[0]?.className).toContain('gid-btn--icon');
    rerender(tree(false));
    expect(sdkButtons()).toHaveLength(0);
  });

  it('signs in before the SDK has finished starting: a popup opens inside the click', async () => {
    const remote = hold<Response>();
    const { fetch } = stubFetch({ '/api/v1/sdk/actions/wp-config': () => remote.promise });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <GidProvider config={configWith(fetch)}>
        <GidLoginButton mode="popup" />
        <Status />
      </GidProvider>,
    );
    const button = await screen.findByRole('button', { name: LABEL });
    act(() => button.click());
    expect(open).toHaveBeenCalledTimes(1); // synchronously, in the click
    expect(open.mock.calls[0]?.[2]).toMatch(/^popup=1,width=400,height=600,/);
    remote.release(Response.json({ w_auth: false }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка при попытке открытия popup-окна');
  });

  it('re-renders one button when its props change', async () => {
    const { fetch } = stubFetch();
    const tree = (color: 'primary' | 'secondary') => (
      <GidProvider config={configWith(fetch)}>
        <GidLoginButton color={color} />
      </GidProvider>
    );
    const { rerender } = render(tree('primary'));
    await screen.findByRole('button', { name: LABEL });
    rerender(tree('secondary'));
    expect(sdkButtons()).toHaveLength(1);
    expect(sdkButtons()[0]?.className).toContain('gid-btn--secondary');
  });
});

describe('lifecycle', () => {
  it('StrictMode’s double mount leaves one client, one button, one set of listeners', async () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { fetch, calls } = stubFetch();
    const { unmount } = render(
      <StrictMode>
        <GidProvider config={configWith(fetch)}>
          <GidLoginButton />
          <Status />
        </GidProvider>
      </StrictMode>,
    );
    await screen.findByRole('button', { name: LABEL });
    // Signed out at once (nothing to wait for); started: the remote config is asked for once the buttons' frame is on the screen.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('idle'));
    await waitFor(() => expect(calls.filter((call) => call.url.pathname.endsWith('/wp-config'))).toHaveLength(1));
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdkButtons()).toHaveLength(1);
    const pageshow = (spy: typeof added) => spy.mock.calls.filter(([type]) => type === 'pageshow').length;
    expect(pageshow(added)).toBe(1);
    unmount();
    expect(pageshow(removed)).toBe(1);
    expect(sdkButtons()).toHaveLength(0);
    expect(styles()).toBeNull();
  });

  it('StrictMode on the redirect URI exchanges the code once', async () => {
    const { fetch, calls } = stubFetch();
    await arriveWithCode(fetch);
    render(
      <StrictMode>
        <GidProvider config={configWith(fetch)}>
          <Status />
        </GidProvider>
      </StrictMode>,
    );
    await screen.findByText('Вы вошли как Иван Петров');
    expect(calls.filter((call) => call.url.pathname === TOKEN_PATH)).toHaveLength(1);
  });

  it('unmount destroys the client: buttons, styles and listeners go', async () => {
    const { fetch } = stubFetch();
    const { unmount } = render(
      <GidProvider config={configWith(fetch)}>
        <GidLoginButton />
      </GidProvider>,
    );
    await screen.findByRole('button', { name: LABEL });
    const client = await vi.mocked(sdk.init).mock.results[0]?.value;
    const destroy = vi.spyOn(client, 'destroy');
    unmount();
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(sdkButtons()).toHaveLength(0);
    expect(styles()).toBeNull();
  });

  it('unmount while the SDK is still starting destroys the client as soon as it arrives', async () => {
    const remote = hold<Response>();
    const { fetch } = stubFetch({ '/api/v1/sdk/actions/wp-config': () => remote.promise });
    const { unmount } = render(
      <GidProvider config={configWith(fetch)}>
        <GidLoginButton />
      </GidProvider>,
    );
    await waitFor(() => expect(sdk.init).toHaveBeenCalledTimes(1));
    unmount();
    remote.release(Response.json({ w_auth: false }));
    const client = await vi.mocked(sdk.init).mock.results[0]?.value;
    expect(client).toBeDefined();
    expect(styles()).toBeNull();
    expect(sdkButtons()).toHaveLength(0);
  });
});
