import { isPlainObject } from './config';

/** The claims of a JWT's payload, decoded only (never verified: the backend does that); null for anything else. */
export function claimsOf(jwt: string | undefined): Record<string, unknown> | null {
  try {
    const bytes = atob(jwt!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(new TextDecoder().decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0))));
    return isPlainObject(claims) ? claims : null;
  } catch {
    return null;
  }
}
