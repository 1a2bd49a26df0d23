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

const fromBase64Url = (part: string): string => {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

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

/** The claims of a code when its Ed25519 signature is by one of the event's keys (jose, loaded on first use); null otherwise. */
export async function verifyOffline(qr: string, keys: readonly PublicEventKey[]): Promise<TicketClaims | null> {
  const parts = qr.split('.');
  if (parts.length !== 3) return null;
  let kid: unknown;
  try {
    kid = JSON.parse(fromBase64Url(parts[0]!)).kid;
  } catch {
    return null;
  }
  const key = keys.find((candidate) => candidate.kid === kid);
  if (!key) return null;
  const { compactVerify } = await import('jose');
  try {
    const { payload } = await compactVerify(qr, await importKey(key), { algorithms: ['EdDSA'] });
    const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
    return isClaims(claims) ? claims : null;
  } catch {
    return null;
  }
}

const imported = new Map<string, Promise<CryptoKey>>();

function importKey(key: PublicEventKey): Promise<CryptoKey> {
  let found = imported.get(key.kid);
  if (!found) {
    found = import('jose').then(({ importJWK }) => importJWK({ ...key.jwk, alg: 'EdDSA' }, 'EdDSA') as Promise<CryptoKey>);
    imported.set(key.kid, found);
  }
  return found;
}

/** Loads the verifier ahead of need (before the network may go). */
export const preloadVerifier = () => import('jose').then(() => undefined);
