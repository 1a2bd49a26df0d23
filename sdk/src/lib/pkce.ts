/** base64url without padding (RFC 4648 §5): A–Z a–z 0–9 - _, every one an RFC 7636 unreserved character. */
const base64url = (bytes: ArrayBuffer | Uint8Array): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * `length` random base64url characters from `crypto.getRandomValues` (a PKCE verifier, a state);
 * with `lettersOnly`, only A–Z a–z (the session id). Unbiased: the bytes come in whole 3-byte groups,
 * so every character is 6 uniform bits, and dropping the non-letters leaves the letters uniform.
 * `crypto` is the window's (always there in a browser; no default: each default cost bytes in every bundle).
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.1
 */
export function randomString(length: number, crypto: Crypto, lettersOnly?: boolean): string {
  let out = '';
  while (out.length < length) {
    // With `lettersOnly`, whatever is no letter is dropped.
    out += base64url(crypto.getRandomValues(new Uint8Array(length * 3))).replace(/[^a-z]/gi, (c) => (lettersOnly ? '' : c));
  }
  return out.slice(0, length);
}

/** base64url(SHA-256(value)): the S256 code challenge of a verifier, and the `gsid` of a state. */
export const sha256 = async (value: string, crypto: Crypto): Promise<string> =>
  base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));

/**
 * The 11-character OpenID `nonce` of a flow, bound to its random code verifier:
 * base64url(SHA-256("nonce:" + verifier)), first 11 characters. The site's backend receives the
 * verifier in the token call and recomputes this to check the ID token's `nonce` claim, so the
 * spec's request bodies need no extra field and nothing else has to be stored.
 * @example
 * // On the site's backend, checking the ID token of a code exchange:
 * if (claims.nonce !== (await nonceFor(body.code_verifier))) throw new Error('nonce mismatch');
 */
export const nonceFor = async (codeVerifier: string, crypto: Crypto = globalThis.crypto): Promise<string> =>
  (await sha256(`nonce:${codeVerifier}`, crypto)).slice(0, 11);
