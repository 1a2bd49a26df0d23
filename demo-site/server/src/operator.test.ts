import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { countedProvider, createMetrics, type ServerMetrics } from './http/metrics';
import type { OutgoingLetter } from './messaging/letter-queue';
import { startServer } from './start';
import { createTestApp, openTemplateDatabase, type TestApp, uniqueEmail } from './testing/fixtures';
import { seeded } from './testing/suites/catalogue';

// The operator's view: health, readiness (draining while stopping), Prometheus metrics and the letter queue.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTemplateDatabase();
});
afterAll(() => database?.close());

describe('in demo mode', () => {
  let api: TestApp;
  let metrics: ServerMetrics;
  let draining = false;
  beforeAll(async () => {
    metrics = createMetrics({ db: database.db, clock: { now: () => new Date() } });
    api = await createTestApp(database, {}, { operator: { metrics, draining: () => draining } });
    api.deps.payments = countedProvider(api.deps.payments, metrics);
  });
  afterAll(() => api?.close());

  it('/healthz answers while the process is up; /readyz checks the database, its migrations and the provider, and drains', async () => {
    expect((await api.request({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await api.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', payments: 'sandbox' } });
    draining = true;
    const stopping = await api.request({ method: 'GET', url: '/readyz' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json().status).toBe('draining');
    draining = false;
  });

  it('/metrics: requests per route pattern, purchases and refusals by reason, provider calls, the letter queue', async () => {
    await api.request({ method: 'GET', url: `/api/event_format/${seeded.night5k}` });
    const bought = await api.request({
      method: 'POST',
      url: '/api/payment',
      payload: { email: uniqueEmail('metrics'), tickets: [{ format_public_id: seeded.night5k }] },
    });
    expect(bought.statusCode).toBe(200);
    const refused = await api.request({
      method: 'POST',
      url: '/api/payment',
      payload: { email: uniqueEmail('metrics'), tickets: [{ format_public_id: seeded.unknown }] },
    });
    expect(refused.statusCode).toBe(400);
    const scrape = await api.request({ method: 'GET', url: '/metrics' });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain/);
    const text = scrape.body;
    expect(text).toMatch(/gid_http_requests_total\{method="GET",route="\/api\/event_format\/:id",status="200"\} 1/);
    expect(text).toMatch(/gid_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/event_format\/:id"\}/);
    expect(text).toMatch(/gid_purchases_total\{outcome="created",reason=""\} 1/);
    expect(text).toMatch(new RegExp(`gid_purchases_total\\{outcome="refused",reason="${refused.json().message}"\\} 1`));
    expect(text).toMatch(/gid_payment_provider_calls_total\{provider="sandbox",operation="create",outcome="ok"\} 1/);
    expect(text).toMatch(/gid_letter_queue_backlog \d+/);
    expect(text).toMatch(/gid_letter_queue_oldest_seconds \d+/);
    expect(text).toMatch(/process_resident_memory_bytes/);
  });

  it('a refund the provider refused for good is counted apart from errors (outcome="refused")', async () => {
    const own = createMetrics({ db: database.db, clock: { now: () => new Date() } });
    const refusing = countedProvider(
      {
        ...api.deps.payments,
        name: 'yookassa',
        refund: async () => ({ outcome: 'canceled', refundId: 'r-1', reason: 'rejected_by_payee' }),
      },
      own,
    );
    expect((await refusing.refund({ paymentId: 'p', providerPaymentId: 'pp', refundId: null, amount: 100, receipt: null })).outcome).toBe(
      'canceled',
    );
    const text = await own.registry.metrics();
    expect(text).toMatch(/gid_payment_provider_calls_total\{provider="yookassa",operation="refund",outcome="refused"\} 1/);
    expect(text).not.toMatch(/operation="refund",outcome="ok"/);
  });

  it('/ops/letters shows the queue and each letter’s state, without its text', async () => {
    const to = uniqueEmail('ops');
    await api.deps.email.send({ to, subject: 'Код', text: 'Ваш код 1234', meta: { kind: 'code', code: '1234' } });
    const answer = (await api.request({ method: 'GET', url: '/ops/letters' })).json();
    expect(answer.queue).toMatchObject({ backlog: expect.any(Number), byStatus: expect.any(Object) });
    const letter = answer.letters.find((row: { to: string }) => row.to === to);
    expect(letter).toMatchObject({ subject: 'Код', kind: 'code', status: 'recorded', attempts: 0, last_error: null });
    expect(JSON.stringify(letter)).not.toContain('1234');
  });
});

describe('in production', () => {
  it('/metrics and /ops/letters need the metrics token; without one configured they are not there', async () => {
    const metrics = createMetrics({ db: database.db, clock: { now: () => new Date() } });
    const guarded = await createTestApp(database, { demo: false }, { operator: { metrics, metricsToken: 'scrape-token-123' } });
    const closed = await createTestApp(database, { demo: false }, { operator: { metrics } });
    try {
      const without = await guarded.request({ method: 'GET', url: '/metrics' });
      expect(without.statusCode).toBe(401);
      expect(without.json()).toEqual({ message: 'Нужен токен метрик (Authorization: Bearer …)' });
      expect(
        (await guarded.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-12' } })).statusCode,
      ).toBe(401);
      const scrape = await guarded.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-token-123' } });
      expect(scrape.statusCode).toBe(200);
      expect((await guarded.request({ method: 'GET', url: '/ops/letters' })).statusCode).toBe(401);
      expect((await closed.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect((await closed.request({ method: 'GET', url: '/ops/letters' })).statusCode).toBe(404);
      expect((await closed.request({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await guarded.close();
      await closed.close();
    }
  });

  it('startServer: METRICS_PORT serves the metrics apart from the site; letters leave through the transport; close drains', async () => {
    const sent: OutgoingLetter[] = [];
    const server = await startServer({
      port: 0,
      database: await openTemplateDatabase(),
      config: { demo: false, sandbox: true, scrypt: { N: 1024, r: 8, p: 1 } },
      metrics: { port: 0 },
      mail: { transport: { send: async (letter) => void sent.push(letter) }, from: 'Герои <noreply@geroi.example>' },
    });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      const scrape = await fetch(server.metricsUrl!);
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toMatch(/gid_letter_queue_backlog/);
      const to = uniqueEmail('queued');
      await server.deps.email.send({ to, subject: 'Тема', text: 'Текст', key: 'once' });
      await server.deps.email.send({ to, subject: 'Тема', text: 'Текст', key: 'once' });
      await server.letters!.drain();
      expect(sent.filter((letter) => letter.to === to)).toHaveLength(1);
      expect(sent.find((letter) => letter.to === to)!.html).toContain('<p>Текст</p>');
      server.drain();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
