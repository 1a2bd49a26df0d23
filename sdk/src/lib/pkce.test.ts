import { webcrypto } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { nonceFor, randomString, sha256 } from './pkce';

const UNRESERVED = /^[A-Za-z0-9\-._~]+$/;

describe('randomString', () => {
  it.each([128, 43, 11, 10, 7, 1])('gives %i unreserved characters', (length) => {
    const value = randomString(length);
    expect(value).toHaveLength(length);
    expect(value).toMatch(UNRESERVED);
  });

  it('draws from crypto.getRandomValues, never Math.random', () => {
    const crypto = { getRandomValues: vi.fn((array: Uint8Array) => webcrypto.getRandomValues(array)) } as unknown as Crypto;
    const random = vi.spyOn(Math, 'random');
    randomString(128, undefined, crypto);
    expect(crypto.getRandomValues).toHaveBeenCalled();
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
  });

  it('throws away bytes that would bias the alphabet (≥ 198 for 66 characters)', () => {
    // 200 and 255 are discarded, 0 → "A", 65 → "~", 197 → 197 % 66 = 65 → "~"
    const bytes = [200, 255, 0, 65, 197, 66];
    const crypto = {
      getRandomValues: (array: Uint8Array) => {
        array.set(bytes.slice(0, array.length));
        return array;
      },
    } as unknown as Crypto;
    expect(randomString(3, undefined, crypto)).toBe('A~~');
  });

  it('is different every time', () => {
    const values = new Set(Array.from({ length: 200 }, () => randomString(43)));
    expect(values.size).toBe(200);
  });
});

describe('sha256 (S256 challenge)', () => {
  it('matches RFC 7636 appendix B', async () => {
    expect(await sha256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});

describe('nonceFor', () => {
  it('is 11 URL-safe characters bound to the verifier', async () => {
    const verifier = randomString(128);
    const nonce = await nonceFor(verifier);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(nonce).toBe((await sha256(`nonce:${verifier}`)).slice(0, 11));
    expect(await nonceFor(randomString(128))).not.toBe(nonce);
  });
});
