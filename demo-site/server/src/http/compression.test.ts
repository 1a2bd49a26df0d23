import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESS_FROM_BYTES, compressedList, installAnswerCompression } from './compression';

async function listApp() {
  const app = Fastify();
  installAnswerCompression(app);
  const big = { values: Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Забег героев, этап ${i}` })) };
  app.post('/list', { config: compressedList }, async (request, reply) => {
    const { size } = request.body as { size?: string };
    if (size === 'bad') return reply.code(400).send({ message: 'Некорректный запрос', text: 'Ошибка '.repeat(400) });
    return size === 'small' ? { values: [] } : big;
  });
  app.post('/plain', async () => big);
  return { app, plain: JSON.stringify(big) };
}

const post = (url: string, size: string, encoding?: string) => ({
  method: 'POST' as const,
  url,
  payload: { size },
  headers: encoding ? { 'accept-encoding': encoding } : {},
});

describe('answer compression (routes marked compressed)', () => {
  it('sends a big answer brotli- or gzip-compressed to a client that accepts it, and as it is to one that does not', async () => {
    const { app, plain } = await listApp();
    expect(plain.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    for (const [accept, encoding, unpack] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const answer = await app.inject(post('/list', 'big', accept));
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-type']).toContain('application/json');
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.rawPayload.length).toBeLessThan(Buffer.byteLength(plain) / 4);
      expect(unpack(answer.rawPayload).toString()).toBe(plain);
    }
    const identity = await app.inject(post('/list', 'big'));
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    expect(identity.body).toBe(plain);
  });

  it('leaves small answers, errors and routes not marked as they are', async () => {
    const { app } = await listApp();
    const small = await app.inject(post('/list', 'small', 'br'));
    expect([small.headers['content-encoding'], small.json()]).toEqual([undefined, { values: [] }]);
    const refused = await app.inject(post('/list', 'bad', 'br'));
    expect([refused.statusCode, refused.headers['content-encoding'], refused.json().message]).toEqual([
      400,
      undefined,
      'Некорректный запрос',
    ]);
    const unmarked = await app.inject(post('/plain', 'big', 'br'));
    expect(unmarked.headers['content-encoding']).toBeUndefined();
  });
});
