/**
 * The fiscal receipt (54-ФЗ) a payment and its refund carry: every line the buyer pays for — tickets,
 * the participants' insurance, goods, insurance policies, gift certificates, delivery — with its VAT
 * code and payment subject, and the buyer's e-mail. Money in kopecks; the items add up to the payment
 * to the kopeck. Pure functions: the provider adapter turns a Receipt into its own shape.
 */

/** What is sold (YooKassa's `payment_subject`). */
export type PaymentSubject = 'service' | 'commodity' | 'payment';
/** How it is paid (`payment_mode`): a gift certificate is an advance, the rest paid in full. */
export type PaymentMode = 'full_payment' | 'advance';

export interface ReceiptItem {
  description: string;
  quantity: number;
  /** Kopecks per unit. */
  amount: number;
  vatCode: number;
  subject: PaymentSubject;
  mode: PaymentMode;
}

export interface Receipt {
  email: string;
  items: ReceiptItem[];
}

/** A line as the checkout priced it: `total` kopecks for `quantity` units. */
export interface ChargeLine {
  description: string;
  quantity: number;
  total: number;
  subject: PaymentSubject;
  mode: PaymentMode;
}

/** YooKassa's limit on an item's description. */
export const RECEIPT_DESCRIPTION_MAX = 128;

/**
 * Takes `reduction` kopecks off the lines in proportion to their totals (largest remainder first, ties
 * to the earlier line): the result adds up to `sum(totals) - reduction` exactly, no line goes below 0 or
 * above its total. A reduction greater than the sum is refused.
 */
export function spreadReduction(totals: readonly number[], reduction: number): number[] {
  const sum = totals.reduce((a, b) => a + b, 0);
  if (!Number.isInteger(reduction) || reduction < 0 || reduction > sum) throw new RangeError(`reduction ${reduction} of ${sum}`);
  if (reduction === 0 || sum === 0) return [...totals];
  const shares = totals.map((total) => (total * reduction) / sum);
  const taken = shares.map(Math.floor);
  let left = reduction - taken.reduce((a, b) => a + b, 0);
  const order = shares
    .map((share, index) => ({ index, rest: share - Math.floor(share) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    if (taken[index]! < totals[index]!) {
      taken[index]! += 1;
      left--;
    }
  }
  return totals.map((total, index) => total - taken[index]!);
}

/**
 * One line as receipt items with whole-kopeck unit prices: `quantity` units at `total / quantity`, or,
 * when that is not whole, two items (the units at the lower price, then those a kopeck dearer).
 */
export function splitLine(line: ChargeLine, vatCode: number): ReceiptItem[] {
  const description = line.description.slice(0, RECEIPT_DESCRIPTION_MAX);
  const base = { description, vatCode, subject: line.subject, mode: line.mode };
  if (line.total <= 0 || line.quantity <= 0) return [];
  const unit = Math.floor(line.total / line.quantity);
  const dearer = line.total - unit * line.quantity;
  const items: ReceiptItem[] = [];
  if (line.quantity - dearer > 0 && unit > 0) items.push({ ...base, quantity: line.quantity - dearer, amount: unit });
  if (dearer > 0) items.push({ ...base, quantity: dearer, amount: unit + 1 });
  return items;
}

/** The receipt's sum in kopecks. */
export const receiptTotal = (receipt: Pick<Receipt, 'items'>): number =>
  receipt.items.reduce((sum, item) => sum + item.amount * item.quantity, 0);

/**
 * The receipt of a payment of `payable` kopecks for `lines`: what a gift certificate paid (the lines'
 * sum above `payable`) is spread over the lines as a discount — never over certificates sold (`advance`:
 * a certificate does not pay for one) — and the items add up to `payable`.
 */
export function buildReceipt(input: { email: string; lines: readonly ChargeLine[]; payable: number; vatCode: number }): Receipt {
  const sum = input.lines.reduce((total, line) => total + line.total, 0);
  const reducible = input.lines.map((line) => (line.mode === 'advance' ? 0 : line.total));
  const spread = spreadReduction(reducible, sum - input.payable);
  const items = input.lines.flatMap((line, index) =>
    splitLine({ ...line, total: line.mode === 'advance' ? line.total : spread[index]! }, input.vatCode),
  );
  return { email: input.email, items };
}
