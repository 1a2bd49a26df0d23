import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestApp, openTemplateDatabase, type TestApp } from '../testing/fixtures';
import { securityHeaders } from './security-headers';

let database: DatabaseHandle;
let api: TestApp;
beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(database);
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

describe('security headers', () => {
  it("are helmet's, worked out once: no HSTS, no upgrade of http subresources on the plain-http demo", () => {
    const headers = securityHeaders({ hsts: false, contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } });
    expect(headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).not.toHaveProperty('strict-transport-security');
  });

  it('come with every answer: data, errors, unknown paths', async () => {
    for (const url of ['/api/event/list', '/api/event/id/nothing', '/api/nowhere']) {
      const response = await api.request({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
    }
  });
});
