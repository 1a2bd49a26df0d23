import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import type { ConfirmedEvent, PaymentProvider, PaymentState, RefundOutcome } from './provider';
import { providerMessages } from './provider';
import type { Receipt } from './receipt';
import { yookassaNotificationBody } from './schema';

/**
 * The addresses YooKassa sends its notifications from, as it publishes them
 * (https://yookassa.ru/developers/using-api/webhooks): `YOOKASSA_NOTIFY_FROM=published` accepts only these.
 */
export const YOOKASSA_PUBLISHED_RANGES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11/32',
  '77.75.156.35/32',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

export interface YookassaOptions {
  shopId: string;
  secretKey: string;
  /** The API's origin (`https://api.yookassa.ru`; a local stand-in in tests). */
  apiUrl?: string;
  /** The receipt's VAT code (1: без НДС, the default; 2: 0%, 3: 10%, 4: 20%, …). */
  vatCode?: number;
  /** Per request. */
  timeoutMs?: number;
  /** Tries per call (429, 500s, 202 and timeouts are tried again under the same idempotence key). */
  attempts?: number;
  /** The first wait between tries, doubling. */
  backoffMs?: number;
  /** Addresses and CIDRs notifications are accepted from (null: any; the published ranges: see above). */
  notifyFrom?: readonly string[] | null;
  /** Told of every API call: its operation and outcome (`ok`, `retry`, `error`) — the metrics count them. */
  onCall?: (operation: string, outcome: 'ok' | 'retry' | 'error') => void;
  fetch?: typeof fetch;
}

/** A call the API refused for good (a 4xx other than 429), or that kept failing. */
export class YookassaError extends Error {
  override readonly name = 'YookassaError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
  }
}

interface ApiAmount {
  value: string;
  currency: string;
}
interface ApiPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  amount: ApiAmount;
  confirmation?: { type: string; confirmation_url?: string };
  metadata?: Record<string, string>;
}
interface ApiRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: ApiAmount;
  cancellation_details?: { party?: string; reason?: string };
}

/** Kopecks as the API's decimal string ("1500.00"), and back — never through a float. */
export const apiValue = (kopecks: number): string => `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
export function kopecksOf(amount: ApiAmount): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.value);
  if (!match || amount.currency !== 'RUB') throw new YookassaError(`unexpected amount ${JSON.stringify(amount)}`, null, null);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** The receipt in YooKassa's shape (`receipt.customer`, `receipt.items[]`). */
export const apiReceipt = (receipt: Receipt) => ({
  customer: { email: receipt.email },
  items: receipt.items.map((item) => ({
    description: item.description,
    quantity: item.quantity,
    amount: { value: apiValue(item.amount), currency: 'RUB' },
    vat_code: item.vatCode,
    payment_mode: item.mode,
    payment_subject: item.subject,
  })),
});

const paymentState = (status: ApiPayment['status']): PaymentState =>
  status === 'succeeded' ? 'succeeded' : status === 'canceled' ? 'canceled' : 'pending';

/**
 * YooKassa (API v3) as the site's payment provider: payments created with `capture: true` and a
 * redirect confirmation, the order in `metadata`, the 54-ФЗ receipt with every line; refunds through
 * POST /v3/refunds. Its notifications are not signed: `confirm` reads the object back from the API
 * (GET /v3/payments/{id}, /v3/refunds/{id}) and reports what the API says. Every POST carries an
 * `Idempotence-Key` fixed per attempt (the site's payment id; `refund-` + it), so a try after a 429, a
 * 500 or a timeout is the same request, never a second payment.
 */
export function createYookassaProvider(options: YookassaOptions): PaymentProvider & { readonly vatCode: number } {
  const apiUrl = (options.apiUrl ?? 'https://api.yookassa.ru').replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.shopId}:${options.secretKey}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const attempts = Math.max(1, options.attempts ?? 4);
  const backoffMs = options.backoffMs ?? 300;
  const fetchImpl = options.fetch ?? fetch;
  const onCall = options.onCall ?? (() => undefined);
  const allowed = options.notifyFrom ? blockListOf(options.notifyFrom) : null;

  async function call<T>(operation: string, method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string): Promise<T> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let waitMs = backoffMs * 2 ** (attempt - 1);
      try {
        const response = await fetchImpl(`${apiUrl}${path}`, {
          method,
          headers: {
            authorization,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await response.text();
        const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        if (response.status === 200) {
          onCall(operation, 'ok');
          return json as T;
        }
        // 202: still processing (`retry_after` ms); 429 and 500s: tried again, same key.
        if (response.status === 202 || response.status === 429 || response.status >= 500) {
          if (typeof json.retry_after === 'number') waitMs = Math.min(json.retry_after, 5 * backoffMs * 2 ** attempt);
          lastError = new YookassaError(`${operation}: HTTP ${response.status}`, response.status, String(json.code ?? ''));
        } else {
          onCall(operation, 'error');
          throw new YookassaError(
            `${operation}: HTTP ${response.status} ${String(json.code ?? '')} ${String(json.description ?? '')}`.trim(),
            response.status,
            typeof json.code === 'string' ? json.code : null,
          );
        }
      } catch (error) {
        if (error instanceof YookassaError && error.status !== null && error.status < 500 && error.status !== 429 && error.status !== 202)
          throw error;
        lastError = error instanceof YookassaError ? error : new YookassaError(`${operation}: ${(error as Error).message}`, null, null);
      }
      if (attempt < attempts) {
        onCall(operation, 'retry');
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
    onCall(operation, 'error');
    throw lastError;
  }

  const readPayment = (id: string) => call<ApiPayment>('payment.get', 'GET', `/v3/payments/${encodeURIComponent(id)}`);
  const readRefund = (id: string) => call<ApiRefund>('refund.get', 'GET', `/v3/refunds/${encodeURIComponent(id)}`);

  return {
    name: 'yookassa',
    vatCode: options.vatCode ?? 1,
    async create(payment) {
      const created = await call<ApiPayment>(
        'payment.create',
        'POST',
        '/v3/payments',
        {
          amount: { value: apiValue(payment.amount), currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: payment.returnUrl },
          description: payment.description.slice(0, 128),
          metadata: { order_id: payment.orderPublicId, payment_id: payment.paymentId },
          receipt: apiReceipt(payment.receipt),
        },
        payment.paymentId,
      );
      const redirectUrl = created.confirmation?.confirmation_url;
      if (!redirectUrl) throw new YookassaError('payment.create: no confirmation_url', 200, null);
      return { redirectUrl, providerPaymentId: created.id };
    },
    async refund({ paymentId, providerPaymentId, refundId, key, line, amount, receipt }) {
      const ask = (idempotenceKey: string) =>
        call<ApiRefund>(
          'refund.create',
          'POST',
          '/v3/refunds',
          {
            payment_id: providerPaymentId,
            amount: { value: apiValue(amount), currency: 'RUB' },
            description: line ? 'Возврат позиции заказа' : 'Возврат заказа',
            ...(receipt ? { receipt: apiReceipt(receipt) } : {}),
          },
          idempotenceKey,
        );
      // One key per refund: the whole payment's first (`refund-{payment}`), or a line's or a new ask's (`refund-{its id}`).
      const base = `refund-${key ?? paymentId}`;
      let refund: ApiRefund;
      try {
        refund = refundId ? await readRefund(refundId) : await ask(base);
      } catch (error) {
        // Refused outright (400 invalid_request: more than is left of the payment, a payment that cannot
        // be refunded; 404: no such payment): asking again would be refused again.
        if (error instanceof YookassaError && (error.status === 400 || error.status === 404))
          return { outcome: 'canceled', refundId, reason: error.code ?? `HTTP ${error.status}` };
        throw error;
      }
      // Cancelled (its reason: the shop's balance short, the payment's bank refusing…): the site's refund
      // failed. Not asked anew here, where nothing would bound the tries: the back office shows the
      // refusal, and an organiser's new ask is a new refund, under its own key.
      if (refund.status === 'canceled')
        return { outcome: 'canceled', refundId: refund.id, reason: refund.cancellation_details?.reason ?? 'canceled' };
      const outcome: RefundOutcome = refund.status === 'succeeded' ? 'succeeded' : 'pending';
      return { outcome, refundId: refund.id };
    },
    async status({ providerPaymentId }) {
      if (!providerPaymentId) return null;
      const payment = await readPayment(providerPaymentId);
      return { status: paymentState(payment.status), amount: kopecksOf(payment.amount) };
    },
    async confirm({ body, ip }): Promise<ConfirmedEvent | null> {
      if (allowed && !allowedAddress(allowed, ip)) throw forbidden(providerMessages.notFromProvider);
      const parsed = yookassaNotificationBody.safeParse(body);
      if (!parsed.success) throw badRequest(providerMessages.malformed);
      const { event, object } = parsed.data;
      try {
        return await readBack(event, object.id);
      } catch (error) {
        // An id the API does not know is no payment of ours; the API away: 503, YooKassa sends it again.
        if (error instanceof YookassaError && error.status === 404) throw notFound(providerMessages.unknownObject);
        throw Object.assign(new HttpError(503, providerMessages.providerAway), { cause: error });
      }
    },
  };

  async function readBack(event: string, id: string): Promise<ConfirmedEvent | null> {
    if (event.startsWith('payment.')) {
      // What the API says now, not what the body says: a forged `succeeded` for a real id reads `pending`.
      const payment = await readPayment(id);
      return {
        kind: 'payment',
        paymentId: payment.metadata?.payment_id ?? null,
        providerPaymentId: payment.id,
        status: paymentState(payment.status),
        amount: kopecksOf(payment.amount),
      };
    }
    if (event.startsWith('refund.')) {
      const refund = await readRefund(id);
      return {
        kind: 'refund',
        paymentId: null,
        providerPaymentId: refund.payment_id,
        refundId: refund.id,
        status: refund.status,
        amount: kopecksOf(refund.amount),
      };
    }
    return null;
  }
}

function blockListOf(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.trim().split('/');
    const family = isIPv6(address!) ? 'ipv6' : 'ipv4';
    if (!isIPv4(address!) && !isIPv6(address!)) throw new Error(`not an address or CIDR: ${range}`);
    if (prefix === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(prefix), family);
  }
  return list;
}

function allowedAddress(list: BlockList, ip: string): boolean {
  const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(plain)) return list.check(plain, 'ipv4');
  if (isIPv6(plain)) return list.check(plain, 'ipv6');
  return false;
}

/** `YOOKASSA_NOTIFY_FROM`: `published` (YooKassa's ranges), a comma-separated list, or empty (any address). */
export function parseNotifyFrom(value: string | undefined): readonly string[] | null {
  if (!value?.trim()) return null;
  if (value.trim() === 'published') return YOOKASSA_PUBLISHED_RANGES;
  const ranges = value
    .split(',')
    .map((range) => range.trim())
    .filter(Boolean);
  blockListOf(ranges);
  return ranges;
}
