import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { addVary } from './language';

export type Encoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer with, from Accept-Encoding (brotli first). */
export const encodingFor = (accept: string | string[] | undefined): Encoding => {
  const value = String(accept ?? '');
  return /\bbr\b/.test(value) ? 'br' : /\bgzip\b/.test(value) ? 'gzip' : 'identity';
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses off the main thread (zlib runs on libuv's pool). `level` high: build files, done once;
 * low: API answers, done once per cache entry.
 */
export function compress(body: Buffer | string, encoding: Exclude<Encoding, 'identity'>, level: 'high' | 'fast'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: level === 'high' ? 11 : 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipAsync(body, { level: level === 'high' ? 9 : 6 });
}

/** Answers below this size go out as they are: compressing them saves nothing worth the work. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * A JSON answer as it goes out to this client: compressed (brotli, else gzip) when it is at least
 * `COMPRESS_FROM_BYTES` and the client accepts it, with `Content-Encoding` set; as it is otherwise.
 * Either way the answer says it depends on `Accept-Encoding`. `made` reuses a compressed copy (a cache
 * entry's). A failed compression sends the answer as it is.
 */
export function compressedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  made?: (encoding: Exclude<Encoding, 'identity'>, make: () => Promise<Buffer>) => Promise<Buffer>,
): string | Promise<Buffer | string> {
  if (body.length < COMPRESS_FROM_BYTES) return body;
  addVary(reply, 'Accept-Encoding');
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding === 'identity' || request.method === 'HEAD') return body;
  const make = () => compress(body, encoding, 'fast');
  return (made ? made(encoding, make) : make()).then(
    (compressed) => {
      reply.header('content-encoding', encoding);
      return compressed;
    },
    () => body,
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's JSON answers go out compressed for the clients that accept it (`compressedAnswer`). */
    compressed?: boolean;
  }
}

/** Route config for public lists asked for by POST (see `installAnswerCompression`). */
export const compressedList = { compressed: true } as const;

/**
 * Compresses the answers of the routes marked `compressed` (public lists asked for by POST, which the
 * response cache does not keep: on a phone a 30 KB list is two round trips of TCP's first window, 5 KB
 * one). Install before the routes; the others run no hook for it.
 */
export function installAnswerCompression(app: FastifyInstance): void {
  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    if (typeof payload !== 'string' || reply.statusCode !== 200) return done(null, payload);
    const answer = compressedAnswer(request, reply, payload);
    if (typeof answer === 'string') return done(null, answer);
    void answer.then((sent) => done(null, sent));
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.compressed) route.onSend = [...[route.onSend ?? []].flat(), onSend];
  });
}
