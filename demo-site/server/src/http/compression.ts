import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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
