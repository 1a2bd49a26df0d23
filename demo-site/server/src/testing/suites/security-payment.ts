import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { orders } from '../../db/schema/index';
import { type Body, createTestApp, type TestApp, uniqueEmail } from '../fixtures';
import { seeded } from './catalogue';

const names = { first_name: 'Анна', last_name: 'Иванова', phone: '79990001122', gender: 'female', birth_date: '1990-02-03' };
/** A participant night5k accepts (the checkout's participant rules): the names, its city's region, a shirt size in stock. */
let participant: Record<string, unknown> = names;
const basket = (email: string) => ({ email, tickets: [{ format_public_id: seeded.night5k, ticket_count: 1, info: [participant] }] });

/** Issue 15, payments: each test is the attack, asserting the refusal. */
export function paymentAttackSuite(database: () => DatabaseHandle) {
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp(database());
    const format = (await api.request({ method: 'GET', url: `/api/event_format/${seeded.night5k}` })).json();
    const shirts = (await api.request({ method: 'GET', url: `/api/shop/shirts/${format.event_city.public_id}` })).json();
    const size = shirts.values[0]?.size?.find((option: { count: number }) => option.count > 0)?.size;
    participant = { ...names, region: format.regions[0].id, ...(size && !format.shirt_unavailable ? { item_size: size } : {}) };
    return () => api.close();
  });
  const call = (app: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token?: string, ip = '203.0.113.10') =>
    app.request({ method, url, remoteAddress: ip, ...(payload ? { payload } : {}), ...(token ? { token } : {}) });

  describe('«selling out» an event with unpaid holds', () => {
    it('one e-mail holds at most 3 open orders', async () => {
      const email = uniqueEmail('hoarder');
      const app = await createTestApp(database(), { holdCaps: { perEmail: 3, perAddress: 10_000 } });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(app, 'POST', '/api/payment', basket(email))).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await call(app, 'POST', '/api/payment', basket(email));
      expect(refused.json()).toEqual({ message: 'Слишком много неоплаченных заказов. Оплатите их или дождитесь окончания брони' });
      // Once the holds expire the address may buy again.
      app.clock.advance(16 * 60_000);
      expect((await call(app, 'POST', '/api/payment', basket(email))).statusCode).toBe(200);
      await app.close();
    });

    it('one address holds at most 10 open orders, whatever e-mails it gives', async () => {
      const app = await createTestApp(database(), { holdCaps: { perEmail: 3, perAddress: 10 } });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push((await call(app, 'POST', '/api/payment', basket(uniqueEmail('bot')), undefined, '198.51.100.7')).statusCode);
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
      // Another address is not affected.
      expect((await call(app, 'POST', '/api/payment', basket(uniqueEmail('person')), undefined, '198.51.100.8')).statusCode).toBe(200);
      await app.close();
    });

    // Issue 20, finding 3: the caps counted orders, and max_count was per line — one guest order of
    // 12 lines × 10 held 120 places of a format whose max_count is 10.
    it('one order holds at most the format’s max_count, summed over its lines', async () => {
      const format = (await api.request({ method: 'GET', url: `/api/event_format/${seeded.night5k}` })).json();
      const max = format.max_count as number;
      const line = (count: number) => ({ format_public_id: seeded.night5k, ticket_count: count, info: [participant] });
      const lines = Array.from({ length: 12 }, () => line(max));
      const refused = await call(api, 'POST', '/api/payment', { email: uniqueEmail('hoard'), tickets: lines }, undefined, '203.0.113.31');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: 'Указанное количество билетов недоступно' });
      const split = [line(max - 1), line(1)];
      expect(
        (await call(api, 'POST', '/api/payment', { email: uniqueEmail('family'), tickets: split }, undefined, '203.0.113.32')).statusCode,
      ).toBe(200);
      const over = [line(max - 1), line(1), line(1)];
      expect(
        (await call(api, 'POST', '/api/payment', { email: uniqueEmail('hoard'), tickets: over }, undefined, '203.0.113.33')).statusCode,
      ).toBe(400);
    });

    it('the hold caps count tickets, not orders: two orders of 5 from one address reach a cap of 8', async () => {
      const app = await createTestApp(database(), { holdCaps: { perEmail: 8, perAddress: 8 } });
      const five = (email: string) => ({ email, tickets: [{ format_public_id: seeded.night5k, ticket_count: 5, info: [participant] }] });
      const address = '203.0.113.34';
      expect((await call(app, 'POST', '/api/payment', five(uniqueEmail('bot')), undefined, address)).statusCode).toBe(200);
      const second = await call(app, 'POST', '/api/payment', five(uniqueEmail('bot')), undefined, address);
      expect(second.statusCode).toBe(429);
      expect(second.json()).toEqual({ message: 'Слишком много неоплаченных заказов. Оплатите их или дождитесь окончания брони' });
      // Per e-mail the same, whatever addresses it comes from.
      const email = uniqueEmail('one');
      expect((await call(app, 'POST', '/api/payment', five(email), undefined, '203.0.113.35')).statusCode).toBe(200);
      expect((await call(app, 'POST', '/api/payment', five(email), undefined, '203.0.113.36')).statusCode).toBe(429);
      // A small order still fits under the cap.
      expect((await call(app, 'POST', '/api/payment', basket(email), undefined, '203.0.113.37')).statusCode).toBe(200);
      await app.close();
    });

    it('a forged X-Forwarded-For does not dodge the limit unless a proxy is trusted (TRUST_PROXY)', async () => {
      const strict = { rateLimits: { ...api.deps.config.rateLimits, payment: { max: 1, windowMs: 60_000 } } };
      const forged = (app: TestApp, i: number) =>
        app.request({
          method: 'POST',
          url: '/api/payment',
          remoteAddress: '192.0.2.200',
          headers: { 'x-forwarded-for': `10.9.8.${i}` },
          payload: basket(uniqueEmail()),
        });
      const direct = await createTestApp(database(), strict);
      expect([(await forged(direct, 1)).statusCode, (await forged(direct, 2)).statusCode]).toEqual([200, 429]);
      await direct.close();
      // Behind a trusted proxy the forwarded address is the client's, each with its own count.
      const proxied = await createTestApp(database(), { ...strict, trustProxy: ['192.0.2.200'] });
      expect([(await forged(proxied, 3)).statusCode, (await forged(proxied, 4)).statusCode]).toEqual([200, 200]);
      await proxied.close();
    });

    it('payment creation is rate-limited per address', async () => {
      const app = await createTestApp(database(), {
        rateLimits: { ...api.deps.config.rateLimits, payment: { max: 2, windowMs: 60_000 } },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await call(app, 'POST', '/api/payment', basket(uniqueEmail()), undefined, '192.0.2.77')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      await app.close();
    });

    it('the temporary user’s payment (PUT /api/user/auth/payment) shares the limit: no way round it', async () => {
      const app = await createTestApp(database(), {
        rateLimits: { ...api.deps.config.rateLimits, payment: { max: 2, windowMs: 60_000 } },
      });
      // A guest checkout that makes a temporary account, then the same person paying through the other door.
      const email = uniqueEmail('temp');
      const statuses = [
        (await call(app, 'POST', '/api/payment', { ...basket(email), register: true }, undefined, '192.0.2.78')).statusCode,
      ];
      for (let i = 0; i < 2; i++)
        statuses.push((await call(app, 'PUT', '/api/user/auth/payment', basket(email), undefined, '192.0.2.78')).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      await app.close();
    });
  });

  describe('the sandbox pay routes', () => {
    it('are not mounted when the sandbox is not the provider: a known payment id marks nothing paid', async () => {
      const created = (await call(api, 'POST', '/api/payment', basket(uniqueEmail()))).json() as Body;
      const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
      const app = await createTestApp(database(), { sandbox: false });
      const pay = await app.request({
        method: 'POST',
        url: `/sandbox/pay/${order!.paymentId}/pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(pay.statusCode).toBe(404);
      expect((await app.request({ method: 'GET', url: `/sandbox/pay/${order!.paymentId}` })).statusCode).toBe(404);
      const [after] = await api.deps.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(after!.status).toBe('pending');
      await app.close();
    });
  });

  describe('GET /api/order/{id}', () => {
    it('an account’s order needs its token; a guest’s stays readable by id', async () => {
      const login = await call(api, 'POST', '/api/user', { email: uniqueEmail('owner'), password: 'Secret12' });
      expect(login.statusCode).toBe(200);
      const demo = (
        await api.request({ method: 'PUT', url: '/api/auth', payload: { email: 'demo@geroi.example', password: 'Demo1234' } })
      ).json().token as string;
      const vip = (
        await api.request({ method: 'PUT', url: '/api/auth', payload: { email: 'vip@geroi.example', password: 'Vip12345' } })
      ).json().token as string;
      const own = (await call(api, 'POST', '/api/payment', basket('demo@geroi.example'), demo)).json() as Body;
      expect((await call(api, 'GET', `/api/order/${own.order_id}`)).statusCode).toBe(404);
      expect((await call(api, 'GET', `/api/order/${own.order_id}`, undefined, vip)).statusCode).toBe(404);
      const read = await call(api, 'GET', `/api/order/${own.order_id}`, undefined, demo);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ public_id: own.order_id, status: 'pending', redirect_url: own.redirect_url });

      const guest = (await call(api, 'POST', '/api/payment', basket(uniqueEmail('guest')))).json() as Body;
      expect((await call(api, 'GET', `/api/order/${guest.order_id}`)).json()).toMatchObject({
        public_id: guest.order_id,
        status: 'pending',
      });
    });

    it('a GET changes nothing and does not call the provider', async () => {
      const created = (await call(api, 'POST', '/api/payment', basket(uniqueEmail('reader')))).json() as Body;
      const [before] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
      const provider = api.deps.payments;
      let calls = 0;
      api.deps.payments = {
        ...provider,
        create: async (payment) => {
          calls++;
          return provider.create(payment);
        },
        refund: async (refund) => {
          calls++;
          return provider.refund(refund);
        },
      };
      try {
        for (let i = 0; i < 3; i++)
          expect((await call(api, 'GET', `/api/order/${created.order_id}`)).json().redirect_url).toBe(created.redirect_url);
      } finally {
        api.deps.payments = provider;
      }
      expect(calls).toBe(0);
      const [after] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
      expect(after).toEqual(before);
    });
  });

  it('on https the browser is told to stay there (HSTS); the plain-http demo is not', async () => {
    const secure = await createTestApp(database(), { publicUrl: 'https://geroi.example' });
    expect((await secure.request({ method: 'GET', url: '/api/event/list' })).headers['strict-transport-security']).toMatch(
      /max-age=31536000/,
    );
    await secure.close();
    expect((await api.request({ method: 'GET', url: '/api/event/list' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('the support letter’s subject cannot be given extra header lines', async () => {
    const sent = await call(api, 'POST', '/api/support', {
      name: 'Ольга\r\nBcc: victim@example.ru\r\n',
      email: 'olga@example.ru',
      phone: '79123456789',
      support_type: 'clubs',
    });
    expect(sent.statusCode).toBe(200);
    const [letter] = await api.deps.db.query.outboxMessages.findMany({
      where: (message, { eq }) => eq(message.recipient, 'support@geroi.example'),
      orderBy: (message, { desc }) => desc(message.id),
      limit: 1,
    });
    expect(letter!.subject).toBe('Заявка (clubs) от Ольга Bcc: victim@example.ru');
    expect(letter!.subject).not.toMatch(/[\r\n]/);
  });

  it('promocode checks are rate-limited per address, across the three kinds', async () => {
    const app = await createTestApp(database(), { rateLimits: { ...api.deps.config.rateLimits, promocode: { max: 3, windowMs: 60_000 } } });
    const urls = [
      `/api/promocode/check/ticket/GUESS1/${seeded.night5k}`,
      `/api/promocode/check/product/GUESS2/${seeded.hoodie}`,
      `/api/promocode/check/insurance/GUESS3/${seeded.hoodie}`,
      `/api/promocode/check/ticket/GUESS4/${seeded.night5k}`,
    ];
    const statuses: number[] = [];
    for (const url of urls) statuses.push((await call(app, 'GET', url, undefined, undefined, '192.0.2.99')).statusCode);
    expect(statuses.slice(0, 3).every((status) => status !== 429)).toBe(true);
    expect(statuses[3]).toBe(429);
    await app.close();
  });
}
