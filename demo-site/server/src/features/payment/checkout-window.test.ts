import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { eventCities, eventFormats, promocodes } from '../../db/schema/index';
import { newPublicId } from '../../lib/crypto';
import { createTestApp, openTemplateDatabase, type TestApp, uniqueEmail } from '../../testing/fixtures';
import { seeded } from '../../testing/suites/catalogue';

// Issue 31's two checkout rules from the back office: the event city's registration window and a
// promocode's uses per person, both decided by the payment's pricing.
let database: DatabaseHandle;
let api: TestApp;
let eventCityId: number;
let title: string;
beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(database);
  const [format] = await api.deps.db.select().from(eventFormats).where(eq(eventFormats.publicId, seeded.night5k));
  eventCityId = format!.eventCityId;
  title = (await api.request({ method: 'GET', url: `/api/event_format/${seeded.night5k}` })).json().event.title;
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

const pay = async (payload: Record<string, unknown>) => {
  const response = await api.request({ method: 'POST', url: '/api/payment', payload: { email: uniqueEmail('buyer'), ...payload } });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};
const ticket = (extra: Record<string, unknown> = {}) => [{ format_public_id: seeded.night5k, ticket_count: 1, ...extra }];
const setWindow = (registrationOpensAt: Date | null, registrationClosesAt: Date | null) =>
  api.deps.db.update(eventCities).set({ registrationOpensAt, registrationClosesAt }).where(eq(eventCities.id, eventCityId));

describe('the event city’s registration window', () => {
  it('before it opens, a clear message with the moment; after it closes, another; inside it, sold', async () => {
    const now = api.clock.now().getTime();
    try {
      await setWindow(new Date(Date.UTC(2026, 4, 20, 6, 0)), null);
      expect(await pay({ tickets: ticket() })).toEqual({
        status: 400,
        body: { message: `Регистрация на ${title} откроется 20 мая 2026 г. в 09:00 (мск)` },
      });
      // The availability check before payment says the same.
      const check = await api.request({ method: 'GET', url: `/api/event_format/check/${seeded.night5k}?count=1&kind=athlete` });
      expect(check.statusCode).toBe(400);
      await setWindow(new Date(now - 86_400_000), new Date(now));
      expect(await pay({ tickets: ticket() })).toEqual({ status: 400, body: { message: `Регистрация на ${title} закрыта` } });
      await setWindow(new Date(now - 86_400_000), new Date(now + 60_000));
      expect((await pay({ tickets: ticket() })).status).toBe(200);
    } finally {
      await setWindow(null, null);
    }
  });
});

describe('a promocode’s uses per person', () => {
  async function code(maxUsesPerPerson: number | null, codeCount = 100) {
    const value = `PP${newPublicId().slice(0, 10).toUpperCase()}`;
    const now = api.clock.now();
    await api.deps.db.insert(promocodes).values({
      publicId: newPublicId(),
      code: value,
      target: 'ticket',
      targetPublicId: null,
      discount: 10,
      discountForm: 'percent',
      codeCount,
      maxUsesPerPerson,
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() + 86_400_000),
    });
    return value;
  }

  it('one person (one e-mail) uses it as often as the code allows, someone else still can', async () => {
    const promo = await code(2);
    const email = uniqueEmail('person');
    const first = await pay({ email, tickets: ticket({ promocode: promo }) });
    expect(first.status).toBe(200);
    const second = await pay({ email, tickets: ticket({ promocode: promo }) });
    expect(second.status).toBe(200);
    expect(await pay({ email, tickets: ticket({ promocode: promo }) })).toEqual({
      status: 400,
      body: { message: 'Вы уже использовали этот промокод столько раз, сколько можно одному человеку' },
    });
    expect((await pay({ email: uniqueEmail('other'), tickets: ticket({ promocode: promo }) })).status).toBe(200);
  });

  it('a basket of three tickets with a code of one use per person gets one discounted ticket', async () => {
    const promo = await code(1);
    const email = uniqueEmail('family');
    const order = await pay({ email, tickets: [{ format_public_id: seeded.night5k, ticket_count: 3, promocode: promo }] });
    expect(order.status).toBe(200);
    const full = (await pay({ email: uniqueEmail('plain'), tickets: [{ format_public_id: seeded.night5k, ticket_count: 3 }] })).body
      .amount as number;
    const unit = full / 3;
    expect(order.body.amount).toBeCloseTo(full - unit * 0.1, 2);
  });

  it('two baskets of one person at once: one use between them', async () => {
    const promo = await code(1);
    const email = uniqueEmail('twice');
    const answers = await Promise.all([
      pay({ email, tickets: ticket({ promocode: promo }) }),
      pay({ email, tickets: ticket({ promocode: promo }) }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('the back office makes a code with a limit per person, and lists it', async () => {
    const org = (
      await api.request({ method: 'PUT', url: '/api/auth', payload: { email: 'org@geroi.example', password: 'Org12345' } })
    ).json().token as string;
    const value = `PER${newPublicId().slice(0, 8).toUpperCase()}`;
    const made = await api.request({
      method: 'POST',
      url: '/api/organizer/promocodes',
      token: org,
      payload: { event_city_public_id: seeded.nightMoscow, code: value, discount_percent: 10, max_uses: 50, max_uses_per_person: 1 },
    });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const listed = await api.request({
      method: 'GET',
      url: `/api/organizer/promocodes?event_city_public_id=${seeded.nightMoscow}`,
      token: org,
    });
    expect(JSON.stringify(listed.json())).toContain('"max_uses_per_person":1');
    const email = uniqueEmail('once');
    expect((await pay({ email, tickets: ticket({ promocode: value }) })).status).toBe(200);
    expect((await pay({ email, tickets: ticket({ promocode: value }) })).status).toBe(400);
  });

  it('a code without the limit is not counted per person', async () => {
    const promo = await code(null);
    const email = uniqueEmail('many');
    for (let i = 0; i < 3; i++) expect((await pay({ email, tickets: ticket({ promocode: promo }) })).status).toBe(200);
  });
});
