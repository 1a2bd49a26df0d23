// Test helpers: a fresh happy-dom window per test, a config over it, and an msw server for the
// site's backend. Node's own fetch is injected through the config, so msw sees every request.
import { Window } from 'happy-dom';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { GidCallbackResult, GidConfig } from '../lib/types';

export const SITE = 'https://site.example';
export const AUTH = 'https://id.example';
export const TOKEN_URL = `${SITE}/api/v0.3/backend/oauth/token`;
export const LOGOUT_URL = `${SITE}/api/v0.3/backend/oauth/logout`;

export type TestWindow = globalThis.Window & typeof globalThis;

/** A fresh window at `url`, with `location.assign` recorded instead of navigating. */
export function makeWindow(url = `${SITE}/`): { win: TestWindow; assign: ReturnType<typeof vi.fn> } {
  const win = new Window({ url, width: 1280, height: 800 }) as unknown as TestWindow;
  const assign = vi.fn();
  vi.spyOn(win.location, 'assign').mockImplementation(assign);
  return { win, assign };
}

export interface Setup {
  win: TestWindow;
  assign: ReturnType<typeof vi.fn>;
  results: GidCallbackResult[];
  config: GidConfig;
}

/** A valid config bound to a fresh window; `overrides` replace fields. */
export function setup(url = `${SITE}/`, overrides: Partial<GidConfig> = {}): Setup {
  const { win, assign } = makeWindow(url);
  const results: GidCallbackResult[] = [];
  const config: GidConfig = {
    clientId: 'demo-site',
    authUrl: AUTH,
    redirectUri: `${SITE}/auth/gid`,
    backendUrl: SITE,
    callback: (result) => results.push(result),
    window: win as unknown as globalThis.Window,
    fetch: (input, init) => fetch(input, init),
    ...overrides,
  };
  return { win, assign, results, config };
}

export const tokens = {
  access_token: 'at-1',
  id_token: 'a.b.c',
  refresh_token: 'rt-1',
  expires_in: 3600,
  scope: 'openid phone',
  token_type: 'Bearer',
  additional_data: { phone: '+79990000000' },
};

/** Bodies the token endpoint received, in order. */
export const received: { body: unknown; headers: Headers; request: Request }[] = [];

export const server = setupServer(
  http.post(TOKEN_URL, async ({ request }) => {
    received.push({ body: await request.clone().json(), headers: request.headers, request });
    return HttpResponse.json(tokens);
  }),
  http.get(`${AUTH}/api/v1/sdk/actions/wp-config`, () => HttpResponse.json({ w_auth: false })),
);

/** Starts msw for the file; every unhandled request fails the test. */
export function useServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    received.length = 0;
  });
  afterAll(() => server.close());
}

/** The authorize URL's query as an object. */
export const query = (url: string): Record<string, string> => Object.fromEntries(new URL(url).searchParams);
