import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { formatStock, orders, tickets, userInsurances, users } from '../../db/schema/index';
import { writeOrder } from '../../features/payment/order-writes';
import { closeOrder } from '../../features/payment/orders';
import { SHOP_COUNT_MAX } from '../../features/payment/pricing';
import { signNotification } from '../../features/payment/provider';
import { stablePublicId as id } from '../../lib/crypto';
import { type Body, createTestApp, type TestApp, uniqueEmail } from '../fixtures';
import { seeded } from './catalogue';

const hoodieM = id('proportion:hoodie-geroi:M');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The money path over a database: payment → sandbox page → signed notification → order, tickets,
 * stock. Runs on PGlite and on PostgreSQL (the race in particular).
 */
export function paymentSuite(database: () => DatabaseHandle) {
  let api: TestApp;
  let demoToken: string;

  beforeAll(async () => {
    api = await createTestApp(database());
    demoToken = (await call('PUT', '/api/auth', { email: 'demo@geroi.example', password: 'Demo1234' })).json().token;
  });
  afterAll(() => api?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token?: string) =>
    api.request({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      ...(token ? { token } : {}),
    });

  const left = async (formatPublicId: string, kind = 'athlete') => {
    const result = await api.deps.db.execute(
      sql`select capacity - taken as left from format_stock join event_formats on event_formats.id = format_stock.format_id where event_formats.public_id = ${formatPublicId} and kind = ${kind}`,
    );
    return Number(rowsOf<{ left: number }>(result)[0]!.left);
  };
  const orderCount = async () => Number(rowsOf<{ n: number }>(await api.deps.db.execute(sql`select count(*)::int as n from orders`))[0]!.n);
  const paymentIdOf = async (orderPublicId: string) => {
    const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, orderPublicId));
    return order!.paymentId;
  };
  /** What night5k asks of a participant beyond the names (its city's region, a shirt size in stock). */
  const nightParticipant = async () => {
    const format = (await call('GET', `/api/event_format/${seeded.night5k}`)).json();
    const shirts = (await call('GET', `/api/shop/shirts/${format.event_city.public_id}`)).json();
    const size = shirts.values[0]?.size?.find((option: { count: number }) => option.count > 0)?.size;
    return { region: format.regions[0].id, ...(size && !format.shirt_unavailable ? { item_size: size } : {}) };
  };
  const pay = async (payload: Record<string, unknown>, token?: string) => {
    const response = await call('POST', '/api/payment', { email: uniqueEmail('buyer'), ...payload }, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Body;
  };
  const sandbox = async (orderPublicId: string, action: 'pay' | 'decline' | 'refund') => {
    const paymentId = await paymentIdOf(orderPublicId);
    return api.request({
      method: 'POST',
      url: `/sandbox/pay/${paymentId}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  };

  describe('payment → sandbox → order', () => {
    it('a plain basket is written whole in one statement; a sold-out one writes nothing; the pay link is in the order row', async () => {
      const formatId = Number(
        rowsOf<{ id: number }>(await api.deps.db.execute(sql`select id from event_formats where public_id = ${seeded.night5k}`))[0]!.id,
      );
      const stock = sql`format_id = ${formatId} and kind = 'athlete'`;
      const before = await left(seeded.night5k);
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k, ticket_count: 2 }] });
      expect(await left(seeded.night5k)).toBe(before - 2);
      const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
      // Written with the order, not by an update after it (which could fail and leave the order without it).
      expect(order!.paymentUrl).toBe(created.redirect_url);
      expect(order!.amount).toBe(created.amount * 100);
      // Two places left, three asked for: refused with the stock's message, no order and no line written.
      await api.deps.db.execute(sql`update format_stock set capacity = taken + 2 where ${stock}`);
      const orders0 = await orderCount();
      const refused = await call('POST', '/api/payment', {
        email: uniqueEmail('late'),
        tickets: [{ format_public_id: seeded.night5k, ticket_count: 3 }],
      });
      expect([refused.statusCode, refused.json()]).toEqual([400, { message: 'Указанное количество билетов недоступно' }]);
      expect(await orderCount()).toBe(orders0);
      expect(await left(seeded.night5k)).toBe(2);
      // The statement itself, when the places went between the checks and the write (another process sold them).
      const raced = writeOrder(
        api.deps.db,
        {
          publicId: 'raced0000000000000000000',
          email: 'raced@test.example',
          status: 'pending',
          amount: 390000,
          paymentId: 'pay_raced',
          createdAt: new Date(),
          expiresAt: new Date(Date.now() + 60_000),
        },
        [{ orderId: 0, kind: 'ticket', formatId, stockKind: 'athlete', count: 3, unitPrice: 130000, total: 390000 }],
        { formatId, kind: 'athlete', count: 3 },
      );
      await expect(raced).rejects.toMatchObject({ statusCode: 400, message: 'Указанное количество билетов недоступно' });
      expect(await orderCount()).toBe(orders0);
      expect(await left(seeded.night5k)).toBe(2);
      // Put back as found: the order declined (its places return), the places as many as before.
      expect(await closeOrder(api.deps, order!.id, 'declined')).toBe(true);
      await api.deps.db.execute(sql`update format_stock set capacity = taken + ${before} where ${stock}`);
    });

    it('prices on the server, holds the stock, and the sandbox page pays: tickets numbered, e-mail sent', async () => {
      const before = await left(seeded.night5k);
      const email = uniqueEmail('guest');
      const created = await pay({
        email,
        // The client's figures are ignored: the server's prices are charged.
        tickets: [
          {
            format_public_id: seeded.night5k,
            ticket_count: 2,
            price: 1,
            totalCost: 2,
            info: [
              {
                first_name: 'Анна',
                last_name: 'Иванова',
                phone: '79990001122',
                gender: 'female',
                birth_date: '1990-02-03',
                ...(await nightParticipant()),
              },
            ],
          },
        ],
        shop: [{ product: { public_id: seeded.hoodie }, proportion: { public_id: hoodieM }, count: 1, price: 0 }],
        total: 10,
      });
      expect(created.redirect_url).toMatch(/^http:\/\/site\.test\/sandbox\/pay\/pay_[0-9a-f]{32}$/);
      expect(created.token).toBeUndefined();
      expect(await left(seeded.night5k)).toBe(before - 2);

      const format = (await call('GET', `/api/event_format/${seeded.night5k}`)).json();
      const expected = 2 * format.price + 4900;
      expect(created.amount).toBe(expected);

      const pending = (await call('GET', `/api/order/${created.order_id}`)).json();
      expect(pending).toMatchObject({ status: 'pending', paid: false, email, amount: expected, unpaid_amount: expected });
      expect(pending.unpaid.tickets).toHaveLength(1);
      expect(pending.items.shop[0]).toMatchObject({ title: 'Худи «Герои»', size: 'M', count: 1, price: 4900 });

      const page = await api.request({ method: 'GET', url: new URL(created.redirect_url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Оплатить');
      expect(page.body).toContain('Отказаться');

      const back = await sandbox(created.order_id, 'pay');
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`http://site.test/basket/thanks?order=${created.order_id}`);

      const paid = (await call('GET', `/api/order/${created.order_id}`)).json();
      expect(paid).toMatchObject({ status: 'paid', paid: true, unpaid_amount: 0, unpaid: { tickets: [], shop: [] } });
      const issued = paid.items.tickets[0].tickets;
      expect(issued).toHaveLength(2);
      expect(issued[1].number).toBe(issued[0].number + 1);
      expect((await api.lastMessage(email)).meta).toMatchObject({ kind: 'order-paid', order: created.order_id });
      // Stock stays taken once sold.
      expect(await left(seeded.night5k)).toBe(before - 2);
    });

    it('a decline releases the stock; the order stays unpaid', async () => {
      const before = await left(seeded.night5k);
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k, ticket_count: 3 }] });
      expect(await left(seeded.night5k)).toBe(before - 3);
      expect((await sandbox(created.order_id, 'decline')).statusCode).toBe(303);
      expect(await left(seeded.night5k)).toBe(before);
      expect((await call('GET', `/api/order/${created.order_id}`)).json()).toMatchObject({ status: 'declined', paid: false });
      // Paying after the decline does nothing.
      await sandbox(created.order_id, 'pay');
      expect((await call('GET', `/api/order/${created.order_id}`)).json().status).toBe('declined');
    });

    it('a repeated and a concurrent confirmation issue the tickets once', async () => {
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k, ticket_count: 2 }] });
      await Promise.all([sandbox(created.order_id, 'pay'), sandbox(created.order_id, 'pay'), sandbox(created.order_id, 'pay')]);
      await sandbox(created.order_id, 'pay');
      const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
      expect(await api.deps.db.select().from(tickets).where(eq(tickets.orderId, order!.id))).toHaveLength(2);
    });

    /** The provider's signed word that the order was paid, arriving whenever the test says. */
    const paidLate = async (orderPublicId: string) => {
      const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, orderPublicId));
      const late = {
        event_id: `evt-${crypto.randomUUID()}`,
        payment_id: order!.paymentId,
        status: 'succeeded' as const,
        amount: order!.amount,
        ts: Math.floor(api.clock.now().getTime() / 1000),
      };
      const signature = signNotification(api.deps.config.payment.sandboxSecret, late);
      return api.request({
        method: 'POST',
        url: '/api/payment/notification',
        payload: late,
        headers: { 'x-sandbox-signature': signature },
      });
    };

    it('an expired hold is released; a payment arriving later takes the stock again if it is there', async () => {
      const before = await left(seeded.night5k);
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k }] });
      api.clock.advance(api.deps.config.payment.holdMs + 1000);
      try {
        const { expireOrders } = await import('../../features/payment/orders');
        expect(await expireOrders(api.deps)).toBeGreaterThanOrEqual(1);
        expect(await left(seeded.night5k)).toBe(before);
        expect((await call('GET', `/api/order/${created.order_id}`)).json().status).toBe('expired');
        // The buyer paid at the provider in time; its notification arrives after the expiry.
        expect((await paidLate(created.order_id)).json()).toEqual({ status: 'paid' });
        expect((await call('GET', `/api/order/${created.order_id}`)).json().status).toBe('paid');
        expect(await left(seeded.night5k)).toBe(before - 1);
      } finally {
        api.clock.advance(-(api.deps.config.payment.holdMs + 1000));
      }
    });

    it('a payment arriving after its hold expired and the places were sold waits for its refund, then is refunded', async () => {
      const created = await pay({ tickets: [{ format_public_id: seeded.spring10k }] });
      const [format] = await api.deps.db
        .execute(sql`select id from event_formats where public_id = ${seeded.spring10k}`)
        .then((r) => rowsOf<{ id: number }>(r));
      api.clock.advance(api.deps.config.payment.holdMs + 1000);
      const [stock] = await api.deps.db.select().from(formatStock).where(eq(formatStock.formatId, format!.id));
      try {
        const { expireOrders } = await import('../../features/payment/orders');
        await expireOrders(api.deps);
        // Meanwhile the last places went to others.
        await api.deps.db.update(formatStock).set({ taken: sql`capacity` }).where(eq(formatStock.formatId, format!.id));
        expect((await paidLate(created.order_id)).json()).toEqual({ status: 'refunding' });
        const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
        // Not `refunded` before the provider has returned the money: the sandbox settles later.
        expect(order!.status).toBe('refunding');
        expect(order!.refundedAmount).toBe(0);
        expect(await api.deps.db.select().from(tickets).where(eq(tickets.orderId, order!.id))).toEqual([]);
        expect((await api.lastMessage(order!.email)).text).toContain('будут возвращены');
        await sandbox(created.order_id, 'refund');
        const [settled] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
        expect(settled).toMatchObject({ status: 'refunded', refundedAmount: order!.amount });
      } finally {
        await api.deps.db.update(formatStock).set({ taken: stock!.taken }).where(eq(formatStock.formatId, format!.id));
        api.clock.advance(-(api.deps.config.payment.holdMs + 1000));
      }
    });
  });

  it('a whole basket: ticket with insurance, goods delivered by courier, a policy, certificates', async () => {
    const email = uniqueEmail('whole');
    const format = (await call('GET', `/api/event_format/${seeded.night5k}`)).json();
    const quote = (
      await call('POST', '/api/shop/delivery/price', {
        city: { id: 524901 },
        goods: [{ public_id: seeded.cap, count: 2 }],
        delivery_public_id: id('delivery:courier'),
      })
    ).json().delivery.cost;
    const insurance = (await call('GET', `/api/insurances/${seeded.dayInsurance}`)).json();
    const created = await pay({
      email,
      tickets: [
        {
          format_public_id: seeded.night5k,
          insurance: true,
          info: {
            first_name: 'Олег',
            last_name: 'Орлов',
            phone: '79990002233',
            gender: 'male',
            birth_date: '1985-05-05',
            ...(await nightParticipant()),
          },
        },
      ],
      shop: [{ product: { public_id: seeded.cap }, count: 2 }],
      insurances: [
        {
          public_id: seeded.dayInsurance,
          first_name: 'Ольга',
          last_name: 'Орлова',
          gender: 'female',
          phone: '+7 999 000-22-44',
          birth_date: '12.12.1988',
        },
        {
          public_id: seeded.dayInsurance,
          first_name: 'Пётр',
          last_name: 'Орлов',
          gender: 'male',
          phone: '+7 999 000-22-55',
          birth_date: '01.06.2012',
        },
      ],
      certificates: [{ public_id: id('certificate:3000'), count: 2 }],
      delivery: {
        public_id: id('delivery:courier'),
        location_id: 524901,
        phone: '+79990002233',
        address: 'ул. Тверская, 1',
        first_name: 'Олег',
        last_name: 'Орлов',
      },
    });
    const cap = (await call('GET', `/api/shop/product/${seeded.cap}`)).json();
    expect(created.amount).toBeCloseTo(format.price + 200 + 2 * cap.price + 2 * insurance.price + 6000 + quote, 2);
    // Without the address a courier cannot deliver.
    const missing = await call('POST', '/api/payment', {
      email,
      shop: [{ product: { public_id: seeded.cap }, count: 1 }],
      delivery: { public_id: id('delivery:courier'), location_id: 524901 },
    });
    expect(missing.json()).toEqual({ message: 'Заполните поле' });

    await sandbox(created.order_id, 'pay');
    const order = (await call('GET', `/api/order/${created.order_id}`)).json();
    expect(order.items.certificates[0].codes).toEqual([expect.stringMatching(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/), expect.any(String)]);
    // Each insurance line shows the one policy issued for its person.
    const [first, second] = order.items.insurances.map((line: Body) => line.policies);
    expect(first).toEqual([expect.stringMatching(/^ГИ-\d{4}-\d{9}$/)]);
    expect(second).toEqual([expect.stringMatching(/^ГИ-\d{4}-\d{9}$/)]);
    expect(first[0]).not.toBe(second[0]);
    expect(order.items.tickets[0].insurance_cost).toBe(200);
    expect(order.delivery_cost).toBe(quote);
    const [row] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
    const policies = await api.deps.db.select().from(userInsurances).where(eq(userInsurances.orderId, row!.id));
    // One for the ticket's participant (the format's default offer), two bought on their own.
    expect(policies.map((policy) => policy.info.last_name).sort()).toEqual(['Орлов', 'Орлов', 'Орлова']);
    const [ticket] = await api.deps.db.select().from(tickets).where(eq(tickets.orderId, row!.id));
    expect(ticket!.info).toMatchObject({ first_name: 'Олег', registered: true, insurance: true, email });
  });

  describe('notifications', () => {
    const notify = async (body: Record<string, unknown>, signature?: string) =>
      api.request({
        method: 'POST',
        url: '/api/payment/notification',
        payload: body,
        headers: signature ? { 'x-sandbox-signature': signature } : {},
      });
    const notification = async (orderPublicId: string, overrides: Record<string, unknown> = {}) => {
      const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, orderPublicId));
      return {
        event_id: `evt-${crypto.randomUUID()}`,
        payment_id: order!.paymentId,
        status: 'succeeded' as const,
        amount: order!.amount,
        ts: Math.floor(api.clock.now().getTime() / 1000),
        ...overrides,
      };
    };
    const sign = (body: Parameters<typeof signNotification>[1]) => signNotification(api.deps.config.payment.sandboxSecret, body);

    it('forged, unsigned, stale and wrong-amount notifications are refused and change nothing', async () => {
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k }] });
      const body = await notification(created.order_id);
      expect((await notify(body)).statusCode).toBe(403);
      expect((await notify(body, 'a'.repeat(64))).json()).toEqual({ message: 'Подпись уведомления неверна' });
      expect((await notify(body, signNotification('not-the-key', body))).statusCode).toBe(403);
      const tampered = { ...body, amount: 1 };
      expect((await notify(tampered, sign(tampered))).json()).toEqual({ message: 'Сумма уведомления не совпадает с суммой заказа' });
      const stale = { ...body, ts: body.ts - 3600 };
      expect((await notify(stale, sign(stale))).json()).toEqual({ message: 'Уведомление устарело' });
      expect((await call('GET', `/api/order/${created.order_id}`)).json().status).toBe('pending');
    });

    it('a signed `refunded` closes only a refund the site asked for, once; forged or wrong-amount ones change nothing', async () => {
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k }] }, demoToken);
      await sandbox(created.order_id, 'pay');
      // Not asked for: a paid order stays paid, its tickets active.
      const early = await notification(created.order_id, { status: 'refunded' });
      expect((await notify(early, sign(early))).json()).toEqual({ status: 'ignored' });
      expect((await call('GET', `/api/order/${created.order_id}`, undefined, demoToken)).json().status).toBe('paid');

      await call('POST', '/api/payment/cancel', { order_id: created.order_id }, demoToken);
      const body = await notification(created.order_id, { status: 'refunded' });
      expect((await notify(body)).statusCode).toBe(403);
      const partial = { ...body, amount: body.amount - 100 };
      expect((await notify(partial, sign(partial))).json()).toEqual({ message: 'Сумма уведомления не совпадает с суммой заказа' });
      expect((await call('GET', `/api/order/${created.order_id}`, undefined, demoToken)).json().status).toBe('refunding');
      expect((await notify(body, sign(body))).json()).toEqual({ status: 'refunded' });
      expect((await call('GET', `/api/order/${created.order_id}`, undefined, demoToken)).json().status).toBe('refunded');
      expect((await notify(body, sign(body))).json()).toEqual({ status: 'already' });
    });

    it('a replayed notification is refused; the order was paid once', async () => {
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k }] });
      const body = await notification(created.order_id);
      const first = await notify(body, sign(body));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ status: 'paid' });
      const replay = await notify(body, sign(body));
      expect(replay.statusCode).toBe(409);
      expect(replay.json()).toEqual({ message: 'Уведомление уже обработано' });
    });
  });

  describe('bad payment payloads: 4xx with a clear message, nothing written', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      [
        'a negative count',
        { tickets: [{ format_public_id: seeded.night5k, ticket_count: -1 }] },
        /Указанное количество билетов недоступно/,
      ],
      ['501 tickets', { tickets: [{ format_public_id: seeded.night5k, ticket_count: 501 }] }, /Указанное количество билетов недоступно/],
      ['a foreign format id', { tickets: [{ format_public_id: seeded.unknown }] }, /Формат участия не найден/],
      ['a tampered negative price', { tickets: [{ format_public_id: seeded.night5k, price: -100 }] }, /Некорректная сумма/],
      ['a price as text', { shop: [{ product: { public_id: seeded.cap }, count: 1, price: 'free' }] }, /Некорректная сумма/],
      // One limit for shop lines: the products' max_count (what the web app caps at), and not one more.
      [
        `${SHOP_COUNT_MAX + 1} caps`,
        { shop: [{ product: { public_id: seeded.cap }, count: SHOP_COUNT_MAX + 1 }] },
        /Количество товара — от 1 до 20/,
      ],
      // accounts-sso §5: a count that is not whole says so.
      ['1.5 caps', { shop: [{ product: { public_id: seeded.cap }, count: 1.5 }] }, /Значение должно быть целым числом/],
      ['2.5 tickets', { tickets: [{ format_public_id: seeded.night5k, ticket_count: 2.5 }] }, /Значение должно быть целым числом/],
      [
        '10,000 lines',
        { tickets: Array.from({ length: 10_000 }, () => ({ format_public_id: seeded.night5k })) },
        /Слишком много позиций|Слишком большой запрос/,
      ],
      ['an empty basket', {}, /Корзина пуста/],
      ['a bad e-mail', { email: 'nobody', tickets: [{ format_public_id: seeded.night5k }] }, /Введите валидный email/],
      ['a product without its size', { shop: [{ product: { public_id: seeded.hoodie }, count: 1 }] }, /Выберите размер/],
      [
        'a size of another product',
        { shop: [{ product: { public_id: seeded.cap }, proportion: { public_id: hoodieM }, count: 1 }] },
        /Выберите размер/,
      ],
      ['a used-up promocode', { tickets: [{ format_public_id: seeded.night5k, promocode: 'SOLDOUT' }] }, /Промокод закончился/],
      [
        'an insurance for a 3-year-old',
        {
          insurances: [
            {
              public_id: seeded.dayInsurance,
              first_name: 'Ваня',
              last_name: 'Петров',
              gender: 'male',
              phone: '+79990000001',
              birth_date: '01.01.2024',
              start_date: '10.06.2026',
            },
          ],
        },
        /Допускается возраст от 5 до 86 лет/,
      ],
    ];
    it.each(cases)('%s', async (_name, payload, message) => {
      const before = await orderCount();
      const stock = await left(seeded.night5k);
      const response = await call('POST', '/api/payment', { email: uniqueEmail('bad'), ...payload });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().message).toMatch(message);
      expect(response.body).not.toMatch(/at .+\.ts:\d+/);
      expect(await orderCount()).toBe(before);
      expect(await left(seeded.night5k)).toBe(stock);
    });
  });

  describe('accounts and orders', () => {
    it('a guest with the register flag gets an account whose way in is its confirmation letter, no token (issue 33)', async () => {
      const email = uniqueEmail('newbie');
      const created = await pay({ email, register: true, tickets: [{ format_public_id: seeded.night5k }] });
      expect(created.token).toBeUndefined();
      expect(created.user).toBeUndefined();
      const [account] = await api.deps.db.select().from(users).where(eq(users.email, email));
      expect(account).toMatchObject({ emailConfirmedAt: null, passwordHash: null });
      const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
      expect(order!.userId).toBe(account!.id);
      expect((await api.lastMessage(email)).meta.kind).toBe('email_confirm');
      // An existing account's e-mail: the same answer, the account as it was, a notice to its owner.
      const again = await pay({ email, register: true, tickets: [{ format_public_id: seeded.night5k }] });
      expect(Object.keys(again).sort()).toEqual(Object.keys(created).sort());
      expect((await api.lastMessage(email)).meta.kind).toBe('register_taken');
    });

    it('a signed-in buyer cancels a paid order: stock released, tickets await the refund until the sandbox settles it', async () => {
      const before = await left(seeded.night5k);
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k, ticket_count: 2 }] }, demoToken);
      await sandbox(created.order_id, 'pay');
      const other = (await call('PUT', '/api/auth', { email: 'vip@geroi.example', password: 'Vip12345' })).json().token;
      expect((await call('POST', '/api/payment/cancel', { order_id: created.order_id }, other)).statusCode).toBe(404);
      expect((await call('POST', '/api/payment/cancel', { order_id: created.order_id })).statusCode).toBe(401);
      const cancelled = await call('POST', '/api/payment/cancel', { order_id: created.order_id }, demoToken);
      expect(cancelled.json()).toEqual({ sum: created.amount });
      expect(await left(seeded.night5k)).toBe(before);
      expect((await call('POST', '/api/payment/cancel', { order_id: created.order_id }, demoToken)).json()).toEqual({
        message: 'Заказ не оплачен',
      });
      const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
      const statuses = async () => (await api.deps.db.select().from(tickets).where(eq(tickets.orderId, order!.id))).map((t) => t.status);
      // The sandbox, like a real provider, takes the refund and settles it later: «Ожидайте возврат» till then.
      expect(await statuses()).toEqual(['processing', 'processing']);
      expect((await call('GET', `/api/order/${created.order_id}`, undefined, demoToken)).json().status).toBe('refunding');
      const { expireOrders } = await import('../../features/payment/orders');
      await expireOrders(api.deps); // the sweeper asks again: still pending
      expect(await statuses()).toEqual(['processing', 'processing']);
      const page = await api.request({ method: 'GET', url: `/sandbox/pay/${order!.paymentId}` });
      expect(page.body).toContain('Провести возврат');

      // The sandbox's operator settles it: the signed `refunded` notification closes the order.
      expect((await sandbox(created.order_id, 'refund')).headers.location).toBe(`/sandbox/pay/${order!.paymentId}`);
      expect(await statuses()).toEqual(['returned', 'returned']);
      expect((await call('GET', `/api/order/${created.order_id}`, undefined, demoToken)).json().status).toBe('refunded');
      expect((await api.lastMessage(order!.email)).text).toContain(`Заказ ${created.order_id} отменён`);
      expect((await api.request({ method: 'GET', url: `/sandbox/pay/${order!.paymentId}` })).body).toContain('Оплата возвращена.');
    });

    it('an unsettled sandbox refund settles by itself at the sweep after its delay', async () => {
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k }] }, demoToken);
      await sandbox(created.order_id, 'pay');
      await call('POST', '/api/payment/cancel', { order_id: created.order_id }, demoToken);
      expect((await call('GET', `/api/order/${created.order_id}`, undefined, demoToken)).json().status).toBe('refunding');
      const { SANDBOX_REFUND_SETTLE_MS } = await import('../../features/payment/provider');
      const { expireOrders } = await import('../../features/payment/orders');
      const before = api.clock.now();
      api.clock.advance(SANDBOX_REFUND_SETTLE_MS);
      try {
        await expireOrders(api.deps);
      } finally {
        api.clock.set(before);
      }
      expect((await call('GET', `/api/order/${created.order_id}`, undefined, demoToken)).json().status).toBe('refunded');
    });

    it('a refund the provider does not take leaves the tickets awaiting it; the sweeper asks again', async () => {
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k }] }, demoToken);
      await sandbox(created.order_id, 'pay');
      const refund = api.deps.payments.refund;
      api.deps.payments.refund = async () => {
        throw new Error('provider down');
      };
      try {
        expect((await call('POST', '/api/payment/cancel', { order_id: created.order_id }, demoToken)).json()).toEqual({
          sum: created.amount,
        });
        expect((await call('GET', `/api/order/${created.order_id}`, undefined, demoToken)).json().status).toBe('refunding');
        const mine = (await call('GET', '/api/user/tickets/my', undefined, demoToken)).json().values;
        const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
        const [ticket] = await api.deps.db.select().from(tickets).where(eq(tickets.orderId, order!.id));
        expect(mine.find((card: Body) => card.public_id === ticket!.publicId)?.status).toBe('processing');
      } finally {
        api.deps.payments.refund = refund;
      }
      const { expireOrders } = await import('../../features/payment/orders');
      await expireOrders(api.deps);
      // Asked again, the provider takes the refund now; settled, the order is closed.
      const { isSandboxProvider } = await import('../../features/payment/provider');
      const paymentId = await paymentIdOf(created.order_id);
      expect(isSandboxProvider(api.deps.payments) && api.deps.payments.refundOf(paymentId)).toMatchObject({ settled: false });
      await sandbox(created.order_id, 'refund');
      expect((await call('GET', `/api/order/${created.order_id}`, undefined, demoToken)).json().status).toBe('refunded');
      const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.order_id));
      expect((await api.deps.db.select().from(tickets).where(eq(tickets.orderId, order!.id))).map((t) => t.status)).toEqual(['returned']);
    });

    it('the vip discount applies to the vip buyer first ticket only', async () => {
      const vipToken = (await call('PUT', '/api/auth', { email: 'vip@geroi.example', password: 'Vip12345' })).json().token;
      const price = (await call('GET', `/api/event_format/${seeded.night5k}`)).json().price;
      const created = await pay({ tickets: [{ format_public_id: seeded.night5k, ticket_count: 2 }] }, vipToken);
      expect(created.amount).toBe(price * 0.8 + price);
    });

    it('the availability check by format', async () => {
      const ok = await call('GET', `/api/event_format/check/${seeded.night5k}?count=2`);
      expect(ok.json()).toMatchObject({ available: true, tickets_left: await left(seeded.night5k) });
      const tooMany = await call('GET', `/api/event_format/check/${seeded.night5k}?count=11`);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json()).toEqual({ message: 'Указанное количество билетов недоступно' });
      expect((await call('GET', `/api/event_format/check/${seeded.unknown}`)).statusCode).toBe(404);
    });
  });

  describe('basket', () => {
    it('round-trips the goods, merges a guest basket by the spec keys, and needs a token', async () => {
      expect((await call('GET', '/api/user/basket')).statusCode).toBe(401);
      const goods = [
        { selector: 'ticket', unique_id: 't1', public_id: seeded.night5k, count: 1, title: '10 км' },
        { selector: 'shop', public_id: seeded.hoodie, size: 'M', count: 1 },
      ];
      expect((await call('POST', '/api/user/basket', { goods }, demoToken)).json()).toEqual({ goods });
      expect((await call('GET', '/api/user/basket', undefined, demoToken)).json()).toEqual({ goods });
      const guest = [
        { selector: 'shop', public_id: seeded.hoodie, size: 'M', count: 2 },
        { selector: 'shop', public_id: seeded.hoodie, size: 'L', count: 1 },
      ];
      const merged = (await call('POST', '/api/user/basket', { goods: guest, merge: true }, demoToken)).json().goods;
      expect(merged).toEqual([goods[0], guest[0], guest[1]]);
      const bad = await call('POST', '/api/user/basket', { goods: [{ selector: 'rocket' }] }, demoToken);
      expect(bad.json()).toEqual({ message: 'Неизвестный вид позиции корзины' });
      await call('POST', '/api/user/basket', { goods: [] }, demoToken);
    });
  });

  describe('contention', () => {
    it('200 concurrent buyers for 10 places: exactly 10 succeed, never below zero', async () => {
      const [format] = await api.deps.db
        .execute(sql`select id from event_formats where public_id = ${seeded.spring21k}`)
        .then((r) => rowsOf<{ id: number }>(r));
      await api.deps.db.update(formatStock).set({ taken: sql`capacity - 10` }).where(eq(formatStock.formatId, format!.id));
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          call('POST', '/api/payment', {
            email: `racer${i}.${process.pid}@test.example`,
            tickets: [{ format_public_id: seeded.spring21k }],
          }),
        ),
      );
      const ok = responses.filter((response) => response.statusCode === 200);
      expect(ok).toHaveLength(10);
      for (const response of responses.filter((r) => r.statusCode !== 200)) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: 'Указанное количество билетов недоступно' });
      }
      expect(await left(seeded.spring21k)).toBe(0);
      // All ten pay at once: ten tickets with ten different numbers.
      await Promise.all(ok.map((response) => sandbox(response.json().order_id, 'pay')));
      const ids = ok.map((response) => response.json().order_id as string);
      const own = await api.deps.db.select({ id: orders.id }).from(orders).where(inArray(orders.publicId, ids));
      const issued = await api.deps.db
        .select()
        .from(tickets)
        .where(
          inArray(
            tickets.orderId,
            own.map((order) => order.id),
          ),
        );
      expect(issued).toHaveLength(10);
      expect(new Set(issued.map((ticket) => ticket.number)).size).toBe(10);
      expect(await left(seeded.spring21k)).toBe(0);
    });
  });
}
