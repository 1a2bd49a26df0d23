import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestApp, openTemplateDatabase, type TestApp } from '../testing/fixtures';
import { demoLoggerOptions, prettyLine, requestLine, worthALine } from './demo-console';

const lines: string[] = [];
let database: DatabaseHandle;
let api: TestApp;
beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(
    database,
    {},
    { logger: demoLoggerOptions('info', (line) => lines.push(line)), demoConsole: { write: (line) => lines.push(line) } },
  );
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

describe('the demo console (npm start)', () => {
  it('keeps a line per API call and every failure; leaves out static files, pages, revalidations and successful polling', () => {
    expect(worthALine('GET', '/api/event/list', 200)).toBe(true);
    expect(worthALine('POST', '/api/payment', 200)).toBe(true);
    expect(worthALine('GET', '/assets/index-abc.js', 200)).toBe(false);
    expect(worthALine('GET', '/calendar', 200)).toBe(false);
    expect(worthALine('GET', '/api/news', 304)).toBe(false);
    expect(worthALine('GET', '/api/order/abc', 200)).toBe(false);
    expect(worthALine('GET', '/dev/outbox.json?to=x', 200)).toBe(false);
    expect(worthALine('GET', '/api/order/abc', 404)).toBe(true);
    expect(worthALine('GET', '/assets/missing.js', 404)).toBe(true);
  });

  it('writes readable lines, secrets redacted, not JSON', () => {
    const at = new Date(2030, 0, 1, 12, 3, 4);
    expect(requestLine('GET', '/api/event/list', 200, 12.4, at)).toBe('12:03:04  GET    /api/event/list  200  12 ms');
    expect(requestLine('GET', '/token/secret-token', 200, 1, at)).toContain('/token/[redacted]');
    const pretty = prettyLine(
      JSON.stringify({ level: 50, time: at.getTime(), msg: 'boom', err: { type: 'TypeError', message: 'x is undefined' } }),
    );
    expect(pretty).toBe('12:03:04  ERROR boom — TypeError: x is undefined');
  });

  it('on a running app: one line for an API call, none for a page', async () => {
    lines.length = 0;
    await api.request({ method: 'GET', url: '/api/event/list' });
    await api.request({ method: 'GET', url: '/api/event/id/none' });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}GET {4}\/api\/event\/list {2}200 {2}\d+ ms$/);
    expect(lines[1]).toMatch(/\/api\/event\/id\/none {2}404/);
    // Fastify's own request lines are dropped, and nothing is JSON.
    for (const line of lines) expect(() => JSON.parse(line)).toThrow();
    expect(lines.join('\n')).not.toContain('incoming request');
  });
});
