import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, tickets } from './db/schema/index';
import { type Body, uniqueEmail, useTestApp } from './testing/fixtures';
import { signedInUser, type TestUser } from './testing/purchases';
import { seeded } from './testing/suites/catalogue';

// Gift certificates bought and redeemed, start numbers and seats held and bought: the checks an
// attacker meets (a forged number or seat, one held by another, a certificate reused or unpaid).
const app = useTestApp();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token?: string) =>
  app.api.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    ...(token ? { token } : {}),
  });

const sandbox = async (orderPublicId: string, action: 'pay' | 'decline') => {
  const [order] = await app.api.deps.db.select().from(orders).where(eq(orders.publicId, orderPublicId));
  const response = await app.api.request({
    method: 'POST',
    url: `/sandbox/pay/${order!.paymentId}/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(response.statusCode).toBeLessThan(400);
};

const pay = async (payload: Record<string, unknown>, token?: string) => {
  const response = await call('POST', '/api/payment', { email: uniqueEmail('buyer'), ...payload }, token);
  return { status: response.statusCode, body: response.json() as Body };
};

/** Buys one certificate (of `price` rubles) and pays it; its code. */
async function boughtCertificate(price: number, buyer?: TestUser): Promise<{ code: string; order: string }> {
  const list = (await call('GET', '/api/certificates')).json().values as Body[];
  const certificate = list.find((entry) => entry.price === price)!;
  const created = await pay(
    {
      certificates: [
        {
          public_id: certificate.public_id,
          count: 1,
          recipient: { name: 'Анна', email: 'anna@test.example', message: 'С днём рождения!' },
        },
      ],
    },
    buyer?.token,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await sandbox(created.body.order_id, 'pay');
  const order = (await call('GET', `/api/order/${created.body.order_id}`, undefined, buyer?.token)).json();
  return { code: order.items.certificates[0].codes[0], order: created.body.order_id };
}

describe('gift certificates', () => {
  it('are listed with their amounts; a paid one has a code, its recipient, and pays for tickets up to what it has left', async () => {
    const list = (await call('GET', '/api/certificates')).json().values as Body[];
    expect(list.map((entry) => entry.price)).toEqual([1000, 3000, 5000]);
    const buyer = await signedInUser(app.api.deps, 'giver');
    const { code, order } = await boughtCertificate(1000, buyer);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const read = (await call('GET', `/api/order/${order}`, undefined, buyer.token)).json();
    expect(read.items.certificates[0]).toMatchObject({
      recipient: { name: 'Анна', email: 'anna@test.example', message: 'С днём рождения!' },
      issued: [{ code, amount: 1000, left: 1000 }],
    });
    // The cabinet's order shows it too.
    const cabinet = (await call('GET', `/api/user/shop/soldgood/${order}`, undefined, buyer.token)).json();
    expect(cabinet.certificates[0]).toMatchObject({ title: list[0].title, codes: [{ code, amount: 1000, left: 1000 }] });
    expect((await call('GET', `/api/certificate/check/${code.toLowerCase().replaceAll('-', '')}`)).json()).toEqual({ code, left: 1000 });

    // 21,1 km costs 2500 ₽: the certificate pays 1000, the order asks for the rest.
    const used = await pay({ tickets: [{ format_public_id: seeded.spring21k, ticket_count: 1 }], certificate_code: code });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const format = (await call('GET', `/api/event_format/${seeded.spring21k}`)).json();
    expect(used.body.amount).toBe(format.price - 1000);
    // Used once: nothing is left for a second order, whoever asks.
    const again = await pay({ tickets: [{ format_public_id: seeded.spring21k, ticket_count: 1 }], certificate_code: code });
    expect(again).toEqual({ status: 400, body: { message: 'Сертификат уже использован' } });
    expect((await call('GET', `/api/certificate/check/${code}`)).json()).toEqual({ message: 'Сертификат уже использован' });
    // The order that used it is declined: the value comes back.
    await sandbox(used.body.order_id, 'decline');
    expect((await call('GET', `/api/certificate/check/${code}`)).json()).toEqual({ code, left: 1000 });
    // A certificate's order with its value spent cannot be refunded.
    const spend = await pay({ tickets: [{ format_public_id: seeded.spring21k, ticket_count: 1 }], certificate_code: code });
    expect(spend.status).toBe(200);
    expect((await call('POST', '/api/payment/cancel', { order_id: order }, buyer.token)).json()).toEqual({
      message: 'Возврат невозможен: сертификат уже использован',
    });
  });

  it('an unknown or unpaid code is refused, a certificate does not pay for certificates, and two orders at once never spend it twice', async () => {
    const unknown = await pay({ tickets: [{ format_public_id: seeded.spring21k, ticket_count: 1 }], certificate_code: 'AAAA-BBBB-CCCC' });
    expect(unknown).toEqual({ status: 400, body: { message: 'Сертификат не найден' } });
    const buyer = await signedInUser(app.api.deps, 'giver');
    const { code, order } = await boughtCertificate(3000, buyer);
    // Its order refunded: the code no longer pays.
    const refunded = await signedInUser(app.api.deps, 'refunder');
    const other = await boughtCertificate(1000, refunded);
    expect((await call('POST', '/api/payment/cancel', { order_id: other.order }, refunded.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/certificate/check/${other.code}`)).json()).toEqual({ message: 'Сертификат не оплачен' });

    const list = (await call('GET', '/api/certificates')).json().values as Body[];
    const onlyCertificates = await pay({ certificates: [{ public_id: list[0].public_id, count: 1 }], certificate_code: code });
    expect(onlyCertificates).toEqual({ status: 400, body: { message: 'Сертификатом нельзя оплатить другие сертификаты' } });

    // Two baskets of 2500 ₽ at once with a 3000 ₽ certificate: 3000 ₽ spent in all, never more.
    const both = await Promise.all(
      [1, 2].map(() => pay({ tickets: [{ format_public_id: seeded.spring21k, ticket_count: 1 }], certificate_code: code })),
    );
    expect(both.map((result) => result.status)).toEqual([200, 200]);
    const price = (await call('GET', `/api/event_format/${seeded.spring21k}`)).json().price as number;
    const paidByCertificate = both.map((result) => price - result.body.amount);
    expect(paidByCertificate.reduce((sum, value) => sum + value, 0)).toBe(3000);
    expect((await call('GET', `/api/certificate/check/${code}`)).json()).toEqual({ message: 'Сертификат уже использован' });
    expect(order).toBeTruthy();
  });
});

describe('start numbers', () => {
  it('a held number goes to its holder’s ticket; a forged number, one held by another, or a guest’s is refused', async () => {
    const [first, second] = [await signedInUser(app.api.deps, 'runner'), await signedInUser(app.api.deps, 'runner')];
    const { free_numbers } = (await call('GET', `/api/booked/numbers/${seeded.spring21k}`)).json();
    const [number, never] = free_numbers as number[];
    expect((await call('POST', '/api/booked/number', { format_public_id: seeded.spring21k, number }, first.token)).statusCode).toBe(200);
    const line = (start_number: number) => ({ format_public_id: seeded.spring21k, ticket_count: 1, start_number });
    expect(await pay({ tickets: [line(number!)] }, second.token)).toEqual({
      status: 400,
      body: { message: 'Стартовый номер не закреплён за вами: выберите его снова' },
    });
    expect(await pay({ tickets: [line(never!)] }, first.token)).toEqual({
      status: 400,
      body: { message: 'Стартовый номер не закреплён за вами: выберите его снова' },
    });
    expect(await pay({ tickets: [line(number!)] })).toEqual({
      status: 400,
      body: { message: 'Войдите, чтобы выбрать стартовый номер или место' },
    });
    // The held number is the ticket's (a number typed into the participant's info never is: orders.ts drops it).
    const bought = await pay({ tickets: [line(number!)] }, first.token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await sandbox(bought.body.order_id, 'pay');
    const [order] = await app.api.deps.db.select().from(orders).where(eq(orders.publicId, bought.body.order_id));
    const [ticket] = await app.api.deps.db.select().from(tickets).where(eq(tickets.orderId, order!.id));
    expect(ticket!.info.number).toBe(number);
    // Bought: taken for good, long after the 10 minutes.
    app.api.clock.advance(60 * 60_000);
    expect((await call('GET', `/api/booked/numbers/${seeded.spring21k}`)).json().booked_numbers).toContain(number);
    expect((await call('POST', '/api/booked/number', { format_public_id: seeded.spring21k, number }, second.token)).json()).toEqual({
      message: 'Этот номер уже занят',
    });
  });

  it('a hold lasts 10 minutes, then the number is free for anyone', async () => {
    const [first, second] = [await signedInUser(app.api.deps, 'runner'), await signedInUser(app.api.deps, 'runner')];
    const { free_numbers } = (await call('GET', `/api/booked/numbers/${seeded.spring21k}`)).json();
    const number = free_numbers[5] as number;
    await call('POST', '/api/booked/number', { format_public_id: seeded.spring21k, number }, first.token);
    expect((await call('GET', `/api/booked/numbers/${seeded.spring21k}`)).json().booked_numbers).toContain(number);
    app.api.clock.advance(10 * 60_000 + 1);
    expect((await call('GET', `/api/booked/numbers/${seeded.spring21k}`)).json().free_numbers).toContain(number);
    expect((await call('POST', '/api/booked/number', { format_public_id: seeded.spring21k, number }, second.token)).statusCode).toBe(200);
  });
});

describe('seats', () => {
  it('a held seat is its holder’s: another cannot take or buy it; bought, it is on the ticket and no longer free', async () => {
    const [first, second] = [await signedInUser(app.api.deps, 'fan'), await signedInUser(app.api.deps, 'fan')];
    const places = (await call('GET', `/api/space/${seeded.nightStand}`)).json().values as Body[];
    const seat = places.find((place) => place.free)!;
    const booked = places.find((place) => !place.free)!;
    const hold = (place: string, token: string) =>
      call('POST', '/api/space/place', { format_public_id: seeded.nightStand, place_public_id: place }, token);
    expect((await hold(booked.public_id, first.token)).json()).toEqual({ message: 'Это место уже занято' });
    expect((await hold(seat.public_id, first.token)).json()).toMatchObject({
      place: { sector: seat.sector, row: seat.row, place: seat.place },
    });
    expect((await hold(seat.public_id, second.token)).json()).toEqual({ message: 'Это место уже занято' });
    expect((await hold(seat.public_id, 'no-token')).statusCode).toBe(401);
    const mine = (await call('GET', `/api/space/${seeded.nightStand}`, undefined, first.token)).json().values as Body[];
    expect(mine.find((place) => place.public_id === seat.public_id)).toMatchObject({ free: false, mine: true });
    const line = (place_public_id: string) => ({
      format_public_id: seeded.nightStand,
      ticket_count: 1,
      kind: 'spectator',
      place_public_id,
    });
    expect(await pay({ tickets: [line(seat.public_id)] }, second.token)).toEqual({
      status: 400,
      body: { message: 'Место не закреплено за вами: выберите его снова' },
    });
    expect(await pay({ tickets: [line(booked.public_id)] }, first.token)).toEqual({
      status: 400,
      body: { message: 'Место не закреплено за вами: выберите его снова' },
    });
    const bought = await pay({ tickets: [line(seat.public_id)] }, first.token);
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    await sandbox(bought.body.order_id, 'pay');
    const [order] = await app.api.deps.db.select().from(orders).where(eq(orders.publicId, bought.body.order_id));
    const [ticket] = await app.api.deps.db.select().from(tickets).where(eq(tickets.orderId, order!.id));
    expect(ticket!.info).toMatchObject({ sector: seat.sector, row: seat.row, place: seat.place });
    app.api.clock.advance(60 * 60_000);
    const after = (await call('GET', `/api/space/${seeded.nightStand}`)).json().values as Body[];
    expect(after.find((place) => place.public_id === seat.public_id)!.free).toBe(false);
  });

  it('a declined order lets its seat go', async () => {
    const buyer = await signedInUser(app.api.deps, 'fan');
    const seat = ((await call('GET', `/api/space/${seeded.nightStand}`)).json().values as Body[]).find((place) => place.free)!;
    await call('POST', '/api/space/place', { format_public_id: seeded.nightStand, place_public_id: seat.public_id }, buyer.token);
    const created = await pay(
      { tickets: [{ format_public_id: seeded.nightStand, ticket_count: 1, kind: 'spectator', place_public_id: seat.public_id }] },
      buyer.token,
    );
    expect(created.status).toBe(200);
    await sandbox(created.body.order_id, 'decline');
    const after = (await call('GET', `/api/space/${seeded.nightStand}`)).json().values as Body[];
    expect(after.find((place) => place.public_id === seat.public_id)!.free).toBe(true);
  });
});
