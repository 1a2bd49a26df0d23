// RFC 7636 unreserved characters: A–Z a–z 0–9 - . _ ~ (66 of them).
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
/** A–Z a–z: the session id's alphabet. */
export const LETTERS = UNRESERVED.slice(0, 52);

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

/**
 * The 11-character OpenID `nonce` of a flow, bound to its random code verifier:
 * base64url(SHA-256("nonce:" + verifier)), first 11 characters. The site's backend receives the
 * verifier in the token call and recomputes this to check the ID token's `nonce` claim, so the
 * spec's request bodies need no extra field and nothing else has to be stored.
 */
export const nonceFor = async (codeVerifier: string, crypto: Crypto = globalThis.crypto): Promise<string> =>
  (await sha256(`nonce:${codeVerifier}`, crypto)).slice(0, 11);
