/**
 * The waiting-list offer the basket is buying (issue 35): its code goes with the payment, and its
 * format's line skips the availability check (the place is held for the offer, so it is not on sale).
 */
export interface HeldOffer {
  code: string;
  format_public_id: string;
  email: string;
}

const KEY = 'waitlistOffer';

export function readOffer(): HeldOffer | null {
  try {
    const value = globalThis.localStorage?.getItem(KEY);
    return value ? (JSON.parse(value) as HeldOffer) : null;
  } catch {
    return null;
  }
}

export function keepOffer(offer: HeldOffer): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(offer));
  } catch {
    // No storage: the payment then goes without the offer, and the server says the place is taken.
  }
}

export function clearOffer(): void {
  try {
    globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** The offer that applies to a basket: only while the basket holds a ticket of its format. */
export function offerFor(formatPublicIds: readonly string[]): HeldOffer | null {
  const offer = readOffer();
  return offer && formatPublicIds.includes(offer.format_public_id) ? offer : null;
}
