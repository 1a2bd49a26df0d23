import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestApp, openTemplateDatabase, uniquePhone } from '../testing/fixtures';
import { parseTrustProxy } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it.each([
    ['1', 1],
    ['2', 2],
    ['0', false],
    ['false', false],
    ['', false],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['::1,fd00::/8,loopback', ['::1', 'fd00::/8', 'loopback']],
  ])('reads %j as %j', (value, trust) => {
    expect(parseTrustProxy(value)).toEqual(trust);
  });

  it.each(['true', 'yes', '-1', '1.5', '10.0.0.0/33', '10.0.0.1/8/8', 'proxy.example', '10.0.0.1,,10.0.0.2', '::1/129'])(
    'refuses %j (never "every hop", never a silent typo)',
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY/);
    },
  );
});

// Finding 4 of issue 20: `TRUST_PROXY=1` (what the README suggested) used to mean "trust every hop", so the
// left-most X-Forwarded-For entry — written by the client — was its address for every per-address limit.
describe('behind one proxy, forged first hops buy no more SMS codes', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTemplateDatabase();
  });
  afterAll(() => database.close());

  const PROXY = '192.0.2.200';
  /** What one proxy forwards: the client's forged entries, then the address the proxy saw. */
  const askCodes = async (trust: string, count: number, client: string) => {
    const loose = { max: 10_000, windowMs: 60_000 };
    const api = await createTestApp(database, {
      trustProxy: parseTrustProxy(trust),
      rateLimits: {
        login: loose,
        sms: { max: 5, windowMs: 60_000 },
        reset: loose,
        oauth: loose,
        uploads: loose,
        payment: loose,
        promocode: loose,
      },
    });
    const answers = [];
    for (let i = 0; i < count; i++) {
      answers.push(
        await api.request({
          method: 'POST',
          url: '/api/user/code',
          remoteAddress: PROXY,
          headers: { 'x-forwarded-for': `10.66.${i}.1, 172.16.${i}.9, ${client}` },
          payload: { phone: uniquePhone(), registration: true },
        }),
      );
    }
    // Another client behind the same proxy has its own count: the clients are not all "the proxy".
    const other = await api.request({
      method: 'POST',
      url: '/api/user/code',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `198.51.100.${client.slice(-1)}` },
      payload: { phone: uniquePhone(), registration: true },
    });
    answers.push(other);
    await api.close();
    return answers;
  };

  it('a hop count: the address the proxy saw is the client, whatever it wrote before it', async () => {
    const answers = await askCodes('1', 7, '203.0.113.5');
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429, 200]);
    expect(answers[5]!.json()).toEqual({ message: 'Слишком много попыток. Попробуйте позже' });
  });

  it('a list of proxy addresses: the first address not on it is the client', async () => {
    const answers = await askCodes(`${PROXY}, 10.0.0.0/8`, 7, '203.0.113.6');
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429, 200]);
  });
});
