// The React bugs of issue 32, one case each: every one failed before its fix.
import * as sdk from '@gid/sdk';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GidProvider } from './index';
import { configWith, hold, Status, stubFetch, TOKEN_PATH, tokens } from './test/helpers';

const KEY = 'gid:example-react:tokens';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
  localStorage.clear();
  history.replaceState(null, '', '/');
});

describe('GidProvider', () => {
  it('honours storage given in config, and is signed in from it without waiting for the remote config', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ tokens, expiresAt: Date.now() + 3_600_000 }));
    const remote = hold<Response>();
    const { fetch } = stubFetch({ '/api/v1/sdk/actions/wp-config': () => remote.promise });
    render(
      <GidProvider config={configWith(fetch, { storage: 'session' })}>
        <Status />
      </GidProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('authenticated'));
    expect(screen.getByText('Вы вошли как Иван Петров')).toBeInTheDocument();
    remote.release(Response.json({ w_auth: false }));
  });

  it('a failed background refresh leaves the person signed in while the tokens are valid (no error)', async () => {
    sessionStorage.setItem(KEY, JSON.stringify({ tokens: { ...tokens, expires_in: 2 }, expiresAt: Date.now() + 2_000 }));
    const { fetch, calls } = stubFetch({ [TOKEN_PATH]: () => Response.json({ error: 'temporarily_unavailable' }, { status: 503 }) });
    render(
      <GidProvider config={configWith(fetch, { storage: 'session', autoRefresh: true })}>
        <Status />
      </GidProvider>,
    );
    await waitFor(() => expect(calls.some((call) => call.url.pathname === TOKEN_PATH)).toBe(true), { timeout: 3000 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('status')).toHaveTextContent('authenticated');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a sign-in from the SDK’s widget comes back to the page it started on (its appState.returnTo)', async () => {
    const { fetch } = stubFetch();
    const starter = sdk.createClient(configWith(fetch));
    const state = new URL(
      await starter.buildAuthorizeUrl({ source: 'widget', appState: { returnTo: '/events/5?seat=2' } }),
    ).searchParams.get('state');
    starter.destroy();
    history.replaceState(null, '', `/callback?code=c-1&state=${state}&scope=openid`);
    const onReturn = vi.fn();
    render(
      <GidProvider config={configWith(fetch)} onReturn={onReturn}>
        <Status />
      </GidProvider>,
    );
    await waitFor(() => expect(onReturn).toHaveBeenCalledWith('/events/5?seat=2'));
  });
});
