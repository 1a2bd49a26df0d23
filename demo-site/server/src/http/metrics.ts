import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { PaymentProvider } from '../features/payment/provider';
import type { Clock } from '../lib/clock';
import { letterQueueState } from '../messaging/letter-queue';
import { errorMessageOf } from './error-handler';

/**
 * The server's Prometheus metrics (GET /metrics, prom-client): requests per route and their latency,
 * purchases and refusals by reason, payment-provider calls and errors, the letter queue's backlog and
 * its oldest letter's age, the database pool, check-in scans, and the process's own (memory, event loop).
 * One registry per server (tests run several in one process).
 */
export interface ServerMetrics {
  registry: Registry;
  purchases: Counter<'outcome' | 'reason'>;
  providerCalls: Counter<'provider' | 'operation' | 'outcome'>;
  letters: Counter<'outcome'>;
  requests: Counter<'method' | 'route' | 'status'>;
  latency: Histogram<'method' | 'route'>;
  scans: Counter<'status'>;
}

/** Where the gauges read from: the database (letters) and the PostgreSQL pool, when there is one. */
export interface MetricSources {
  db: Database;
  clock: Clock;
  pool?: { totalCount: number; idleCount: number; waitingCount: number; options?: { max?: number } } | undefined;
}

export function createMetrics(sources: MetricSources): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'gid_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'gid_http_request_duration_seconds',
    help: 'HTTP request latency by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const scans = new Counter({
    name: 'gid_checkin_scans_total',
    help: 'Check-in scans (POST /api/staff/checkin) by HTTP status',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const purchases = new Counter({
    name: 'gid_purchases_total',
    help: 'POST /api/payment answers: created, or refused with the reason the buyer was told',
    labelNames: ['outcome', 'reason'] as const,
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'gid_payment_provider_calls_total',
    help: 'Calls to the payment provider (create, refund, confirm, status) and whether they failed',
    labelNames: ['provider', 'operation', 'outcome'] as const,
    registers: [registry],
  });
  const letters = new Counter({
    name: 'gid_letters_total',
    help: 'Letters the queue handled: sent, retry (a 4xx or the server away), failed (a bounce, or given up)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  // The queue's state is read from the database when scraped (several processes share the queue).
  let letterState: Awaited<ReturnType<typeof letterQueueState>> | null = null;
  const readLetters = async () => {
    letterState = await letterQueueState(sources.db, sources.clock.now()).catch(() => null);
  };
  new Gauge({
    name: 'gid_letter_queue_backlog',
    help: 'Letters queued or being sent',
    registers: [registry],
    async collect() {
      await readLetters();
      this.set(letterState?.backlog ?? 0);
    },
  });
  new Gauge({
    name: 'gid_letter_queue_oldest_seconds',
    help: 'Age of the oldest letter still waiting to leave',
    registers: [registry],
    collect() {
      this.set(letterState?.oldestWaitingSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'gid_letters_failed',
    help: 'Letters given up (bounced), as the outbox table holds them',
    registers: [registry],
    collect() {
      this.set(letterState?.byStatus.failed ?? 0);
    },
  });
  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'gid_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle) and the callers waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options?.max ?? 0);
      },
    });
  }
  return { registry, purchases, providerCalls, letters, requests, latency, scans };
}

/**
 * Request rate and latency per route (the route's pattern, never the raw URL), purchases and their
 * refusals, check-in scans: counted as each answer leaves.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  const { requests, latency, scans } = metrics;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    requests.inc({ method: request.method, route, status });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (route === '/api/payment' && request.method === 'POST') {
      if (reply.statusCode < 400) metrics.purchases.inc({ outcome: 'created', reason: '' });
      // The refusal's message is the purchase's reason (a small, fixed set of Russian sentences), as the
      // error handler answered it; the status when something else answered.
      else metrics.purchases.inc({ outcome: 'refused', reason: errorMessageOf(request)?.slice(0, 120) ?? status });
    }
    if (route === '/api/staff/checkin' && request.method === 'POST') scans.inc({ status });
  });
}

/** The provider with each call counted (operation; ok, error, or a refund `refused`) for the metrics. */
export function countedProvider(provider: PaymentProvider, metrics: ServerMetrics): PaymentProvider {
  const counted =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await call(...args);
        // A refund the provider refused for good is no error of the call, but an operator's to see.
        const refused = (result as { outcome?: string } | null)?.outcome === 'canceled';
        metrics.providerCalls.inc({ provider: provider.name, operation, outcome: refused ? 'refused' : 'ok' });
        return result;
      } catch (error) {
        metrics.providerCalls.inc({ provider: provider.name, operation, outcome: 'error' });
        throw error;
      }
    };
  // The sandbox's own extras (its refunds, settling one) stay reachable through the prototype.
  return Object.assign(Object.create(provider) as PaymentProvider, {
    create: counted('create', provider.create.bind(provider)),
    refund: counted('refund', provider.refund.bind(provider)),
    confirm: counted('confirm', provider.confirm.bind(provider)),
    status: counted('status', provider.status.bind(provider)),
  });
}
