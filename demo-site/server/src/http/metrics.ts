import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';
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
  /** Requests by method, route pattern and status, and their latency (`gid_http_…`). */
  requests: RequestTally;
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
  const requests = new RequestTally(registry);
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
  return { registry, purchases, providerCalls, letters, requests, scans };
}

/**
 * Request rate and latency per route (the route's pattern, never the raw URL), purchases and their
 * refusals, check-in scans: counted as each answer leaves.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  const { requests, scans } = metrics;
  // A callback hook: an async one costs every request a promise.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    requests.record(request.method, route, status, reply.elapsedTime / 1000);
    if (route === '/api/payment' && request.method === 'POST') {
      if (reply.statusCode < 400) metrics.purchases.inc({ outcome: 'created', reason: '' });
      // The refusal's message is the purchase's reason (a small, fixed set of Russian sentences), as the
      // error handler answered it; the status when something else answered.
      else metrics.purchases.inc({ outcome: 'refused', reason: errorMessageOf(request)?.slice(0, 120) ?? status });
    }
    if (route === '/api/staff/checkin' && request.method === 'POST') scans.inc({ status });
    done();
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

/** What `RequestTally` writes: prom-client's counter and histogram of these would write the same. */
export const requestsMetric = {
  name: 'gid_http_requests_total',
  help: 'HTTP requests by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
};
export const latencyMetric = {
  name: 'gid_http_request_duration_seconds',
  help: 'HTTP request latency by method and route pattern',
  labelNames: ['method', 'route'] as const,
  /** In seconds. */
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
};
const LATENCY_BUCKETS = latencyMetric.buckets;

interface RouteCount {
  method: string;
  route: string;
  /** Requests by latency bucket (not cumulative); the last one past the largest bound. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * `gid_http_requests_total` and `gid_http_request_duration_seconds`, counted with plain numbers as
 * each answer leaves and turned into prom-client's values only when /metrics is read. prom-client's
 * `Counter.inc` and `Histogram.observe` check and hash their labels on every call: about 1 µs of every
 * answer (50 times this tally's), and in the API's hottest call, a cached catalogue answer, a few per
 * cent of its throughput. The exposition is the one prom-client's own counter and histogram write
 * (metrics.test.ts compares them).
 */
export class RequestTally {
  /** By method and route: the latency. */
  private readonly routes = new Map<string, RouteCount>();
  /** By method, route and status: the requests (apart, so that the lines come in the order they first did). */
  private readonly answers = new Map<string, { labels: { method: string; route: string; status: string }; count: number }>();

  constructor(registry: Registry) {
    const { routes, answers } = this;
    new Counter({
      ...requestsMetric,
      registers: [registry],
      collect() {
        this.reset();
        for (const { labels, count } of answers.values()) this.inc(labels, count);
      },
    });
    const { name, help } = latencyMetric;
    const histogram = {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      get: async () => ({
        name,
        help,
        type: histogram.type,
        aggregator: histogram.aggregator,
        values: [...routes.values()].flatMap(({ method, route, buckets, sum, count }) => {
          let cumulative = 0;
          return [
            ...LATENCY_BUCKETS.map((le, index) => {
              cumulative += buckets[index]!;
              return { labels: { le, method, route }, value: cumulative, metricName: `${name}_bucket` };
            }),
            { labels: { le: '+Inf', method, route }, value: count, metricName: `${name}_bucket` },
            { labels: { method, route }, value: sum, metricName: `${name}_sum` },
            { labels: { method, route }, value: count, metricName: `${name}_count` },
          ];
        }),
      }),
      reset: () => {
        routes.clear();
        answers.clear();
      },
    };
    registry.registerMetric(histogram as unknown as Metric);
  }

  /** One answer: its method, route pattern, status and time in seconds. */
  record(method: string, route: string, status: string, seconds: number): void {
    const key = `${method} ${route}`;
    let counts = this.routes.get(key);
    if (!counts) {
      counts = { method, route, buckets: new Array(LATENCY_BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      this.routes.set(key, counts);
    }
    const answerKey = `${key} ${status}`;
    const answer = this.answers.get(answerKey);
    if (answer) answer.count++;
    else this.answers.set(answerKey, { labels: { method, route, status }, count: 1 });
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    counts.buckets[bucket]!++;
    counts.sum += seconds;
    counts.count++;
  }
}
