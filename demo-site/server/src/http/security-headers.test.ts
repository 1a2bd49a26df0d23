import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/fixtures';
import { jsonSecurityHeaders, securityHeaders } from './security-headers';

const app = useTestApp();

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
    for (const url of ['/api/auth/providers', '/api/event/id/nothing', '/api/nowhere']) {
      const response = await app.api.request({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toMatch(/frame-ancestors '(self|none)'/);
    }
    // Outside the public catalogue reads: the pages' own set.
    const other = await app.api.request({ method: 'GET', url: '/api/auth/providers' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(other.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it("public catalogue JSON gets the API's short set: nothing allowed, no framing, no sniffing, no cross-origin reads", async () => {
    for (const url of ['/api/event/list', '/api/event/list']) {
      // The first answer is computed, the second comes from the response cache: both alike.
      const response = await app.api.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers).not.toHaveProperty('x-dns-prefetch-control');
      expect(response.headers).not.toHaveProperty('cross-origin-opener-policy');
    }
  });

  it('keeps HSTS on the short set when the pages have it', () => {
    const pages = securityHeaders({ hsts: { maxAge: 31_536_000, includeSubDomains: true } });
    expect(jsonSecurityHeaders(pages)['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(jsonSecurityHeaders(securityHeaders({ hsts: false }))).not.toHaveProperty('strict-transport-security');
  });
});
