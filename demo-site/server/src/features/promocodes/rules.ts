/**
 * Whether a promocode covers an item: its kind, the one item it names (if any), and — for a code made in
 * the back office for an event city — the formats it was made for. The check call and the payment's
 * pricing ask the same question here.
 */
export function promocodeCovers(
  promo: { target: string; targetPublicId: string | null; formatPublicIds?: string[] | null },
  target: 'ticket' | 'product' | 'insurance',
  itemPublicId: string,
): boolean {
  if (promo.target !== target) return false;
  if (promo.targetPublicId !== null && promo.targetPublicId !== itemPublicId) return false;
  if (promo.formatPublicIds && !promo.formatPublicIds.includes(itemPublicId)) return false;
  return true;
}
