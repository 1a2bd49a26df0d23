import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventFormats, orderItems, orders, tickets } from './db/schema/index';
import { uniqueEmail, useTestApp } from './testing/fixtures';
import { seeded } from './testing/suites/catalogue';

/**
 * The checkout rules of the basket (features/payment/ticket-rules.ts): participant data through the
 * rules of PUT /api/user/ticket, the format's own kinds, buy_limit per person across the basket, the
 * delivery phone, the 10-minute hold of space tickets.
 */
const app = useTestApp();

const post = (payload: Record<string, unknown>, token?: string) =>
  app.api.request({
    method: 'POST',
    url: '/api/payment',
    payload: { email: uniqueEmail('buyer'), ...payload },
    ...(token ? { token } : {}),
  });

async function participant() {
  const format = (await app.api.request({ method: 'GET', url: `/api/event_format/${seeded.night5k}` })).json();
  const shirts = (await app.api.request({ method: 'GET', url: `/api/shop/shirts/${format.event_city.public_id}` })).json();
  const size = shirts.values[0]?.size?.find((option: { count: number }) => option.count > 0)?.size;
  return {
    first_name: 'Анна',
    last_name: 'Иванова',
    phone: '+7 (999) 000-11-22',
    gender: 'female',
    birth_date: '03.02.1990',
    region: format.regions[0].id,
    ...(size && !format.shirt_unavailable ? { item_size: size } : {}),
  };
}

const setFormat = (publicId: string, values: Partial<typeof eventFormats.$inferInsert>) =>
  app.api.deps.db.update(eventFormats).set(values).where(eq(eventFormats.publicId, publicId));

describe('participant data sent with a payment', () => {
  it.each([
    ['a missing region', { region: null }, 'Выберите регион'],
    ['a missing last name', { last_name: ' ' }, 'Заполните поле'],
    ['a broken birth date', { birth_date: '31.02.1990' }, 'Введите корректную дату'],
    ['a short phone', { phone: '7999000' }, 'Введите корректный номер телефона'],
  ])('%s is refused with the form message', async (_name, change, message) => {
    const response = await post({
      tickets: [{ format_public_id: seeded.night5k, ticket_count: 1, info: { ...(await participant()), ...change } }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each(['number', 'inside_number', 'sector', 'row', 'place'])('a buyer cannot set %s', async (key) => {
    const response = await post({
      tickets: [{ format_public_id: seeded.night5k, ticket_count: 1, info: { ...(await participant()), [key]: '1' } }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(`info.${key}`);
  });

  it('valid data are stored normalised, only the participant own keys, and the ticket is registered', async () => {
    const email = uniqueEmail('registered');
    const response = await post({
      email,
      tickets: [{ format_public_id: seeded.night5k, ticket_count: 2, info: [await participant(), { first_name: '', last_name: '' }] }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json().order_id as string;
    const [row] = await app.api.deps.db.select().from(orders).where(eq(orders.publicId, order));
    const paymentId = row!.paymentId;
    await app.api.request({
      method: 'POST',
      url: `/sandbox/pay/${paymentId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const issued = await app.api.deps.db.select().from(tickets).where(eq(tickets.orderId, row!.id));
    const infos = issued.map((ticket) => ticket.info).sort((a, b) => Number(b.registered) - Number(a.registered));
    expect(infos[0]).toMatchObject({ first_name: 'Анна', phone: '79990001122', birth_date: '1990-02-03', registered: true });
    expect(infos[1]).toMatchObject({ registered: false });
    expect(Object.keys(infos[1]!)).not.toContain('first_name');
  });

  it('a participant file must be the signed-in buyer own upload', async () => {
    await setFormat(seeded.night5k, { licenseFile: true });
    try {
      const response = await post({
        tickets: [
          { format_public_id: seeded.night5k, ticket_count: 1, info: { ...(await participant()), license: 'aaaaaaaaaaaaaaaaaaaaaaaa' } },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Выберите файл');
    } finally {
      await setFormat(seeded.night5k, { licenseFile: false });
    }
  });
});

describe('kinds, buy_limit, phone, space hold', () => {
  it('a kind the format does not sell is refused', async () => {
    const response = await post({ tickets: [{ format_public_id: seeded.night5k, ticket_count: 1, kind: 'volunteer' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Вид участия «volunteer» недоступен для этого формата');
  });

  it('buy_limit counts the whole basket and the signed-in buyer earlier orders, not one line', async () => {
    await setFormat(seeded.night5k, { buyLimit: 3 });
    try {
      const email = 'demo@geroi.example';
      const token = (await app.api.request({ method: 'PUT', url: '/api/auth', payload: { email, password: 'Demo1234' } })).json().token;
      const split = await post({
        email,
        tickets: [
          { format_public_id: seeded.night5k, ticket_count: 2 },
          { format_public_id: seeded.night5k, ticket_count: 2 },
        ],
      });
      expect(split.statusCode).toBe(400);
      expect(split.json().message).toBe('Указанное количество билетов недоступно');
      // The demo account's earlier tickets of the format, then two more.
      const [mine] = await app.api.deps.db
        .select({ count: sql<number>`coalesce(sum(${orderItems.count}), 0)::int` })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(eventFormats, eq(eventFormats.id, orderItems.formatId))
        .where(
          sql`${eventFormats.publicId} = ${seeded.night5k} and ${orders.status} in ('pending', 'paid') and (${orders.email} = ${email} or ${orders.userId} = (select id from users where email = ${email}))`,
        );
      await setFormat(seeded.night5k, { buyLimit: mine!.count + 3 });
      expect((await post({ email, tickets: [{ format_public_id: seeded.night5k, ticket_count: 2 }] }, token)).statusCode).toBe(200);
      const again = await post({ email, tickets: [{ format_public_id: seeded.night5k, ticket_count: 2 }] }, token);
      expect(again.statusCode).toBe(400);
      expect((await post({ email, tickets: [{ format_public_id: seeded.night5k, ticket_count: 1 }] }, token)).statusCode).toBe(200);
    } finally {
      await setFormat(seeded.night5k, { buyLimit: null });
    }
  });

  it('the delivery phone must be a phone', async () => {
    const response = await post({
      shop: [{ product: { public_id: seeded.cap }, count: 1 }],
      delivery: {
        public_id: 'ffffffffffffffffffffffff',
        location_id: 524901,
        phone: '12345',
        address: 'ул. Ленина, 1',
        first_name: 'А',
        last_name: 'Б',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Введите валидный номер');
  });

  it('an order with space tickets holds them 10 minutes, others the configured hold', async () => {
    await setFormat(seeded.night5k, { space: true });
    try {
      const held = await post({ tickets: [{ format_public_id: seeded.night5k, ticket_count: 1 }] });
      expect(held.statusCode, held.body).toBe(200);
      const [spaceOrder] = await app.api.deps.db.select().from(orders).where(eq(orders.publicId, held.json().order_id));
      expect(spaceOrder!.expiresAt.getTime() - spaceOrder!.createdAt.getTime()).toBe(600_000);
    } finally {
      await setFormat(seeded.night5k, { space: false });
    }
    const plain = await post({ tickets: [{ format_public_id: seeded.night5k, ticket_count: 1 }] });
    const [order] = await app.api.deps.db.select().from(orders).where(eq(orders.publicId, plain.json().order_id));
    expect(order!.expiresAt.getTime() - order!.createdAt.getTime()).toBe(app.api.deps.config.payment.holdMs);
  });
});

describe('PUT /api/user/auth/payment (a temporary user pays without a token)', () => {
  const put = (payload: Record<string, unknown>) => app.api.request({ method: 'PUT', url: '/api/user/auth/payment', payload });

  it('pays for the e-mail of the account a guest checkout created, returning no token and nothing private', async () => {
    const email = uniqueEmail('temporary');
    const first = await post({ email, register: true, tickets: [{ format_public_id: seeded.night5k, ticket_count: 1 }] });
    expect(first.statusCode).toBe(200);
    const response = await put({ email, tickets: [{ format_public_id: seeded.night5k, ticket_count: 1 }] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.redirect_url).toMatch(/\/sandbox\/pay\//);
    expect(body.token).toBeUndefined();
    expect(body.user).toEqual({ email, temporary: true });
    const [order] = await app.api.deps.db.select().from(orders).where(eq(orders.publicId, body.order_id));
    const [earlier] = await app.api.deps.db.select().from(orders).where(eq(orders.publicId, first.json().order_id));
    // The checkout's own order is its account's; this one stays the e-mail's (issue 20): anyone may
    // type an e-mail, and an account nobody proved gets no order placed without its session.
    expect(earlier!.userId).not.toBeNull();
    expect(order!.userId).toBeNull();
    expect(order!.email).toBe(email);
  });

  it('answers an unknown e-mail and a full account as a temporary user (issue 33): a guest payment, no token', async () => {
    const unknown = await put({ email: uniqueEmail('nobody'), tickets: [{ format_public_id: seeded.night5k, ticket_count: 1 }] });
    const full = await put({ email: 'demo@geroi.example', tickets: [{ format_public_id: seeded.night5k, ticket_count: 1 }] });
    expect(unknown.statusCode).toBe(200);
    expect(full.statusCode).toBe(200);
    expect(full.json().token).toBeUndefined();
    expect(Object.keys(full.json()).sort()).toEqual(Object.keys(unknown.json()).sort());
  });
});
