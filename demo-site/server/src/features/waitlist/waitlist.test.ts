import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { orders, waitlistEntries } from '../../db/schema/index';
import { stablePublicId } from '../../lib/crypto';
import { readOutbox } from '../../messaging/senders';
import { createTestApp, openTemplateDatabase, type TestApp, uniqueEmail } from '../../testing/fixtures';
import { seeded } from '../../testing/suites/catalogue';
import { closeOrder, expireOrders } from '../payment/orders';
import { waitlistHarness } from './testing';

// Issue 35: the waiting list of a sold-out format, through the HTTP app on PGlite.
let database: DatabaseHandle;
let api: TestApp;
let w: ReturnType<typeof waitlistHarness>;
let demoToken: string;
const format = seeded.night5k;
beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(database);
  w = waitlistHarness(api);
  demoToken = (await w.call('PUT', '/api/auth', { email: 'demo@geroi.example', password: 'Demo1234' })).body.token;
});
// Each test starts from an empty list (an offer's held place is set aside by `setLeft` anyway).
beforeEach(async () => {
  await api.deps.db.delete(waitlistEntries);
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

/** taken − (sold + offered): what the seed took without orders; it never moves. */
async function baseline() {
  const { sold, offered } = await w.accounted(format);
  return (await w.stock(format)).taken - sold - offered;
}

describe('joining and leaving', () => {
  it('only a sold-out format; one place per person; the position; the cabinet lists it; leaving', async () => {
    await w.setLeft(format, 1);
    expect(await w.join(format, uniqueEmail('early'))).toEqual({
      status: 400,
      body: { message: 'Билеты этого формата ещё есть в продаже: добавьте их в корзину' },
    });
    await w.buyPaid(format, uniqueEmail('last'));
    const first = uniqueEmail('first');
    expect(await w.join(format, first)).toEqual({ status: 200, body: { position: 1, status: 'waiting' } });
    expect((await w.join(format, first)).body.position).toBe(1);
    expect((await w.join(format, undefined as unknown as string, demoToken)).body.position).toBe(2);
    // A guest is told the number waiting (here 2), not the address's own place (waitlist.test «what a guest learns»).
    expect((await w.join(format, first.toUpperCase())).body).toEqual({ position: 2, status: 'waiting' });
    const mine = await w.call('GET', '/api/user/waitlist', undefined, demoToken);
    expect(mine.body.values).toEqual([expect.objectContaining({ format_public_id: format, status: 'waiting', position: 2 })]);
    expect((await w.call('DELETE', `/api/waitlist/${format}`, undefined, demoToken)).status).toBe(200);
    expect((await w.call('GET', '/api/user/waitlist', undefined, demoToken)).body.values).toEqual([]);
    expect((await w.call('DELETE', `/api/waitlist/${format}`, undefined, demoToken)).status).toBe(404);
    expect((await w.call('GET', '/api/user/waitlist')).status).toBe(401);
    // A guest gives an address.
    expect((await w.call('POST', '/api/waitlist', { format_public_id: format })).body).toEqual({ message: 'Введите валидный email' });
  });
});

it('the seed’s sold-out format (the night run’s 10 km in Moscow) takes a waiting list', async () => {
  const soldOut = stablePublicId('format:night-run/moscow/10k');
  const check = await w.call('GET', `/api/event_format/check/${soldOut}?count=1&kind=athlete`);
  expect(check.status).toBe(400);
  expect(await w.join(soldOut, uniqueEmail('fan'))).toEqual({ status: 200, body: { position: 1, status: 'waiting' } });
});

describe('a freed place', () => {
  it('goes to the first person, by letter; it is not on sale; the link holds it and pays', async () => {
    await w.setLeft(format, 1);
    const seller = await w.buyPaid(format, 'demo@geroi.example', demoToken);
    const base = await baseline();
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    await w.join(format, first);
    await w.join(format, second);
    // The buyer returns the ticket: the place is the first person's.
    expect((await w.call('POST', '/api/payment/cancel', { order_id: seller }, demoToken)).status).toBe(200);
    const code = await w.offerCode(first);
    expect(code).not.toBeNull();
    expect(await w.offerCode(second)).toBeNull();
    // A guest typing the address is not told of the offer (only the letter is).
    expect((await w.join(format, first)).body).toEqual({ position: 1, status: 'waiting' });
    // Not on sale: the public figure and a stranger's purchase.
    const check = await w.call('GET', `/api/event_format/check/${format}?count=1&kind=athlete`);
    expect(check.status).toBe(400);
    expect((await w.call('POST', '/api/payment', { email: uniqueEmail('stranger'), tickets: [{ format_public_id: format }] })).status).toBe(
      400,
    );
    // The link: its format, then the purchase of its one ticket.
    expect((await w.call('GET', `/api/waitlist/offer/${code}`)).body).toMatchObject({ format_public_id: format, email: first });
    expect(
      (
        await w.call('POST', '/api/payment', {
          email: first,
          waitlist_code: code,
          tickets: [{ format_public_id: format, ticket_count: 2 }],
        })
      ).body,
    ).toEqual({ message: 'По ссылке из листа ожидания покупается один билет этого формата' });
    const bought = await w.call('POST', '/api/payment', { email: first, waitlist_code: code, tickets: [{ format_public_id: format }] });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const again = await w.call('POST', '/api/payment', { email: first, waitlist_code: code, tickets: [{ format_public_id: format }] });
    expect(again.body).toEqual({ message: 'Ссылка из листа ожидания устарела или уже использована' });
    expect((await w.stock(format)).taken - (await w.stock(format)).capacity).toBe(0);
    expect(await baseline()).toBe(base);
    expect((await w.entries(format)).map((entry) => entry.email)).toEqual([second]);
  });

  it('unused, passes to the next person; with nobody left it goes back on sale', async () => {
    await w.setLeft(format, 1);
    const order = await w.buyPaid(format, 'demo@geroi.example', demoToken);
    const base = await baseline();
    const [first, second] = [uniqueEmail('slow'), uniqueEmail('next')];
    await w.join(format, first);
    await w.join(format, second);
    expect((await w.call('POST', '/api/payment/cancel', { order_id: order }, demoToken)).status).toBe(200);
    const code = await w.offerCode(first);
    api.clock.advance(api.deps.config.waitlistOfferMs + 60_000);
    await expireOrders(api.deps);
    expect(await w.offerCode(second)).not.toBeNull();
    expect(
      (await w.call('POST', '/api/payment', { email: first, waitlist_code: code, tickets: [{ format_public_id: format }] })).body,
    ).toEqual({
      message: 'Ссылка из листа ожидания устарела или уже использована',
    });
    expect(await baseline()).toBe(base);
    api.clock.advance(api.deps.config.waitlistOfferMs + 60_000);
    await expireOrders(api.deps);
    expect(await w.entries(format)).toEqual([]);
    // Back on sale.
    expect((await w.call('GET', `/api/event_format/check/${format}?count=1&kind=athlete`)).status).toBe(200);
    expect(await baseline()).toBe(base);
  });

  it('an expired hold of an unpaid order, and the organiser raising the stock, free places for the list', async () => {
    await w.setLeft(format, 1);
    const held = await w.call('POST', '/api/payment', { email: uniqueEmail('holder'), tickets: [{ format_public_id: format }] });
    expect(held.status).toBe(200);
    const [first, second] = [uniqueEmail('hold-first'), uniqueEmail('raise-second')];
    await w.join(format, first);
    await w.join(format, second);
    api.clock.advance(api.deps.config.payment.holdMs + 60_000);
    await expireOrders(api.deps);
    expect(await w.offerCode(first)).not.toBeNull();
    const org = (await w.call('PUT', '/api/auth', { email: 'org@geroi.example', password: 'Org12345' })).body.token;
    const capacity = (await w.stock(format)).capacity;
    const patched = await w.call('PATCH' as 'PUT', `/api/organizer/event_format/${format}`, { tickets_count: capacity + 1 }, org);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await w.offerCode(second)).not.toBeNull();
    const stock = await w.stock(format);
    expect(stock.taken).toBe(stock.capacity);
  });
});

describe('races (one database, interleaved transactions)', () => {
  it('two frees at once: two places, each to one person, in the order they joined', async () => {
    await w.setLeft(format, 2);
    const a = await w.call('POST', '/api/payment', { email: uniqueEmail('a'), tickets: [{ format_public_id: format }] });
    const b = await w.call('POST', '/api/payment', { email: uniqueEmail('b'), tickets: [{ format_public_id: format }] });
    const base = await baseline();
    const people = [uniqueEmail('p1'), uniqueEmail('p2'), uniqueEmail('p3')];
    for (const person of people) await w.join(format, person);
    const ids = await Promise.all(
      [a, b].map(async (answer) => (await api.deps.db.select().from(orders).where(eq(orders.publicId, answer.body.order_id)))[0]!.id),
    );
    await Promise.all(ids.map((id) => closeOrder(api.deps, id, 'declined')));
    expect((await w.entries(format)).map((entry) => [entry.email, entry.status])).toEqual([
      [people[0], 'offered'],
      [people[1], 'offered'],
      [people[2], 'waiting'],
    ]);
    expect(await baseline()).toBe(base);
  });

  it('a free while an offer runs out: the two places go to the next two people, once each', async () => {
    await w.setLeft(format, 2);
    const order = await w.buyPaid(format, 'demo@geroi.example', demoToken);
    const other = await w.call('POST', '/api/payment', { email: uniqueEmail('x'), tickets: [{ format_public_id: format }] });
    const base = await baseline();
    const people = [uniqueEmail('q1'), uniqueEmail('q2'), uniqueEmail('q3'), uniqueEmail('q4')];
    for (const person of people) await w.join(format, person);
    await w.call('POST', '/api/payment/cancel', { order_id: order }, demoToken);
    expect(await w.offerCode(people[0]!)).not.toBeNull();
    api.clock.advance(api.deps.config.waitlistOfferMs + 60_000);
    const [row] = await api.deps.db.select().from(orders).where(eq(orders.publicId, other.body.order_id));
    // The hold of the other order has run out too: the sweep and a decline race for it.
    await Promise.all([expireOrders(api.deps), closeOrder(api.deps, row!.id, 'declined'), expireOrders(api.deps)]);
    const open = await w.entries(format);
    expect(open.map((entry) => [entry.email, entry.status])).toEqual([
      [people[1], 'offered'],
      [people[2], 'offered'],
      [people[3], 'waiting'],
    ]);
    expect(await baseline()).toBe(base);
  });
});

/** The newest letter of `kind` to an address. */
async function letter(email: string, kind: string) {
  const letters = await readOutbox(api.deps.db, { to: email, limit: 20 });
  return letters.find((one) => one.meta.kind === kind);
}
const tokenOf = (link: string | undefined) => link!.split('/').pop()!;

describe('what a guest learns by typing an address', () => {
  it('the same answer whether or not the address was listed or has an offer; its place goes to its mailbox', async () => {
    await w.setLeft(format, 1);
    const seller = await w.buyPaid(format, 'demo@geroi.example', demoToken);
    const [victim, other] = [uniqueEmail('victim'), uniqueEmail('other')];
    expect((await w.join(format, victim)).body).toEqual({ position: 1, status: 'waiting' });
    expect((await w.join(format, other)).body).toEqual({ position: 2, status: 'waiting' });
    // A stranger types the victim's address: told the number waiting (what a new address gets), not «1».
    expect((await w.join(format, victim)).body).toEqual({ position: 2, status: 'waiting' });
    expect((await letter(victim, 'waitlist_joined'))?.text).toContain('ваше место в очереди: 1');
    // A place is offered to the victim: a guest typing the address is not told so.
    expect((await w.call('POST', '/api/payment/cancel', { order_id: seller }, demoToken)).status).toBe(200);
    expect((await w.entries(format)).find((entry) => entry.email === victim)?.status).toBe('offered');
    expect((await w.join(format, victim)).body).toEqual({ position: 1, status: 'waiting' });
    // The address's owner, signed in, sees their real state (the cabinet, and a signed-in join).
    expect((await w.join(format, undefined as unknown as string, demoToken)).body).toEqual({ position: 2, status: 'waiting' });
  });
});

describe('the leave link of the letters (no sign-in)', () => {
  it('names the event, not the person; GET leaves nobody; POST leaves that one entry once; a forged or foreign link does nothing', async () => {
    await w.setLeft(format, 0);
    const [anna, boris] = [uniqueEmail('anna'), uniqueEmail('boris')];
    await w.join(format, anna);
    await w.join(format, boris);
    const annaLink = (await letter(anna, 'waitlist_joined'))?.meta.leave_link;
    const borisLink = (await letter(boris, 'waitlist_joined'))?.meta.leave_link;
    expect(annaLink).toMatch(/\/waitlist\/leave\/\d+\.[\w-]{43}$/);
    expect((await letter(anna, 'waitlist_joined'))?.text).toContain(annaLink);
    const token = tokenOf(annaLink);
    const described = await w.call('GET', `/api/waitlist/leave/${token}`);
    expect(described.status).toBe(200);
    expect(Object.keys(described.body).sort()).toEqual(['event_title', 'format_title']);
    expect(JSON.stringify(described.body)).not.toContain(anna);
    // A mail scanner's GET removed nobody.
    expect((await w.entries(format)).map((entry) => entry.email)).toEqual([anna, boris]);
    // Another entry's id with Anna's MAC, a changed MAC, junk: all «not valid», nothing left.
    const [annaId, mac] = token.split('.') as [string, string];
    const borisId = tokenOf(borisLink).split('.')[0]!;
    // The first character changed: the last one of 43 carries 4 bits of the MAC and 2 unused ones, so
    // A↔B there (or to A from C or D) decodes to the same MAC — 1 run in 16 went through.
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [`${borisId}.${mac}`, `${annaId}.${flipped}`, `${annaId}`, 'x'.repeat(60)]) {
      expect(await w.call('POST', `/api/waitlist/leave/${bad}`)).toEqual({
        status: 404,
        body: { message: 'Ссылка недействительна или вы уже не в листе ожидания' },
      });
    }
    expect((await w.entries(format)).map((entry) => entry.email)).toEqual([anna, boris]);
    expect(await w.call('POST', `/api/waitlist/leave/${token}`)).toEqual({ status: 200, body: { ok: true } });
    expect((await w.entries(format)).map((entry) => entry.email)).toEqual([boris]);
    // Used: the link is spent; Anna joining again is a new entry the old link does not reach.
    expect((await w.call('POST', `/api/waitlist/leave/${token}`)).status).toBe(404);
    await w.join(format, anna);
    expect((await w.call('POST', `/api/waitlist/leave/${token}`)).status).toBe(404);
    expect((await w.call('GET', `/api/waitlist/leave/${token}`)).status).toBe(404);
    expect((await w.entries(format)).map((entry) => entry.email)).toEqual([boris, anna]);
  });

  it('the offer letter has one too: leaving with an offer passes the place to the next person at once', async () => {
    await w.setLeft(format, 1);
    const seller = await w.buyPaid(format, 'demo@geroi.example', demoToken);
    const base = await baseline();
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    await w.join(format, first);
    await w.join(format, second);
    expect((await w.call('POST', '/api/payment/cancel', { order_id: seller }, demoToken)).status).toBe(200);
    const offer = await letter(first, 'waitlist_offer');
    expect(offer?.text).toContain(offer?.meta.leave_link);
    expect(await w.call('POST', `/api/waitlist/leave/${tokenOf(offer?.meta.leave_link)}`)).toEqual({ status: 200, body: { ok: true } });
    expect(await w.offerCode(second)).not.toBeNull();
    expect((await w.entries(format)).map((entry) => [entry.email, entry.status])).toEqual([[second, 'offered']]);
    const { offered } = await w.accounted(format);
    expect(offered).toBe(1);
    expect(await baseline()).toBe(base);
  });
});
