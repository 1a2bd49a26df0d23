import { webcrypto } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { nonceFor, randomString, sha256 } from './pkce';

const UNRESERVED = /^[A-Za-z0-9\-._~]+$/;

describe('randomString', () => {
  it.each([128, 43, 11, 10, 7, 1])('gives %i unreserved characters', (length) => {
    const value = randomString(length, crypto);
    expect(value).toHaveLength(length);
    expect(value).toMatch(UNRESERVED);
  });

  it('draws from crypto.getRandomValues, never Math.random', () => {
    const crypto = { getRandomValues: vi.fn((array: Uint8Array) => webcrypto.getRandomValues(array)) } as unknown as Crypto;
    const random = vi.spyOn(Math, 'random');
    randomString(128, crypto);
    expect(crypto.getRandomValues).toHaveBeenCalled();
    expect(random).not.toHaveBeenCalled();
    random.mockRestore();
  });

  it('is base64url of whole 3-byte groups: 6 uniform bits a character, no padding', () => {
    const fill = (byte: number) => ({ getRandomValues: (array: Uint8Array) => array.fill(byte) }) as unknown as Crypto;
    expect(randomString(4, fill(0))).toBe('AAAA');
    expect(randomString(5, fill(0xff))).toBe('_____'); // "/" in base64, "_" in base64url
    expect(randomString(4, fill(0xfb))).toBe('-_v7'); // 0xfbfbfb → "+/v7" → "-_v7"
  });

  it('with lettersOnly keeps only A–Z a–z, drawing again until there are enough', () => {
    const sequence = [0xff, 0xff, 0x00]; // all "_", all "_", then all "A"
    const crypto = { getRandomValues: vi.fn((array: Uint8Array) => array.fill(sequence.shift() ?? 0)) } as unknown as Crypto;
    expect(randomString(10, crypto, true)).toBe('AAAAAAAAAA');
    expect(crypto.getRandomValues).toHaveBeenCalledTimes(3);
    expect(randomString(200, crypto, true)).toMatch(/^[A-Za-z]{200}$/);
  });

  it('is different every time', () => {
    const values = new Set(Array.from({ length: 200 }, () => randomString(43, crypto)));
    expect(values.size).toBe(200);
  });
});

describe('sha256 (S256 challenge)', () => {
  it('matches RFC 7636 appendix B', async () => {
    expect(await sha256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', crypto)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});

describe('nonceFor', () => {
  it('is 11 URL-safe characters bound to the verifier', async () => {
    const verifier = randomString(128, crypto);
    const nonce = await nonceFor(verifier);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{11}$/);
    expect(nonce).toBe((await sha256(`nonce:${verifier}`, crypto)).slice(0, 11));
    expect(await nonceFor(randomString(128, crypto))).not.toBe(nonce);
  });
});
