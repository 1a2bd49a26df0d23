import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { badRequest, forbidden } from '../../lib/errors';
import type { Receipt } from './receipt';
import { type Notification, sandboxNotificationBody } from './schema';

/** Where a payment stands at the provider. */
export type PaymentState = 'pending' | 'succeeded' | 'canceled';

/**
 * Where a refund stands after the site asked for it: `succeeded` — the money is back; `pending` — the
 * provider has taken the request and settles it later, then notifies the site and answers `succeeded`
 * when asked again; `canceled` — the provider has refused it for good (YooKassa cancelled it, or refused
 * the request): the site's refund failed, and only a new one can return the money. A provider that
 * cannot be reached, or answers what may pass (a 429, a 500), throws: the site asks again later.
 */
export type RefundOutcome = 'succeeded' | 'pending' | 'canceled';

export interface NewPayment {
  /** The site's id of the payment (also its idempotence key at the provider: one per order). */
  paymentId: string;
  orderPublicId: string;
  /** Kopecks. */
  amount: number;
  description: string;
  /** Where the provider returns the buyer. */
  returnUrl: string;
  /** The fiscal receipt (54-ФЗ); its items add up to `amount`. */
  receipt: Receipt;
}

export interface RefundRequest {
  paymentId: string;
  /** The provider's id of the payment (null: the provider names it by `paymentId`). */
  providerPaymentId: string | null;
  /** The refund already asked for, to read back (null the first time). */
  refundId: string | null;
  /**
   * The site's id of this refund, one per refund (a line's, or the whole order's asked again): its idempotence
   * key at the provider. None: the whole payment's first refund, keyed by the payment.
   */
  key?: string;
  /** One line of the order (else the whole order, asked again after a refusal when `key` is given). */
  line?: boolean;
  amount: number;
  receipt: Receipt | null;
}

/**
 * What the provider itself says about the object a notification points at — read back from it, never
 * taken from the notification's body (a body is only a pointer; anyone can post one).
 */
export type ConfirmedEvent =
  | {
      kind: 'payment';
      /** The site's payment id, when the provider carries it (YooKassa's metadata, the sandbox's id). */
      paymentId: string | null;
      providerPaymentId: string;
      status: PaymentState;
      amount: number;
      /** A signed notification's own id (a replay is refused); none for a provider that is asked. */
      eventId?: string;
    }
  | {
      kind: 'refund';
      paymentId: string | null;
      providerPaymentId: string;
      refundId: string | null;
      status: 'pending' | 'succeeded' | 'canceled';
      amount: number;
      eventId?: string;
    };

/** A notification as it reached the site: the parsed body, the headers, the sender's address. */
export interface IncomingNotification {
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}

/**
 * A payment provider. The site creates a payment and sends the buyer to `redirectUrl`; the provider
 * later notifies the site (POST /api/payment/notification), and `confirm` turns that notification into
 * what the provider stands behind: a signed message checked (the sandbox), or the object asked back
 * from the provider's API (YooKassa, whose notifications are not signed). The sweeper asks `status`
 * of payments left pending. Refunds are asynchronous as real providers' are: asked for, then settled.
 */
export interface PaymentProvider {
  readonly name: string;
  create(payment: NewPayment): Promise<{ redirectUrl: string; providerPaymentId: string }>;
  /**
   * Asks for the whole payment back (or reads the refund asked before, `refundId`); idempotent per
   * payment. Answers where it stands and the provider's refund id (and, refused, the provider's reason).
   */
  refund(refund: RefundRequest): Promise<{ outcome: RefundOutcome; refundId: string | null; reason?: string }>;
  /**
   * What a notification is worth: the confirmed event, null for one the site has no use for, or an
   * HttpError (403 for one not from the provider, 400 for a malformed or stale one).
   */
  confirm(notification: IncomingNotification): Promise<ConfirmedEvent | null>;
  /** Where a payment stands, asked of the provider; null when the provider cannot be asked (the sandbox). */
  status(payment: { paymentId: string; providerPaymentId: string | null }): Promise<{ status: PaymentState; amount: number } | null>;
}

export const providerMessages = {
  forged: 'Подпись уведомления неверна',
  stale: 'Уведомление устарело',
  malformed: 'Уведомление не распознано',
  notFromProvider: 'Уведомление принимается только от платёжного провайдера',
  unknownObject: 'Платёж не найден у платёжного провайдера',
  providerAway: 'Платёжный провайдер недоступен, повторите уведомление позже',
} as const;

/** How long a sandbox notification stays acceptable (its `ts` against our clock). */
const NOTIFICATION_WINDOW_MS = 10 * 60_000;

/** The canonical text a notification's signature covers. */
const signedText = (n: Notification) => [n.event_id, n.payment_id, n.status, n.amount, n.ts].join('.');

export function signNotification(secret: string, notification: Notification): string {
  return createHmac('sha256', secret).update(signedText(notification)).digest('hex');
}

/** The header carrying a sandbox notification's signature. */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

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
 * features/sandbox-payment) and signs its notifications with a key generated on first run; a
 * notification is confirmed by its signature (and a `ts` within ten minutes). A refund
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
    create: async ({ paymentId }) => ({
      redirectUrl: `${options.publicUrl()}/sandbox/pay/${paymentId}`,
      providerPaymentId: paymentId,
    }),
    refund: async ({ paymentId, amount, key }) => {
      // A line's refund is its own (its key); the whole payment's is known by the payment.
      const id = key ?? paymentId;
      let refund = refunds.get(id);
      if (!refund) {
        refund = { paymentId, amount, requestedAt: now(), settled: false };
        refunds.set(id, refund);
      }
      if (!refund.settled && now().getTime() - refund.requestedAt.getTime() >= settleAfterMs) refund.settled = true;
      return { outcome: refund.settled ? 'succeeded' : 'pending', refundId: id };
    },
    refundOf: (paymentId) => refunds.get(paymentId),
    settleRefund: ({ paymentId, amount }) => {
      const refund = refunds.get(paymentId) ?? { paymentId, amount, requestedAt: now(), settled: false };
      refund.settled = true;
      refunds.set(paymentId, refund);
      return refund;
    },
    // The sandbox's pay page decides at once and notifies: there is nothing to ask it later.
    status: async () => null,
    confirm: async ({ body, headers }) => {
      const parsed = sandboxNotificationBody.safeParse(body);
      if (!parsed.success) throw badRequest(providerMessages.malformed);
      const notification = parsed.data;
      const signature = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) throw forbidden(providerMessages.forged);
      const expected = Buffer.from(signNotification(options.secret, notification), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw forbidden(providerMessages.forged);
      if (Math.abs(now().getTime() - notification.ts * 1000) > NOTIFICATION_WINDOW_MS) throw badRequest(providerMessages.stale);
      const common = {
        paymentId: notification.payment_id,
        providerPaymentId: notification.payment_id,
        amount: notification.amount,
        eventId: notification.event_id,
      };
      return notification.status === 'refunded'
        ? { kind: 'refund', ...common, refundId: notification.payment_id, status: 'succeeded' }
        : { kind: 'payment', ...common, status: notification.status };
    },
  };
}

/** A fresh sandbox signing key (local development only). */
export const newSandboxSecret = (): string => randomBytes(32).toString('hex');
