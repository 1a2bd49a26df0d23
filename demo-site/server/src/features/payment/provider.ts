import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Notification } from './schema';

/**
 * Where a refund stands after the site asked for it: `succeeded` (or nothing said) — the money is
 * back; `pending` — the provider has taken the request and settles it later, then notifies the site
 * (`status: 'refunded'`) and answers `succeeded` when asked again. A provider that has not taken the
 * request throws.
 */
export type RefundOutcome = 'succeeded' | 'pending';

/**
 * A payment provider. The site creates a payment and sends the buyer to `redirectUrl`; the provider
 * later notifies the site of the outcome with a signed message (POST /api/payment/notification).
 * Refunds are asynchronous as real providers' are: asked for, then settled and notified.
 */
export interface PaymentProvider {
  readonly name: string;
  create(payment: { paymentId: string; orderPublicId: string; amount: number; description: string }): Promise<{ redirectUrl: string }>;
  /** Asks for the whole payment back; idempotent per payment, so asking again reads where it stands. */
  refund(payment: { paymentId: string; amount: number }): Promise<RefundOutcome | undefined>;
  /** The header carrying a notification's signature. */
  readonly signatureHeader: string;
  /** Whether a notification really comes from the provider. */
  verify(notification: Notification, signature: string | undefined): boolean;
}

/** The canonical text a notification's signature covers. */
const signedText = (n: Notification) => [n.event_id, n.payment_id, n.status, n.amount, n.ts].join('.');

export function signNotification(secret: string, notification: Notification): string {
  return createHmac('sha256', secret).update(signedText(notification)).digest('hex');
}

/** How long the sandbox takes to settle a refund by itself (its pay page's «Провести возврат» is at once). */
export const SANDBOX_REFUND_SETTLE_MS = 5 * 60_000;

/** A refund the sandbox holds: asked for at `requestedAt`, settled or not. */
export interface SandboxRefund {
  paymentId: string;
  amount: number;
  requestedAt: Date;
  settled: boolean;
}

/** The sandbox provider, with what a real provider's dashboard offers: its refunds, and settling one. */
export interface SandboxPaymentProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The refund of a payment, if one was asked for. */
  refundOf(paymentId: string): SandboxRefund | undefined;
  /** Settles the payment's refund now (asked for before, or now — after a restart the sandbox forgot it). */
  settleRefund(refund: { paymentId: string; amount: number }): SandboxRefund;
}

export const isSandboxProvider = (provider: PaymentProvider): provider is SandboxPaymentProvider =>
  provider.name === 'sandbox' && 'settleRefund' in provider;

/**
 * The sandbox provider: its pay page is served by this server (`/sandbox/pay/{paymentId}`, see
 * features/sandbox-payment) and signs its notifications with a key generated on first run. A refund
 * stays pending, as a real provider's does, until the pay page's «Провести возврат» settles it (the
 * page then notifies the site) or `settleAfterMs` has passed when the site asks again (its sweeper
 * asks every minute). Its memory is the process's: after a restart the sweeper asks again.
 */
export function createSandboxProvider(options: {
  publicUrl: () => string;
  secret: string;
  now?: () => Date;
  settleAfterMs?: number;
}): SandboxPaymentProvider {
  const now = options.now ?? (() => new Date());
  const settleAfterMs = options.settleAfterMs ?? SANDBOX_REFUND_SETTLE_MS;
  const refunds = new Map<string, SandboxRefund>();
  return {
    name: 'sandbox',
    signatureHeader: 'x-sandbox-signature',
    create: async ({ paymentId }) => ({ redirectUrl: `${options.publicUrl()}/sandbox/pay/${paymentId}` }),
    refund: async ({ paymentId, amount }) => {
      let refund = refunds.get(paymentId);
      if (!refund) {
        refund = { paymentId, amount, requestedAt: now(), settled: false };
        refunds.set(paymentId, refund);
      }
      if (!refund.settled && now().getTime() - refund.requestedAt.getTime() >= settleAfterMs) refund.settled = true;
      return refund.settled ? 'succeeded' : 'pending';
    },
    refundOf: (paymentId) => refunds.get(paymentId),
    settleRefund: ({ paymentId, amount }) => {
      const refund = refunds.get(paymentId) ?? { paymentId, amount, requestedAt: now(), settled: false };
      refund.settled = true;
      refunds.set(paymentId, refund);
      return refund;
    },
    verify: (notification, signature) => {
      if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
      const expected = Buffer.from(signNotification(options.secret, notification), 'hex');
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
  };
}

/** A fresh sandbox signing key (local development only). */
export const newSandboxSecret = (): string => randomBytes(32).toString('hex');
