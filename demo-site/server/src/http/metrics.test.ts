import fc from 'fast-check';
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { latencyMetric, RequestTally, requestsMetric } from './metrics';

/** What prom-client's own counter and histogram write for the same answers: the reference. */
function reference() {
  const registry = new Registry();
  const requests = new Counter({ ...requestsMetric, registers: [registry] });
  const latency = new Histogram({ ...latencyMetric, registers: [registry] });
  return {
    registry,
    record: (method: string, route: string, status: string, seconds: number) => {
      requests.inc({ method, route, status });
      latency.observe({ method, route }, seconds);
    },
  };
}

const answer = fc.record({
  method: fc.constantFrom('GET', 'POST', 'HEAD'),
  route: fc.constantFrom('/api/event/list', '/api/event_format/event/:id', '/api/payment', 'unmatched', '/a "quoted" \\ route'),
  status: fc.constantFrom('200', '304', '400', '404', '500'),
  // Bounds themselves, just past them, zero and far past the last one.
  seconds: fc.oneof(
    fc.constantFrom(0, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 5.000001, 120),
    fc.double({ min: 0, max: 10, noNaN: true }),
  ),
});

describe('RequestTally: gid_http_requests_total and gid_http_request_duration_seconds', () => {
  it('writes what prom-client’s own counter and histogram write for the same answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { maxLength: 60 }), async (answers) => {
        const registry = new Registry();
        const tally = new RequestTally(registry);
        const expected = reference();
        for (const { method, route, status, seconds } of answers) {
          tally.record(method, route, status, seconds);
          expected.record(method, route, status, seconds);
        }
        for (const name of ['gid_http_requests_total', 'gid_http_request_duration_seconds'])
          expect(await registry.getSingleMetricAsString(name)).toBe(await expected.registry.getSingleMetricAsString(name));
        // A second scrape counts nothing twice.
        expect(await registry.metrics()).toBe(await registry.metrics());
      }),
      { numRuns: 200 },
    );
  });

  it('counts on after a scrape, and a registry reset starts from zero', async () => {
    const registry = new Registry();
    const tally = new RequestTally(registry);
    tally.record('GET', '/api/event/list', '200', 0.002);
    expect(await registry.metrics()).toMatch(/gid_http_requests_total\{method="GET",route="\/api\/event\/list",status="200"\} 1\n/);
    tally.record('GET', '/api/event/list', '200', 0.2);
    const text = await registry.metrics();
    expect(text).toMatch(/gid_http_requests_total\{method="GET",route="\/api\/event\/list",status="200"\} 2\n/);
    expect(text).toMatch(/gid_http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/event\/list"\} 1\n/);
    expect(text).toMatch(/gid_http_request_duration_seconds_bucket\{le="0.25",method="GET",route="\/api\/event\/list"\} 2\n/);
    expect(text).toMatch(/gid_http_request_duration_seconds_sum\{method="GET",route="\/api\/event\/list"\} 0.202\n/);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toMatch(/route="\/api\/event\/list"/);
  });
});
