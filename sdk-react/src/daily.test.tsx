// The calls integrators use every day, through the hook: `user` (the ID token's claims) and
// `getAccessToken` (cached, else refreshed), over the SDK's own client.
import * as sdk from '@gid/sdk';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GidProvider, useGid } from './index';
import { configWith, stubFetch, TOKEN_PATH, tokens } from './test/helpers';

const b64url = (value: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)))).replace(/=+$/, '');
const idToken = `${b64url({ alg: 'RS256' })}.${b64url({ sub: 'u-1', name: 'Мария Смирнова', phone_number: '+79990000002' })}.sig`;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

/** A stored flow (made by the SDK itself) and the provider's answer to it on the redirect URI. */
async function arriveWithCode(fetch: typeof globalThis.fetch) {
  const starter = sdk.createClient(configWith(fetch));
  const state = new URL(await starter.buildAuthorizeUrl()).searchParams.get('state');
  starter.destroy();
  history.replaceState(null, '', `/callback?code=c-1&state=${state}&scope=openid+profile`);
}

function Person() {
  const { status, user, getAccessToken } = useGid();
  const [token, setToken] = useState('');
  return (
    <div>
      <p role="status">{status}</p>
      <p>{user ? `Здравствуйте, ${String(user.name)}` : 'Гость'}</p>
      <button type="button" onClick={() => getAccessToken().then(setToken, (error) => setToken(`ошибка ${error?.code}`))}>
        Токен
      </button>
      {token && <p>Токен: {token}</p>}
    </div>
  );
}

/** Records the `sub` of every `user` it renders with. */
function UserProbe({ seen }: { seen: string[] }) {
  const { user } = useGid();
  seen.push(user ? String(user.sub) : 'null');
  return null;
}

describe('useGid().user', () => {
  it('is null before a sign-in and the ID token’s claims after it', async () => {
    const { fetch } = stubFetch({ [TOKEN_PATH]: () => Response.json({ ...tokens, id_token: idToken }) });
    await arriveWithCode(fetch);
    const seen: string[] = [];
    render(
      <GidProvider config={configWith(fetch)}>
        <Person />
        <UserProbe seen={seen} />
      </GidProvider>,
    );
    expect(await screen.findByText('Здравствуйте, Мария Смирнова')).toBeVisible();
    expect(seen[0]).toBe('null');
  });
});

describe('useGid().getAccessToken', () => {
  it('hands out the current access token while it is valid, with no request', async () => {
    const { fetch, calls } = stubFetch();
    await arriveWithCode(fetch);
    render(
      <GidProvider config={configWith(fetch)}>
        <Person />
      </GidProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('authenticated'));
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Токен' }));
    expect(await screen.findByText('Токен: at-1')).toBeVisible();
    expect(calls.length).toBe(before);
  });

  it('refreshes a token about to expire, and the new tokens reach the state', async () => {
    let refreshes = 0;
    const { fetch, calls } = stubFetch({
      [TOKEN_PATH]: async () => {
        // The code exchange gives a token with 30 s left; the refresh a fresh one (no refresh token: kept).
        const body = refreshes++ === 0 ? { ...tokens, expires_in: 30 } : { access_token: 'at-2', expires_in: 3600, token_type: 'Bearer' };
        return Response.json(body);
      },
    });
    await arriveWithCode(fetch);
    render(
      <GidProvider config={configWith(fetch)}>
        <Person />
      </GidProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('authenticated'));
    await userEvent.click(screen.getByRole('button', { name: 'Токен' }));
    expect(await screen.findByText('Токен: at-2')).toBeVisible();
    const refresh = calls.filter((call) => call.url.pathname === TOKEN_PATH).at(-1);
    expect(refresh?.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'rt-1' });
    expect(screen.getByRole('status')).toHaveTextContent('authenticated');
  });
});
