import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, openTemplateDatabase, type TestApp } from '../../testing/fixtures';

let database: DatabaseHandle;
let api: TestApp;

beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(database, {
    identity: {
      gid: { issuer: 'http://127.0.0.1:4555/', clientId: 'demo-site', clientSecret: 'gid-secret' },
      vk: {
        issuer: 'https://oauth.vk.com',
        clientId: 'vk-app',
        clientSecret: 'vk-secret',
        endpoints: { token: 'https://oauth.vk.com/access_token', authorization: 'https://oauth.vk.com/authorize' },
      },
      google: { issuer: 'https://accounts.google.com', clientId: 'google-app' },
    },
  });
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

describe('GET /api/auth/providers', () => {
  it('gives each provider its client id, issuer and authorize endpoint', async () => {
    const response = await api.request({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      gid: { clientId: 'demo-site', authUrl: 'http://127.0.0.1:4555', authorizeUrl: 'http://127.0.0.1:4555/oauth2/auth' },
      vk: { clientId: 'vk-app', authUrl: 'https://oauth.vk.com', authorizeUrl: 'https://oauth.vk.com/authorize' },
      google: { clientId: 'google-app', authUrl: 'https://accounts.google.com', authorizeUrl: 'https://accounts.google.com/oauth2/auth' },
    });
  });

  it('never gives out a client secret', async () => {
    const response = await api.request({ method: 'GET', url: '/api/auth/providers' });
    expect(response.body).not.toContain('secret');
  });

  it('refuses a query string like every route', async () => {
    const response = await api.request({ method: 'GET', url: '/api/auth/providers?x=1' });
    expect(response.statusCode).toBe(400);
  });
});

describe('the content security policy', () => {
  it("lets the page's SDK reach and frame GID's origin and nothing else cross-origin", async () => {
    const response = await api.request({ method: 'GET', url: '/api/auth/providers' });
    expect(response.headers['content-security-policy']).toMatch(/(^|;)connect-src 'self' http:\/\/127\.0\.0\.1:4555(;|$)/);
    expect(response.headers['content-security-policy']).toMatch(/(^|;)frame-src 'self' http:\/\/127\.0\.0\.1:4555(;|$)/);
  });

  it('lets the login screen keep a popup it opens (GID sign-in), still isolated from other openers', async () => {
    const response = await api.request({ method: 'GET', url: '/api/auth/providers' });
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
