import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cacheable, installResponseCache, STALE_MS } from './response-cache';

async function appWithCounter(ttlMs: number) {
  const app = Fastify();
  installResponseCache(app, ttlMs);
  let calls = 0;
  app.get('/public', { config: cacheable }, async () => {
    calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { calls };
  });
  app.get('/missing', { config: cacheable }, async (_request, reply) => {
    calls += 1;
    return reply.code(404).send({ message: 'Не найдено' });
  });
  app.get('/private', async () => ({ calls: ++calls }));
  app.get('/short', { config: cacheable }, async () => ({ calls: ++calls, name: 'Забег «Героев» — 5 км' }));
  app.get('/big', { config: cacheable }, async () => ({ calls: ++calls, text: 'Забег героев '.repeat(400) }));
  return { app, calls: () => calls };
}

describe('response cache', () => {
  it('answers the same URL from memory and lets concurrent misses share one computation', async () => {
    const { app, calls } = await appWithCounter(10_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject('/public')));
    expect(calls()).toBe(1);
    expect(answers.map((answer) => answer.json())).toEqual(Array(10).fill({ calls: 1 }));
    const again = await app.inject('/public');
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.headers['content-type']).toContain('application/json');
    expect((await app.inject('/public?x=1')).json()).toEqual({ calls: 2 });
  });

  it('sends a hit byte for byte as the first answer, Cyrillic included, with its length; HEAD is not kept', async () => {
    const { app, calls } = await appWithCounter(10_000);
    const first = await app.inject('/short');
    const hit = await app.inject('/short');
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(hit.json()).toEqual({ calls: 1, name: 'Забег «Героев» — 5 км' });
    expect(Number(hit.headers['content-length'])).toBe(Buffer.byteLength(first.body));
    expect(hit.headers['content-type']).toBe('application/json; charset=utf-8');
    const head = await app.inject({ method: 'HEAD', url: '/short' });
    expect([head.statusCode, head.headers['x-cache']]).toEqual([200, undefined]);
    expect(calls()).toBe(2);
  });

  it('never keeps errors or routes not marked cacheable, and expires', async () => {
    const { app, calls } = await appWithCounter(30);
    await app.inject('/missing');
    await app.inject('/missing');
    expect(calls()).toBe(2);
    await app.inject('/private');
    await app.inject('/private');
    expect(calls()).toBe(4);
    await app.inject('/public');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await app.inject('/public')).json()).toEqual({ calls: 6 });
  });

  it('while one request recomputes an expired answer, the others get the last one (stale at most STALE_MS past its lifetime)', async () => {
    const { app, calls } = await appWithCounter(30);
    expect((await app.inject('/public')).json()).toEqual({ calls: 1 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    // Expired: the first computes afresh, the second is not held up behind it.
    const [fresh, meanwhile] = await Promise.all([app.inject('/public'), app.inject('/public')]);
    expect([fresh.json(), fresh.headers['x-cache']]).toEqual([{ calls: 2 }, undefined]);
    expect([meanwhile.json(), meanwhile.headers['x-cache']]).toEqual([{ calls: 1 }, 'STALE']);
    expect(calls()).toBe(2);
    // Then the new answer.
    expect((await app.inject('/public')).json()).toEqual({ calls: 2 });
    // Long past the lifetime and the stale window: nothing old is sent, the request computes.
    await new Promise((resolve) => setTimeout(resolve, 40 + STALE_MS));
    const [late, alsoLate] = await Promise.all([app.inject('/public'), app.inject('/public')]);
    expect([late.json(), alsoLate.json()]).toEqual([{ calls: 3 }, { calls: 3 }]);
  });

  it('sends a big cached answer brotli- or gzip-compressed to clients that accept it, compressed once', async () => {
    const { app, calls } = await appWithCounter(10_000);
    const first = await app.inject('/big');
    const plain = first.body;
    for (const [accept, encoding, unpack] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const answers = await Promise.all([1, 2].map(() => app.inject({ url: '/big', headers: { 'accept-encoding': accept } })));
      for (const answer of answers) {
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers.vary).toBe('Accept-Encoding, Accept-Language');
        expect(answer.rawPayload.length).toBeLessThan(plain.length / 5);
        expect(unpack(answer.rawPayload).toString()).toBe(plain);
      }
    }
    const identity = await app.inject('/big');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
    // Small answers are never compressed.
    await app.inject('/public');
    expect((await app.inject({ url: '/public', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    expect(calls()).toBe(2);
  });

  it('sends the first answer of a big entry compressed too, and its hits the same bytes', async () => {
    const { app, calls } = await appWithCounter(10_000);
    const ask = () => app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    const [first, waiting] = await Promise.all([ask(), ask()]);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.headers['content-encoding']).toBe('br');
    expect(String(first.headers.vary)).toMatch(/Accept-Encoding/);
    const plain = JSON.stringify({ calls: 1, text: 'Забег героев '.repeat(400) });
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain);
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    const hit = await app.inject({ url: '/big', headers: { 'accept-encoding': 'br' } });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(waiting.rawPayload.equals(first.rawPayload)).toBe(true);
    // A client without compression still gets the answer as it is, and nothing was computed again.
    expect((await app.inject('/big')).body).toBe(plain);
    expect(calls()).toBe(1);
  });

  it('is off with a zero lifetime', async () => {
    const { app, calls } = await appWithCounter(0);
    await app.inject('/public');
    await app.inject('/public');
    expect(calls()).toBe(2);
  });
});
