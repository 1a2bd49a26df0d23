// Test helpers: a config over happy-dom's window with the SDK's network calls answered by a stub
// `fetch` (the SDK's own seam), and a component that shows what `useGid()` returns.
import type { GidTokens } from '@gid/sdk';
import { useGid } from '../index';
import type { GidProviderConfig } from '../provider';

export const AUTH = 'https://id.example';
export const TOKEN_PATH = '/api/v0.3/backend/oauth/token';
export const LOGOUT_PATH = '/api/v0.3/backend/oauth/logout';

export const tokens: GidTokens = {
  access_token: 'at-1',
  id_token: 'a.b.c',
  refresh_token: 'rt-1',
  expires_in: 3600,
  scope: 'openid profile',
  token_type: 'Bearer',
  additional_data: { name: 'Иван Петров' },
};

export interface Call {
  url: URL;
  body: Record<string, unknown> | undefined;
}

type Answer = () => Response | Promise<Response>;

/**
 * A `fetch` for the SDK: the remote config (`w_auth: false`, so no widget), the token and logout
 * calls of the site's backend. Answers can be swapped per path; every call is recorded.
 */
export function stubFetch(answers: Record<string, Answer> = {}) {
  const calls: Call[] = [];
  const routes: Record<string, Answer> = {
    '/api/v1/sdk/actions/wp-config': () => Response.json({ w_auth: false }),
    [TOKEN_PATH]: () => Response.json(tokens),
    [LOGOUT_PATH]: () => new Response(null, { status: 204 }),
    ...answers,
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    calls.push({ url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const answer = routes[url.pathname];
    return answer ? answer() : new Response('not found', { status: 404 });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, routes };
}

export const configWith = (fetch: typeof globalThis.fetch, overrides: Partial<GidProviderConfig> = {}): GidProviderConfig => ({
  clientId: 'example-react',
  authUrl: AUTH,
  redirectUri: `${location.origin}/callback`,
  backendUrl: location.origin,
  postLogoutUri: `${location.origin}/`,
  fetch,
  ...overrides,
});

/** A promise resolved from outside: holds an answer back to observe `loading`. */
export function hold<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

/** Shows the hook's state as text and records every status it went through. */
export function Status({ seen = [] }: { seen?: string[] }) {
  const { status, tokens, error, login, refresh, logout } = useGid();
  if (seen.at(-1) !== status) seen.push(status);
  const name = (tokens?.additional_data as { name?: string } | undefined)?.name;
  return (
    <div>
      <p role="status">{status}</p>
      {name && <p>Вы вошли как {name}</p>}
      {error && <p role="alert">{`${error.code ?? '—'}: ${error.error} / ${error.error_description}`}</p>}
      <button type="button" onClick={() => login()}>
        Войти
      </button>
      <button type="button" onClick={refresh}>
        Обновить токен
      </button>
      <button type="button" onClick={logout}>
        Выйти
      </button>
    </div>
  );
}
