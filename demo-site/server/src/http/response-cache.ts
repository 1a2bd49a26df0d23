import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
} from 'fastify';
import { COMPRESS_FROM_BYTES, compress, compressedAnswer, encodingFor } from './compression';
import { requestLanguage } from './language';

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgets every cached answer: an organiser's catalogue change is then live at once on this process. */
    catalogueChanged: () => void;
  }
  interface FastifyContextConfig {
    /** Public, read-mostly GET: the serialized answer may be reused for `responseCacheMs`. */
    cache?: boolean;
  }
}

/** Route config for public catalogue reads (events, formats, shop, content). Never for user data. */
export const cacheable = { cache: true } as const;

interface Entry {
  expires: number;
  /** The catalogue language the answer is written in (part of the key). */
  language: string;
  /** The serialized body once the first request produced it; null when it did not answer 200. */
  body: Promise<string | null>;
  /** The same, once settled: hits then answer without waiting for a promise. */
  settled?: string | null;
  /** A request is computing the entry's successor (the entry has expired): others may be answered this one meanwhile. */
  refreshing?: boolean;
  /**
   * The body's UTF-8 bytes, encoded once: a string answer is measured and encoded again on every
   * send (a two-byte string, since the catalogue is Cyrillic), a sixth of a hit's CPU in the profile.
   */
  bytes?: Buffer;
  /** Compressed copies, made once per entry for the clients that accept them. */
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/**
 * The requests computing an entry: the entry's key (catalogue language and URL: catalogue answers are
 * localised) and the function that settles it with their answer. A hit is never one.
 */
const producers = new WeakMap<FastifyRequest, { key: string; entry: Entry; settle: (body: string | null) => void }>();
const MAX_ENTRIES = 1000;
/**
 * How long past its lifetime an answer may still be sent while one request computes its successor
 * (stale-while-revalidate): a recomputation then never holds up the crowd asking the same URL, and
 * nothing shown is more than the lifetime plus this old.
 */
export const STALE_MS = 2000;

/**
 * A micro-cache for public GETs, by language and URL: within `ttlMs` the same URL asked in the same
 * language (Accept-Language, see ./language.ts) is answered from memory, and while
 * the first request is still computing, the others wait for its answer instead of querying too. Embedded
 * PGlite runs queries on the server's own thread, so this is what keeps the catalogue fast under load;
 * stock and prices are at most `ttlMs` old on screen and are always rechecked when buying.
 * Install it before the routes: it hooks the `cacheable` routes as they are added.
 */
export function installResponseCache(app: FastifyInstance, ttlMs: number): void {
  const entries = new Map<string, Entry>();
  app.decorate('catalogueChanged', () => entries.clear());
  if (ttlMs <= 0) return;

  // Callback-style hooks: they run on every request, and a hit is answered without a promise.
  const hit = (request: FastifyRequest, reply: FastifyReply, entry: Entry, body: string, state: 'HIT' | 'STALE' = 'HIT') => {
    reply
      .code(200)
      .header('x-cache', state)
      .header('vary', 'Accept-Encoding, Accept-Language')
      .header('content-language', entry.language)
      .type('application/json; charset=utf-8');
    const encoding = body.length >= COMPRESS_FROM_BYTES ? encodingFor(request.headers['accept-encoding']) : 'identity';
    if (encoding === 'identity') {
      entry.bytes ??= Buffer.from(body);
      return reply.send(entry.bytes);
    }
    entry[encoding] ??= compress(body, encoding, 'fast');
    return entry[encoding].then(
      (compressed) => reply.header('content-encoding', encoding).send(compressed),
      () => reply.send(body),
    );
  };

  const onRequest: onRequestHookHandler = (request, reply, done) => {
    // Also the HEAD route Fastify derives from the GET one: HEAD answers are not kept.
    if (request.method !== 'GET') return done();
    const now = performance.now();
    const language = requestLanguage(request);
    const key = `${language} ${request.url}`;
    const entry = entries.get(key);
    if (entry && entry.expires > now) {
      if (entry.settled === null) return done();
      if (entry.settled !== undefined) return void hit(request, reply, entry, entry.settled);
      // The first request is still computing: wait for its answer.
      return void entry.body.then((body) => (body === null ? done() : hit(request, reply, entry, body)));
    }
    // Expired a moment ago and being recomputed by another request: the last answer meanwhile.
    const stale = entry && typeof entry.settled === 'string' && now < entry.expires + STALE_MS ? entry : undefined;
    if (stale?.refreshing) return void hit(request, reply, stale, stale.settled!, 'STALE');
    if (entries.size >= MAX_ENTRIES) {
      for (const [key, old] of entries) if (old.expires <= now) entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.clear();
    }
    let resolve!: (body: string | null) => void;
    const created: Entry = {
      expires: now + ttlMs,
      language,
      body: new Promise<string | null>((settle) => {
        resolve = settle;
      }),
    };
    if (stale) {
      // This request computes the successor; the stale entry serves the others until it is in.
      stale.refreshing = true;
      producers.set(request, {
        key,
        entry: created,
        settle: (body) => {
          created.settled = body;
          if (entries.get(key) === stale) {
            if (body === null) entries.delete(key);
            else entries.set(key, created);
          }
          resolve(body);
        },
      });
      return done();
    }
    entries.set(key, created);
    producers.set(request, {
      key,
      entry: created,
      settle: (body) => {
        created.settled = body;
        resolve(body);
      },
    });
    done();
  };

  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    const producer = producers.get(request);
    if (!producer) return done(null, payload);
    producers.delete(request);
    if (reply.statusCode === 200 && typeof payload === 'string') {
      producer.settle(payload);
      // The first answer goes out compressed as the hits do, and its compressed copy is the entry's.
      const { entry } = producer;
      const answer = compressedAnswer(request, reply, payload, (encoding, make) => (entry[encoding] ??= make()));
      if (typeof answer === 'string') return done(null, answer);
      return void answer.then((sent) => done(null, sent));
    }
    entries.delete(producer.key);
    producer.settle(null);
    done(null, payload);
  };

  // A request that ends without sending (aborted) must not leave the others waiting.
  const onResponse: onResponseHookHandler = (request, _reply, done) => {
    const producer = producers.get(request);
    if (producer) {
      producers.delete(request);
      entries.delete(producer.key);
      producer.settle(null);
    }
    done();
  };

  // The hooks go on the cacheable routes only (added after this): every other call, a payment among
  // them, runs none of them, and these need not ask each request for its route's config.
  app.addHook('onRoute', (route) => {
    if (!route.config?.cache || ![route.method].flat().includes('GET')) return;
    route.onRequest = [onRequest, ...[route.onRequest ?? []].flat()];
    route.onSend = [...[route.onSend ?? []].flat(), onSend];
    route.onResponse = [...[route.onResponse ?? []].flat(), onResponse];
  });
}
