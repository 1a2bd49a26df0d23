import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { orders, waitlistEntries } from '../../db/schema/index';
import { readOutbox } from '../../messaging/senders';
import { createTestApp, openTemplateDatabase, type TestApp } from '../../testing/fixtures';
import { seeded } from '../../testing/suites/catalogue';
import { closeOrder, expireOrders } from '../payment/orders';
import { waitlistHarness } from './testing';

// Issue 35: the waiting list against a model of it (fast-check `commands`). People join, hold and
// decline places, buy with their offer's link, and time runs out for holds and offers; after every step
// the list (who waits, in which order; who holds an offer) is the model's, and the stock's `taken` is
// exactly the holds, the tickets bought and the offers — every freed place went to exactly one person.
const PEOPLE = 5;
const PLACES = 1;
const format = seeded.night5k;

let database: DatabaseHandle;
let api: TestApp;
let w: ReturnType<typeof waitlistHarness>;
let run = 0;
let start: Date;
beforeAll(async () => {
  database = await openTemplateDatabase();
  // Offers of 20 minutes: a step of time runs out holds (15 minutes) and offers alike.
  api = await createTestApp(database, { waitlistOfferMs: 20 * 60_000 });
  start = api.clock.now();
  w = waitlistHarness(api);
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

interface Model {
  onSale: number;
  holds: string[];
  sold: number;
  /** Waiting people, first first. */
  queue: number[];
  /** People holding an offer, in the order they got it. */
  offered: number[];
}
interface Real {
  email(person: number): string;
  base: number;
}

/** A step, and after it the list and the stock compared with the model. */
abstract class Checked implements fc.AsyncCommand<Model, Real> {
  abstract check(m: Readonly<Model>): boolean;
  abstract act(m: Model, r: Real): Promise<void>;
  abstract toString(): string;
  async run(m: Model, r: Real) {
    await this.act(m, r);
    await same(m, r);
  }
}

/** A freed place: to the first waiting person, or back on sale. */
const free = (m: Model) => {
  const next = m.queue.shift();
  if (next === undefined) m.onSale++;
  else m.offered.push(next);
};

class Join extends Checked {
  constructor(readonly person: number) {
    super();
  }
  check = () => true;
  async act(m: Model, r: Real) {
    const answer = await w.join(format, r.email(this.person));
    const listed = m.queue.includes(this.person) || m.offered.includes(this.person);
    if (!listed && m.onSale > 0) {
      expect(answer.status).toBe(400);
      return;
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    if (!listed) m.queue.push(this.person);
    // A guest (an unproven address) is told the same whether or not the address was listed: the number
    // waiting, never `offered`. The address's own place goes to it in the letter.
    expect(answer.body).toEqual({ position: m.queue.length, status: 'waiting' });
    const letters = await readOutbox(api.deps.db, { to: r.email(this.person), limit: 20 });
    expect(letters.find((letter) => letter.meta.kind === 'waitlist_joined')?.meta.leave_link).toMatch(/\/waitlist\/leave\/\d+\.[\w-]{43}$/);
  }
  toString = () => `join(${this.person})`;
}

class Hold extends Checked {
  check = (m: Readonly<Model>) => m.onSale > 0;
  async act(m: Model) {
    const answer = await w.call('POST', '/api/payment', { email: `holder${run}@model.test`, tickets: [{ format_public_id: format }] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    m.onSale--;
    m.holds.push(answer.body.order_id);
  }
  toString = () => 'hold';
}

class Decline extends Checked {
  check = (m: Readonly<Model>) => m.holds.length > 0;
  async act(m: Model) {
    const publicId = m.holds.shift()!;
    const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, publicId));
    expect(await closeOrder(api.deps, order!.id, 'declined')).toBe(true);
    free(m);
  }
  toString = () => 'decline';
}

class Buy extends Checked {
  constructor(readonly nth: number) {
    super();
  }
  check = (m: Readonly<Model>) => m.offered.length > 0;
  async act(m: Model, r: Real) {
    const person = m.offered[this.nth % m.offered.length]!;
    const code = await w.offerCode(r.email(person));
    const answer = await w.call('POST', '/api/payment', {
      email: r.email(person),
      waitlist_code: code,
      tickets: [{ format_public_id: format }],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    m.offered.splice(m.offered.indexOf(person), 1);
    // The order holds the place until paid: counted with the holds.
    m.holds.push(answer.body.order_id);
  }
  toString = () => `buyWithOffer(#${this.nth})`;
}

class TimePasses extends Checked {
  check = () => true;
  async act(m: Model) {
    api.clock.advance(api.deps.config.waitlistOfferMs + 60_000);
    await expireOrders(api.deps);
    // The sweep closes the run-out holds first (each place to the next waiting person), then the offers made before.
    const before = m.offered.splice(0);
    for (const _ of m.holds.splice(0)) free(m);
    for (const _ of before) free(m);
  }
  toString = () => 'timePasses';
}

async function same(m: Model, r: Real) {
  const open = await w.entries(format);
  const byEmail = (person: number) => open.find((entry) => entry.email === r.email(person));
  expect(open.filter((entry) => entry.status === 'waiting').map((entry) => entry.email)).toEqual(m.queue.map(r.email));
  expect(new Set(open.filter((entry) => entry.status === 'offered').map((entry) => entry.email))).toEqual(new Set(m.offered.map(r.email)));
  for (const person of m.offered) expect(byEmail(person)?.status).toBe('offered');
  const stock = await w.stock(format);
  expect(stock.taken - r.base).toBe(m.holds.length + m.sold + m.offered.length);
  expect(stock.capacity - stock.taken).toBe(m.onSale);
}

it('the waiting list keeps to its model: first come first served, each freed place to one person', async () => {
  const person = fc.integer({ min: 0, max: PEOPLE - 1 });
  // Joining and freeing places listed twice: they are the steps the order of the list is about.
  const commands = [
    person.map((p) => new Join(p)),
    person.map((p) => new Join(p)),
    fc.constant(new Hold()),
    fc.constant(new Decline()),
    fc.constant(new Decline()),
    fc.nat(PEOPLE).map((n) => new Buy(n)),
    fc.constant(new TimePasses()),
  ];
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 20 }), async (steps) => {
      run++;
      // A clean start: earlier runs' holds and offers run out, the list is emptied, PLACES on sale.
      api.clock.advance(2 * api.deps.config.waitlistOfferMs);
      await expireOrders(api.deps);
      api.clock.set(start);
      await api.deps.db.delete(waitlistEntries);
      await w.setLeft(format, PLACES);
      const base = (await w.stock(format)).taken;
      const real: Real = { email: (p) => `person${p}.run${run}@model.test`, base };
      const model: Model = { onSale: PLACES, holds: [], sold: 0, queue: [], offered: [] };
      // Sold out from the start (one place held): joining is open at the first step.
      await new Hold().run(model, real);
      await fc.asyncModelRun(() => ({ model, real }), steps);
    }),
    { numRuns: Number(process.env.WAITLIST_RUNS ?? 100) },
  );
}, 300_000);
