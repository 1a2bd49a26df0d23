import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { eventFormats, orders } from '../../db/schema/index';
import { readOutbox } from '../../messaging/senders';
import { createTestApp, openTemplateDatabase, type TestApp, uniqueEmail } from '../../testing/fixtures';
import { seeded } from '../../testing/suites/catalogue';

// Issue 33, findings 6 and 7, the checkout's part: the guest checkout's «register», the temporary user's
// payment and buy_limit answer alike whoever holds the address; anonymous baskets for an address do not
// lock its proven owner out of their own checkout.
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

const call = async (method: 'POST' | 'PUT', url: string, payload: object, token?: string) => {
  const response = await api.request({ method, url, payload, ...(token ? { token } : {}) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};
const ticket = (count = 1) => [{ format_public_id: seeded.night5k, ticket_count: count }];
const codeFrom = (link: string | undefined) => link?.split('/').pop() ?? '';

async function provenAccount(password = 'Owner123') {
  const email = uniqueEmail('owner');
  expect((await call('POST', '/api/user', { email, password })).status).toBe(200);
  const [letter] = await readOutbox(api.deps.db, { to: email, limit: 1 });
  const confirmed = await call('POST', '/api/user/verify/email', { code: codeFrom(letter?.meta.link), password });
  expect(confirmed.status).toBe(200);
  return { email, token: confirmed.body.token as string };
}

/** The statements one call sends to the database (the time it takes follows them). */
async function statementsOf<T>(send: () => Promise<T>) {
  const client = (database as unknown as { client: { query: (...args: unknown[]) => Promise<unknown> } }).client;
  const original = client.query.bind(client);
  let count = 0;
  client.query = (...args: unknown[]) => {
    // The rate limits' counters are written in batches, whichever request's turn it is: not this call's work.
    if (!/^insert into "rate_limits"/.test(String(args[0]))) count++;
    return original(...args);
  };
  try {
    return { answer: await send(), count };
  } finally {
    client.query = original;
  }
}

/** An answer with its per-order values (ids, links) blanked: what is left must not tell addresses apart. */
const shapeOf = (body: Record<string, unknown>) => ({ ...body, order_id: '…', redirect_url: '…' });

describe('finding 6: «register» at checkout answers a used address as a free one', () => {
  it('the same answer, no token either way, the same statements; each owner learns what happened by letter', async () => {
    const owner = await provenAccount();
    const pay = (email: string) => call('POST', '/api/payment', { email, register: true, tickets: ticket() });
    // Warm: the first call of a statement's shape prepares it.
    await pay(uniqueEmail('warm'));
    await pay(owner.email);
    const free = uniqueEmail('free');
    const used = await statementsOf(() => pay(owner.email));
    const fresh = await statementsOf(() => pay(free));
    expect(used.answer.status).toBe(200);
    expect(fresh.answer.status).toBe(200);
    expect(shapeOf(fresh.answer.body)).toEqual(shapeOf(used.answer.body));
    expect(fresh.answer.body.token).toBeUndefined();
    // The fewest of a few tries each: a payment may also run the holds' sweep (at most once a second).
    const counts = { used: [used.count], fresh: [fresh.count] };
    for (let i = 0; i < 2; i++) {
      counts.used.push((await statementsOf(() => pay(owner.email))).count);
      counts.fresh.push((await statementsOf(() => pay(uniqueEmail('free')))).count);
    }
    expect(Math.min(...counts.fresh)).toBe(Math.min(...counts.used));
    // The free address's owner gets the confirmation letter (their way in), the used one's a notice.
    expect((await readOutbox(api.deps.db, { to: free, limit: 1 }))[0]?.meta.kind).toBe('email_confirm');
    expect((await readOutbox(api.deps.db, { to: owner.email, limit: 1 }))[0]?.meta.kind).toBe('register_taken');
    // The new account's order is read by its id, as any guest order (no token was given to read it with).
    const read = await api.request({ method: 'GET', url: `/api/order/${fresh.answer.body.order_id}` });
    expect(read.statusCode).toBe(200);
  });
});

describe('finding 6: PUT /api/user/auth/payment answers every address alike', () => {
  it('an unknown address, a temporary user and a full account: 200, the same shape, no token', async () => {
    const temporary = uniqueEmail('temporary');
    expect((await call('POST', '/api/payment', { email: temporary, register: true, tickets: ticket() })).status).toBe(200);
    const owner = await provenAccount();
    const answers = [];
    for (const email of [uniqueEmail('nobody'), temporary, owner.email]) {
      const answer = await call('PUT', '/api/user/auth/payment', { email, tickets: ticket() });
      expect(answer.status).toBe(200);
      expect(answer.body.token).toBeUndefined();
      answers.push({ ...shapeOf(answer.body), user: { ...(answer.body.user as object), email: '…' } });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});

describe('finding 6: buy_limit tells a past purchase only to the address’s proven owner', () => {
  const setLimit = (buyLimit: number | null) =>
    api.deps.db.update(eventFormats).set({ buyLimit }).where(eq(eventFormats.publicId, seeded.night5k));

  it('a guest or another account typing the address is not refused for the owner’s purchase; the owner is', async () => {
    await setLimit(1);
    try {
      const owner = await provenAccount();
      expect((await call('POST', '/api/payment', { email: owner.email, tickets: ticket() }, owner.token)).status).toBe(200);
      // A stranger without a session, and one signed into their own account, typing the owner's address.
      const guest = await call('POST', '/api/payment', { email: owner.email, tickets: ticket() });
      expect(guest.status).toBe(200);
      const other = await provenAccount();
      expect((await call('POST', '/api/payment', { email: owner.email, tickets: ticket() }, other.token)).status).toBe(200);
      // The owner, signed in, is held to the limit (their own order and the guest one to their address).
      const again = await call('POST', '/api/payment', { email: owner.email, tickets: ticket() }, owner.token);
      expect(again).toEqual({ status: 400, body: { message: 'Указанное количество билетов недоступно' } });
      // The limit per order holds for everyone.
      expect((await call('POST', '/api/payment', { email: uniqueEmail('guest'), tickets: ticket(2) })).status).toBe(400);
    } finally {
      await setLimit(null);
    }
  });
});

describe('finding 7: anonymous baskets for an address do not fill its proven owner’s hold cap', () => {
  it('three guest holds of the owner’s address leave the signed-in owner’s checkout open', async () => {
    const owner = await provenAccount();
    const capped = await createTestApp(database, { holdCaps: { perEmail: 3, perAddress: 10_000 } });
    const call = async (method: 'POST', url: string, payload: object, token?: string) => {
      const response = await capped.request({ method, url, payload, ...(token ? { token } : {}) });
      return { status: response.statusCode, body: response.json() as Record<string, unknown> };
    };
    for (let i = 0; i < 3; i++) expect((await call('POST', '/api/payment', { email: owner.email, tickets: ticket() })).status).toBe(200);
    // The anonymous holds are capped as before.
    expect((await call('POST', '/api/payment', { email: owner.email, tickets: ticket() })).status).toBe(429);
    const mine = await call('POST', '/api/payment', { email: owner.email, tickets: ticket() }, owner.token);
    expect(mine.status).toBe(200);
    const [order] = await api.deps.db
      .select()
      .from(orders)
      .where(eq(orders.publicId, mine.body.order_id as string));
    expect(order!.needsToken).toBe(true);
    // The owner's own holds are capped too: three in all.
    expect((await call('POST', '/api/payment', { email: owner.email, tickets: ticket(2) }, owner.token)).status).toBe(200);
    expect((await call('POST', '/api/payment', { email: owner.email, tickets: ticket() }, owner.token)).status).toBe(429);
    await capped.close();
  });
});

describe('a purchase or a waiting place sent with a token that no longer opens a session', () => {
  it('is refused with 401 — not made a guest order readable by its link alone — and nothing is written', async () => {
    const owner = await provenAccount();
    // The session ends (a sign-out here; a password reset or another device's sign-out ends it alike).
    expect((await call('POST', '/api/auth/logout', {}, owner.token)).status).toBeLessThan(300);
    const before = await api.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.email, owner.email));
    const paid = await call('POST', '/api/payment', { email: owner.email, tickets: ticket() }, owner.token);
    expect(paid.status).toBe(401);
    expect(paid.body.message).toBe('Требуется авторизация');
    const after = await api.deps.db.select({ id: orders.id }).from(orders).where(eq(orders.email, owner.email));
    expect(after).toHaveLength(before.length);
    const joined = await call('POST', '/api/waitlist', { format_public_id: seeded.night5k, email: owner.email }, owner.token);
    expect(joined.status).toBe(401);
    // Without a token it is a guest's purchase, as before.
    expect((await call('POST', '/api/payment', { email: owner.email, tickets: ticket() })).status).toBe(200);
  });
});
