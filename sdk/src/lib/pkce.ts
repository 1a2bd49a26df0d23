// RFC 7636 unreserved characters: A–Z a–z 0–9 - . _ ~ (66 of them).
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/**
 * A random string of `length` unreserved characters from `crypto.getRandomValues`, without
 * modulo bias (bytes ≥ 198 = 3 × 66 are thrown away).
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.1
 */
export function randomString(length: number, alphabet = UNRESERVED, crypto: Crypto = globalThis.crypto): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

const base64url = (bytes: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** base64url(SHA-256(value)): the S256 code challenge of a verifier, and the `gsid` of a state. */
export const sha256 = async (value: string, crypto: Crypto = globalThis.crypto): Promise<string> =>
  base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));
