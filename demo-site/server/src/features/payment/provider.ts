import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Notification } from './schema';

/**
 * A payment provider. The site creates a payment and sends the buyer to `redirectUrl`; the provider
 * later notifies the site of the outcome with a signed message (POST /api/payment/notification).
 */
export interface PaymentProvider {
  readonly name: string;
  create(payment: { paymentId: string; orderPublicId: string; amount: number; description: string }): Promise<{ redirectUrl: string }>;
  refund(payment: { paymentId: string; amount: number }): Promise<void>;
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

/**
 * The sandbox provider: its pay page is served by this server (`/sandbox/pay/{paymentId}`, see
 * features/sandbox-payment) and signs its notifications with a key generated on first run.
 */
export function createSandboxProvider(options: { publicUrl: () => string; secret: string }): PaymentProvider {
  const refunds: { paymentId: string; amount: number }[] = [];
  return {
    name: 'sandbox',
    signatureHeader: 'x-sandbox-signature',
    create: async ({ paymentId }) => ({ redirectUrl: `${options.publicUrl()}/sandbox/pay/${paymentId}` }),
    refund: async (refund) => {
      refunds.push(refund);
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
