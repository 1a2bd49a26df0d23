import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWebApp } from './web-app';

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'web-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Лига Героев</title>');
  await writeFile(join(dist, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(2000))});`);
  // The build's own compressed copies (demo-site/web/build/precompress.ts): one fresh, one older than its file.
  await writeFile(join(dist, 'assets', 'built-abc123.js'), 'console.log("исходник")');
  await writeFile(join(dist, 'assets', 'built-abc123.js.br'), brotliCompressSync('console.log("копия сборки")'));
  await writeFile(join(dist, 'assets', 'built-abc123.js.gz'), gzipSync('console.log("копия сборки")'));
  await writeFile(join(dist, 'assets', 'stale-abc123.js'), 'console.log("новый")');
  await writeFile(join(dist, 'assets', 'stale-abc123.js.br'), brotliCompressSync('console.log("старый")'));
  await utimes(join(dist, 'assets', 'stale-abc123.js.br'), new Date('2020-01-01'), new Date('2020-01-01'));
  await writeFile(join(tmpdir(), 'secret.txt'), 'secret');
  app = Fastify();
  expect(await installWebApp(app, dist)).toBe(true);
  app.get('/api/known', async () => ({ ok: true }));
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web app next to the API', () => {
  it.each(['/', '/calendar', '/calendar/abc/PROMO', '/no/such/page'])('%s gets index.html, never cached', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('Лига Героев');
  });

  it.each(['/token/abcdefghijklmnopqrstu', '/loginlink?token=abcdefghijklmnopqrstu', '/verify/resetpassword/abc', '/verify/email/abc'])(
    '%s (a token or code in the address) is index.html kept in no cache',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.body).toContain('Лига Героев');
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it("sends the build's compressed copy of a file as it is, unless the copy is older than the file", async () => {
    const br = await app.inject({ url: '/assets/built-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect([br.headers['content-encoding'], brotliDecompressSync(br.rawPayload).toString()]).toEqual(['br', 'console.log("копия сборки")']);
    const gz = await app.inject({ url: '/assets/built-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect([gz.headers['content-encoding'], gunzipSync(gz.rawPayload).toString()]).toEqual(['gzip', 'console.log("копия сборки")']);
    const stale = await app.inject({ url: '/assets/stale-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(stale.rawPayload).toString()).toBe('console.log("новый")');
    expect((await app.inject({ url: '/assets/built-abc123.js' })).body).toBe('console.log("исходник")');
  });

  it('lets the sign-in popup keep its opener on the GID callback pages only', async () => {
    for (const url of ['/auth/gid?code=x&state=y', '/test']) {
      expect((await app.inject({ url })).headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
    }
    expect((await app.inject({ url: '/login' })).headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('serves build assets compressed as the browser accepts, cached for good', async () => {
    const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log');
    const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log');
    const plain = await app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it.each(['/api/nope', '/api'])('%s stays a JSON 404', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Не найдено' });
  });

  it.each(['/../secret.txt', '/%2e%2e/secret.txt', '/assets/%2e%2e/%2e%2e/secret.txt', '/%E0%A4%A'])(
    'never leaves the build folder: %s',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.body).not.toContain('secret');
    },
  );

  it('API routes win over the catch-all', async () => {
    expect((await app.inject({ url: '/api/known' })).json()).toEqual({ ok: true });
  });

  it('without a build there is nothing to install', async () => {
    expect(await installWebApp(Fastify(), join(dist, 'missing'))).toBe(false);
  });
});
