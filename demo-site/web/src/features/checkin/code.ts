import type { PublicEventKey } from './api/staff';

/** What a signed ticket code says (see the server's checkin/keys.ts): ticket, event city, format, version. */
export interface TicketClaims {
  t: string;
  e: string;
  f: string;
  v: number;
}

/** The text a scanner reads for a ticket found by the manual search (the server takes it from staff only). */
export const manualCode = (ticketId: string) => `manual:${ticketId}`;

const fromBase64Url = (part: string): Uint8Array<ArrayBuffer> => {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};

const decoder = new TextDecoder();
const encoder = new TextEncoder();

const isClaims = (value: unknown): value is TicketClaims => {
  const claims = value as TicketClaims;
  return (
    typeof claims === 'object' &&
    claims !== null &&
    typeof claims.t === 'string' &&
    typeof claims.e === 'string' &&
    typeof claims.f === 'string' &&
    Number.isInteger(claims.v)
  );
};

const ED25519 = { name: 'Ed25519' } as const;
const imported = new Map<string, Promise<CryptoKey>>();

/** The event key as a WebCrypto key, imported once per kid (a kid names one key for ever). */
function importKey(key: PublicEventKey): Promise<CryptoKey> {
  let found = imported.get(key.kid);
  if (!found) {
    found = crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: key.jwk.x }, ED25519, false, ['verify']);
    // A key the browser cannot import is tried again next time (and its codes read as forged meanwhile).
    found.catch(() => imported.delete(key.kid));
    imported.set(key.kid, found);
  }
  return found;
}

/**
 * The claims of a code (a compact JWS, EdDSA) when its Ed25519 signature is by one of the event's keys;
 * null otherwise. WebCrypto's Ed25519 directly — what jose would call — so nothing is loaded at scan time.
 */
export async function verifyOffline(qr: string, keys: readonly PublicEventKey[]): Promise<TicketClaims | null> {
  const parts = qr.split('.');
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(decoder.decode(fromBase64Url(parts[0]!)));
    if (header?.alg !== 'EdDSA') return null;
    const key = keys.find((candidate) => candidate.kid === header.kid);
    if (!key) return null;
    const valid = await crypto.subtle.verify(
      ED25519,
      await importKey(key),
      fromBase64Url(parts[2]!),
      encoder.encode(`${parts[0]}.${parts[1]}`),
    );
    if (!valid) return null;
    const claims: unknown = JSON.parse(decoder.decode(fromBase64Url(parts[1]!)));
    return isClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}

/** Imports the event's keys ahead of the first scan. */
export const preloadVerifier = (keys: readonly PublicEventKey[]) =>
  Promise.all(keys.map((key) => importKey(key).catch(() => null))).then(() => undefined);
