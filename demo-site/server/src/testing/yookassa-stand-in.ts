import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of YooKassa's API v3, as its documentation describes it, for tests and for a local
 * start with PAYMENT_PROVIDER=yookassa: POST/GET /v3/payments, POST/GET /v3/refunds with Basic auth and
 * `Idempotence-Key` (the same key answers the first request's result), its error shape
 * (`{ type: "error", code, description, parameter }`), a receipt whose items must add up to the amount,
 * and its checkout page (`confirmation_url`) with «Оплатить» and «Отказаться». It notifies the site as
 * YooKassa does (unsigned `{ type: "notification", event, object }`). Failures on demand: the next calls
 * of a path answer 429, 500, 202 or hang past the caller's timeout (the request still takes effect, as
 * a real one cut by a timeout may have).
 */

export interface StandInPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: { value: string; currency: 'RUB' };
  confirmation: { type: 'redirect'; confirmation_url: string; return_url: string };
  created_at: string;
  description?: string;
  metadata: Record<string, string>;
  recipient: { account_id: string; gateway_id: string };
  refundable: boolean;
  test: boolean;
  receipt?: { customer: { email?: string }; items: ReceiptItem[] };
}
interface ReceiptItem {
  description: string;
  quantity: number | string;
  amount: { value: string; currency: string };
  vat_code: number;
  payment_mode?: string;
  payment_subject?: string;
}
export interface StandInRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: 'RUB' };
  created_at: string;
  description?: string;
  receipt?: { customer: { email?: string }; items: ReceiptItem[] };
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotenceKey: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

export type Failure = 429 | 500 | 202 | 'hang';

export interface YookassaStandIn {
  url: string;
  shopId: string;
  secretKey: string;
  payments: Map<string, StandInPayment>;
  refunds: Map<string, StandInRefund>;
  requests: RecordedRequest[];
  /** The next calls to `method path` (e.g. `POST /v3/payments`) fail so, in order. */
  failNext(route: string, ...failures: Failure[]): void;
  /** Where notifications go (the site's POST /api/payment/notification); none: not sent. */
  notifyTo: string | null;
  /** Refunds settle at once (`succeeded`) instead of staying `pending` until `settleRefund`. */
  instantRefunds: boolean;
  /** The buyer pays (or declines) at the checkout page; notifies unless told not to. */
  pay(paymentId: string, options?: { notify?: boolean }): Promise<void>;
  decline(paymentId: string, options?: { notify?: boolean }): Promise<void>;
  settleRefund(refundId: string, options?: { notify?: boolean }): Promise<void>;
  /** YooKassa cancels a pending refund (`refund.canceled` is not an event it sends). */
  cancelRefund(refundId: string): void;
  /** Sends a notification of `event` about `object` (also a forged one: any body the test likes). */
  notify(body: unknown): Promise<number>;
  close(): Promise<void>;
}

const kopecks = (value: string) => Math.round(Number(value) * 100);
const amountOf = (value: unknown): number | null =>
  value &&
  typeof value === 'object' &&
  typeof (value as { value?: unknown }).value === 'string' &&
  (value as { currency?: unknown }).currency === 'RUB'
    ? kopecks((value as { value: string }).value)
    : null;

export async function startYookassaStandIn(
  options: { shopId?: string; secretKey?: string; port?: number; hangMs?: number } = {},
): Promise<YookassaStandIn> {
  const shopId = options.shopId ?? '123456';
  const secretKey = options.secretKey ?? 'test_secret_key';
  const expectedAuth = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`;
  const payments = new Map<string, StandInPayment>();
  const refunds = new Map<string, StandInRefund>();
  const requests: RecordedRequest[] = [];
  const failures = new Map<string, Failure[]>();
  /** Idempotence keys: the first request's answer, per key and operation. */
  const answered = new Map<string, { status: number; body: unknown }>();
  const hangMs = options.hangMs ?? 2000;
  let url = '';

  const error = (code: string, description: string, parameter?: string) => ({
    type: 'error',
    id: randomUUID(),
    code,
    description,
    ...(parameter ? { parameter } : {}),
  });

  const checkReceipt = (receipt: unknown, amount: number): ReturnType<typeof error> | null => {
    if (!receipt || typeof receipt !== 'object') return error('invalid_request', 'Receipt is missing', 'receipt');
    const { customer, items } = receipt as { customer?: { email?: string }; items?: ReceiptItem[] };
    if (!customer?.email) return error('invalid_request', 'Receipt customer contact is missing', 'receipt.customer');
    if (!Array.isArray(items) || items.length === 0 || items.length > 100)
      return error('invalid_request', 'Receipt items are missing', 'receipt.items');
    let sum = 0;
    for (const item of items) {
      const unit = amountOf(item.amount);
      const quantity = Number(item.quantity);
      if (unit === null || !(quantity > 0) || !Number.isInteger(item.vat_code) || !item.description || item.description.length > 128)
        return error('invalid_request', 'Receipt item is invalid', 'receipt.items');
      sum += unit * quantity;
    }
    if (Math.round(sum) !== amount) return error('invalid_request', `Receipt sum ${sum} differs from amount ${amount}`, 'receipt');
    return null;
  };

  const handle = async (method: string, path: string, body: Record<string, unknown>, key: string | undefined) => {
    if (method === 'POST' && path === '/v3/payments') {
      const amount = amountOf(body.amount);
      if (amount === null || amount <= 0) return { status: 400, body: error('invalid_request', 'Invalid amount', 'amount') };
      const confirmation = body.confirmation as { type?: string; return_url?: string } | undefined;
      if (confirmation?.type !== 'redirect' || !confirmation.return_url)
        return { status: 400, body: error('invalid_request', 'Confirmation is invalid', 'confirmation') };
      const refused = checkReceipt(body.receipt, amount);
      if (refused) return { status: 400, body: refused };
      const id = `${randomUUID().slice(0, 8)}-000f-5000-9000-${randomUUID().slice(-12)}`;
      const payment: StandInPayment = {
        id,
        status: 'pending',
        paid: false,
        amount: body.amount as StandInPayment['amount'],
        confirmation: { type: 'redirect', confirmation_url: `${url}/checkout/${id}`, return_url: confirmation.return_url },
        created_at: new Date().toISOString(),
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
        metadata: (body.metadata as Record<string, string>) ?? {},
        recipient: { account_id: shopId, gateway_id: '100001' },
        refundable: false,
        test: true,
        receipt: body.receipt as StandInPayment['receipt'],
      };
      if (body.capture !== true) payment.status = 'pending';
      payments.set(id, payment);
      return { status: 200, body: payment };
    }
    if (method === 'POST' && path === '/v3/refunds') {
      const payment = payments.get(String(body.payment_id));
      if (!payment) return { status: 404, body: error('not_found', 'Payment not found', 'payment_id') };
      const amount = amountOf(body.amount);
      const refunded = [...refunds.values()]
        .filter((refund) => refund.payment_id === payment.id && refund.status !== 'canceled')
        .reduce((sum, refund) => sum + kopecks(refund.amount.value), 0);
      if (payment.status !== 'succeeded') return { status: 400, body: error('invalid_request', 'Payment is not succeeded', 'payment_id') };
      if (amount === null || amount <= 0 || refunded + amount > kopecks(payment.amount.value))
        return { status: 400, body: error('invalid_request', 'Refund amount is too large', 'amount') };
      if (body.receipt !== undefined) {
        const refused = checkReceipt(body.receipt, amount);
        if (refused) return { status: 400, body: refused };
      }
      const refund: StandInRefund = {
        id: `${randomUUID().slice(0, 8)}-0015-5000-8000-${randomUUID().slice(-12)}`,
        payment_id: payment.id,
        status: standIn.instantRefunds ? 'succeeded' : 'pending',
        amount: body.amount as StandInRefund['amount'],
        created_at: new Date().toISOString(),
        ...(typeof body.description === 'string' ? { description: body.description } : {}),
        ...(body.receipt ? { receipt: body.receipt as StandInRefund['receipt'] } : {}),
      };
      refunds.set(refund.id, refund);
      if (refund.status === 'succeeded') void notifyOf('refund.succeeded', refund);
      void key;
      return { status: 200, body: refund };
    }
    const payment = /^\/v3\/payments\/([\w-]+)$/.exec(path);
    if (method === 'GET' && payment) {
      const found = payments.get(payment[1]!);
      return found ? { status: 200, body: found } : { status: 404, body: error('not_found', 'Payment not found') };
    }
    const refund = /^\/v3\/refunds\/([\w-]+)$/.exec(path);
    if (method === 'GET' && refund) {
      const found = refunds.get(refund[1]!);
      return found ? { status: 200, body: found } : { status: 404, body: error('not_found', 'Refund not found') };
    }
    return { status: 404, body: error('not_found', 'Unknown path') };
  };

  const notifyOf = async (event: string, object: unknown) => standIn.notify({ type: 'notification', event, object });

  const checkoutPage = (payment: StandInPayment) => `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>ЮKassa (локальная замена) — оплата</title></head>
<body><main><h1>Оплата заказа</h1>
<p>Сумма: ${payment.amount.value} ₽</p>
<ul>${(payment.receipt?.items ?? []).map((item) => `<li>${item.description.replace(/[<&]/g, '')} × ${item.quantity} — ${item.amount.value} ₽</li>`).join('')}</ul>
<form method="post" action="/checkout/${payment.id}/pay"><button type="submit">Оплатить</button></form>
<form method="post" action="/checkout/${payment.id}/decline"><button type="submit">Отказаться</button></form>
</main></body></html>`;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = (request.url ?? '/').split('?')[0]!;
    const method = request.method ?? 'GET';

    // The checkout page the buyer is sent to.
    const checkout = /^\/checkout\/([\w-]+)(?:\/(pay|decline))?$/.exec(path);
    if (checkout) {
      const payment = payments.get(checkout[1]!);
      if (!payment) return send(response, 404, error('not_found', 'Payment not found'));
      if (method === 'POST' && checkout[2]) {
        if (checkout[2] === 'pay') await standIn.pay(payment.id);
        else await standIn.decline(payment.id);
        response.writeHead(303, { location: payment.confirmation.return_url });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(checkoutPage(payment));
    }

    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      return send(response, 400, error('invalid_request', 'Body is not JSON'));
    }
    const key = request.headers['idempotence-key'] as string | undefined;
    requests.push({ method, path, idempotenceKey: key, authorization: request.headers.authorization, body });
    if (request.headers.authorization !== expectedAuth) return send(response, 401, error('invalid_credentials', 'Authentication failed'));
    if (method === 'POST' && !key) return send(response, 400, error('invalid_request', 'Idempotence key is missing', 'Idempotence-Key'));

    const route = `${method} ${path.replace(/\/[\w-]{20,}$/, '/{id}')}`;
    const failure = failures.get(route)?.shift();
    if (failure === 429) return send(response, 429, error('too_many_requests', 'Too many requests'));
    if (failure === 500) return send(response, 500, error('internal_server_error', 'Internal server error'));
    if (failure === 202) return send(response, 202, { type: 'processing', description: 'Request accepted', retry_after: 10 });

    const memo = key && method === 'POST' ? `${path} ${key}` : null;
    const answer = (memo && answered.get(memo)) || (await handle(method, path, body, key));
    if (memo && answer.status < 500) answered.set(memo, answer);
    if (failure === 'hang') {
      // The request took effect; its answer comes too late for the caller.
      await new Promise((resolve) => setTimeout(resolve, hangMs));
      if (response.destroyed) return;
    }
    send(response, answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: YookassaStandIn = {
    url,
    shopId,
    secretKey,
    payments,
    refunds,
    requests,
    notifyTo: null,
    instantRefunds: false,
    failNext: (route, ...next) => failures.set(route, [...(failures.get(route) ?? []), ...next]),
    async pay(paymentId, { notify = true } = {}) {
      const payment = payments.get(paymentId);
      if (payment?.status !== 'pending') return;
      Object.assign(payment, { status: 'succeeded', paid: true, refundable: true, captured_at: new Date().toISOString() });
      if (notify) await notifyOf('payment.succeeded', payment);
    },
    async decline(paymentId, { notify = true } = {}) {
      const payment = payments.get(paymentId);
      if (payment?.status !== 'pending') return;
      Object.assign(payment, {
        status: 'canceled',
        cancellation_details: { party: 'yoo_money', reason: 'expired_on_confirmation' },
      });
      if (notify) await notifyOf('payment.canceled', payment);
    },
    async settleRefund(refundId, { notify = true } = {}) {
      const refund = refunds.get(refundId);
      if (refund?.status !== 'pending') return;
      refund.status = 'succeeded';
      if (notify) await notifyOf('refund.succeeded', refund);
    },
    cancelRefund(refundId) {
      const refund = refunds.get(refundId);
      if (refund?.status === 'pending')
        Object.assign(refund, { status: 'canceled', cancellation_details: { party: 'yoo_money', reason: 'rejected_by_payee' } });
    },
    async notify(body) {
      if (!standIn.notifyTo) return 0;
      const response = await fetch(standIn.notifyTo, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).catch(() => null);
      return response?.status ?? 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}

// `tsx src/testing/yookassa-stand-in.ts [port] [notify-url]`: the stand-in on its own (e2e, local tries).
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const standIn = await startYookassaStandIn({ port: Number(process.argv[2] ?? 0) });
  standIn.notifyTo = process.argv[3] ?? null;
  console.log(`YooKassa stand-in at ${standIn.url} (shop ${standIn.shopId}, key ${standIn.secretKey})`);
}
