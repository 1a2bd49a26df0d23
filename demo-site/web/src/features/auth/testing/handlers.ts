import { HttpResponse, http } from 'msw';

/** The providers the login screen reads, all on a pretend idp. */
export const testProviders = {
  gid: { clientId: 'demo-site', authUrl: 'http://127.0.0.1:4999', authorizeUrl: 'http://127.0.0.1:4999/oauth2/auth' },
  vk: { clientId: 'vk', authUrl: 'http://127.0.0.1:4999', authorizeUrl: 'http://127.0.0.1:4999/oauth2/auth' },
  google: { clientId: 'google', authUrl: 'http://127.0.0.1:4999', authorizeUrl: 'http://127.0.0.1:4999/oauth2/auth' },
};

export const testUser = {
  public_id: 'user-1',
  name: 'Иван',
  last_name: 'Петров',
  email: 'ivan@example.ru',
  phone: '79990000001',
  role: [],
};

/** The calls every sign-in screen makes besides its own: the providers, GID's remote config and analytics, the basket. */
export const authHandlers = [
  http.get('*/api/auth/providers', () => HttpResponse.json(testProviders)),
  http.get('http://127.0.0.1:4999/api/v1/sdk/actions/wp-config', () =>
    HttpResponse.json({ w_auth: false, web_curtain: false, enable_kfp: false }),
  ),
  http.get('http://127.0.0.1:4999/api/v1/analytics/event', () => new HttpResponse(null, { status: 204 })),
  http.get('*/api/user/basket', () => HttpResponse.json({ goods: [] })),
  // The server's state for a social flow (issue 33): a fresh one each time.
  http.post('*/api/user/:network/state', () => HttpResponse.json({ state: `state-${Math.random().toString(36).slice(2)}` })),
];
