import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { orders } from '../../db/schema/index';
import { createTestApp, openTemplateDatabase, type TestApp } from '../../testing/fixtures';
import { signedInUser } from '../../testing/purchases';
import { seeded } from '../../testing/suites/catalogue';
import { lineRefundedLetter, orderPaidLetter, orderRefundedLetter, orderRefundingLetter, registerTakenLetter } from './letters';

// Issue 35: an order's letters are written in the language its buyer used (the payment's Accept-Language,
// kept on the order); Russian by default, its texts word for word as before.
const CYRILLIC = /[А-Яа-яЁё]/;
const order = { publicId: 'ORDER1', amount: 123_450 };

describe('the order letters’ texts', () => {
  it('Russian stays word for word', () => {
    expect(orderPaidLetter('ru', order, 'http://site.test/me')).toEqual({
      subject: 'Заказ ORDER1 оплачен',
      text: 'Спасибо за покупку! Заказ ORDER1 на сумму 1234.5 Руб. оплачен.\nБилеты и заказы — в личном кабинете: http://site.test/me',
    });
    expect(orderRefundingLetter('ru', order)).toEqual({
      subject: 'Оплата заказа ORDER1 будет возвращена',
      text: 'Время брони истекло, и выбранных билетов больше нет. 1234.5 Руб. будут возвращены.',
    });
    expect(orderRefundedLetter('ru', order)).toEqual({
      subject: 'Возврат по заказу ORDER1',
      text: 'Заказ ORDER1 отменён, 1234.5 Руб. возвращены.',
    });
    expect(lineRefundedLetter('ru', order, 50_000)).toEqual({
      subject: 'Возврат по заказу ORDER1',
      text: 'По заказу ORDER1 возвращены 500 Руб.',
    });
    expect(registerTakenLetter('ru', 'http://site.test/login').subject).toBe('Личный кабинет на этот адрес уже есть');
  });

  it('English has the same facts and no Russian', () => {
    const letters = [
      orderPaidLetter('en', order, 'http://site.test/me'),
      orderRefundingLetter('en', order),
      orderRefundedLetter('en', order),
      lineRefundedLetter('en', order, 50_000),
      registerTakenLetter('en', 'http://site.test/login'),
    ];
    for (const letter of letters) {
      expect(letter.subject).not.toMatch(CYRILLIC);
      expect(letter.text).not.toMatch(CYRILLIC);
    }
    expect(letters[0]!.text).toContain('ORDER1');
    expect(letters[0]!.text).toContain('1234.5 RUB');
    expect(letters[0]!.text).toContain('http://site.test/me');
    expect(letters[3]!.text).toContain('500 RUB');
    expect(letters[4]!.text).toContain('http://site.test/login');
  });
});

describe('an order’s letters follow its buyer’s language', () => {
  let database: DatabaseHandle;
  let api: TestApp;
  beforeAll(async () => {
    database = await openTemplateDatabase();
    api = await createTestApp(database);
  });
  afterAll(async () => {
    await api?.close();
    await database?.close();
  });

  /** A signed-in buyer's paid order of one ticket, the payment asked in `language` (no header: none). */
  async function paidOrder(label: string, language?: string) {
    const buyer = await signedInUser(api.deps, label);
    const created = await api.request({
      method: 'POST',
      url: '/api/payment',
      token: buyer.token,
      headers: language ? { 'accept-language': language } : {},
      payload: { email: buyer.email, tickets: [{ format_public_id: seeded.spring10k, ticket_count: 1 }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const [row] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.json().order_id));
    await api.request({
      method: 'POST',
      url: `/sandbox/pay/${row!.paymentId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    return { buyer, order: row! };
  }

  it('English: the order keeps `en`; the paid letter and the refund letter are in English', async () => {
    const { buyer, order } = await paidOrder('letters-en', 'en-US,en;q=0.9,ru;q=0.5');
    expect(order.language).toBe('en');
    const paid = await api.lastMessage(buyer.email);
    expect(paid.text).toMatch(/^Thank you for your purchase! Your order /);
    expect(paid.text).not.toMatch(CYRILLIC);
    // Cancelled later from a Russian page: the letter follows the language the order was made in.
    const cancelled = await api.request({
      method: 'POST',
      url: '/api/payment/cancel',
      token: buyer.token,
      headers: { 'accept-language': 'ru' },
      payload: { order_id: order.publicId },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The sandbox settles the refund as a provider does later (its signed `refunded` notification).
    await api.request({
      method: 'POST',
      url: `/sandbox/pay/${order.paymentId}/refund`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const refund = await api.lastMessage(buyer.email);
    expect(refund.text).toBe(`Order ${order.publicId} has been cancelled and ${order.amount / 100} RUB refunded.`);
  });

  it('no header or Russian: the letters are the Russian ones', async () => {
    for (const language of [undefined, 'ru', 'de']) {
      const { buyer, order } = await paidOrder('letters-ru', language);
      expect(order.language).toBe('ru');
      expect((await api.lastMessage(buyer.email)).text).toMatch(/^Спасибо за покупку! Заказ /);
    }
  });
});
