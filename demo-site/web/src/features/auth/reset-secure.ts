/**
 * The short-lived `secure` token between the reset link's check and the new password: kept for this
 * tab only (not in the address, so it is neither logged nor sent on as a referrer).
 */
const KEY = 'gid-demo:reset-secure';

export function keepResetSecure(secure: string): void {
  try {
    sessionStorage.setItem(KEY, secure);
  } catch {
    // the new-password page then asks for a new link
  }
}

export function readResetSecure(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function dropResetSecure(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
