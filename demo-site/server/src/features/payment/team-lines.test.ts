import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { eventFormats, orders, teams, tickets } from '../../db/schema/index';
import { stablePublicId } from '../../lib/crypto';
import { type Body, createTestApp, openTemplateDatabase, type TestApp } from '../../testing/fixtures';
import { signedInUser, type TestUser } from '../../testing/purchases';
import { seeded } from '../../testing/suites/catalogue';
import { teamNames } from './orders';

// Issue 35: a team line (a new team or joining one) chooses its start packs' delivery where the format
// delivers, priced and checked by the server as an ordinary ticket line's.
// And a team the buyer leaves unnamed is «Команда N» in Russian and "Team N" in English, wherever
// teams are listed (GET /api/teams/{id}, the cabinet's ticket cards), by the viewer's Accept-Language.
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

/** Buys one new team of the spring relay (its name, if given) and pays for it in the sandbox. */
async function buyTeam(buyer: TestUser, teamName?: string) {
  const created = await api.request({
    method: 'POST',
    url: '/api/payment',
    token: buyer.token,
    payload: {
      email: buyer.email,
      tickets: [{ format_public_id: seeded.springRelay, team_count: 1, ...(teamName ? { team_name: teamName } : {}) }],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const [order] = await api.deps.db.select().from(orders).where(eq(orders.publicId, created.json().order_id));
  const paid = await api.request({
    method: 'POST',
    url: `/sandbox/pay/${order!.paymentId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(paid.statusCode).toBeLessThan(400);
}

const get = async (url: string, language: string, token?: string) => {
  const response = await api.request({ method: 'GET', url, headers: { 'accept-language': language }, ...(token ? { token } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Body;
};

describe('team names by language', () => {
  it('numbers an unnamed team in both languages; a buyer’s name is its one name', () => {
    expect(teamNames(null, 1, 0, 42)).toEqual({ name: 'Команда 42', nameEn: 'Team 42' });
    expect(teamNames('Лоси', 1, 0, 42)).toEqual({ name: 'Лоси', nameEn: null });
    expect(teamNames('Лоси', 2, 1, 43)).toEqual({ name: 'Лоси 2', nameEn: null });
  });

  it('an unnamed team bought at checkout is «Команда N» in Russian and "Team N" in English, in the team list and on the ticket card', async () => {
    const buyer = await signedInUser(api.deps, 'team-en');
    await buyTeam(buyer);
    const cardsRu = (await get('/api/user/tickets/my', 'ru', buyer.token)).values as Body[];
    const team = cardsRu[0]?.team as { public_id: string; number: number; name: string };
    expect(team.name).toBe(`Команда ${team.number}`);
    const cardsEn = (await get('/api/user/tickets/my', 'en', buyer.token)).values as Body[];
    expect(cardsEn.map((card) => card.team.name)).toEqual(cardsRu.map(() => `Team ${team.number}`));

    const listed = async (language: string) =>
      ((await get(`/api/teams/${seeded.springRelay}`, language)).values as Body[]).find((row) => row.public_id === team.public_id)?.name;
    expect(await listed('ru')).toBe(`Команда ${team.number}`);
    expect(await listed('en')).toBe(`Team ${team.number}`);
    expect(await listed('en-GB,en;q=0.9')).toBe(`Team ${team.number}`);
  });

  it('a team the buyer named keeps that name in English', async () => {
    const buyer = await signedInUser(api.deps, 'team-named');
    await buyTeam(buyer, 'Быстрые ёжики');
    const cards = (await get('/api/user/tickets/my', 'en', buyer.token)).values as Body[];
    expect(cards[0]?.team.name).toBe('Быстрые ёжики');
  });
});

const courier = stablePublicId('delivery:kit-courier');
const MOSCOW = 524901;
const address = { location_id: MOSCOW, first_name: 'Иван', last_name: 'Петров', phone: '+79991234567', address: 'ул. Тверская, 1' };

describe('team lines choose the start packs’ delivery', () => {
  const buy = (payload: Record<string, unknown>) =>
    api.request({
      method: 'POST',
      url: '/api/payment',
      payload: { email: `team-kit.${Date.now()}.${Math.random()}@test.example`, ...payload },
    });
  const orderOf = async (publicId: string) => (await api.deps.db.select().from(orders).where(eq(orders.publicId, publicId)))[0]!;
  const quote = async (line: Record<string, unknown>) =>
    (await api.request({ method: 'POST', url: '/api/delivery/ticket/price', payload: { city: { id: MOSCOW }, tickets: [line] } })).json();

  /** A team format that does not deliver (the seed's corporate team). */
  const corporateFormat = async () =>
    (
      await api.deps.db
        .select({ publicId: eventFormats.publicId })
        .from(eventFormats)
        .where(and(eq(eventFormats.title, 'Корпоративная команда'), eq(eventFormats.delivery, false)))
        .limit(1)
    )[0]!.publicId;

  it('the relay (a team format with delivery) lists the ticket methods; a team format without delivery none', async () => {
    const methods = async (format: string) =>
      ((await api.request({ method: 'GET', url: `/api/delivery/ticket?format_public_id=${format}` })).json().values as Body[]).map(
        (method) => method.public_id,
      );
    expect(await methods(seeded.springRelay)).toContain(courier);
    expect(await methods(await corporateFormat())).toEqual([]);
  });

  it('a new team by courier: base + per extra member, the figure the basket is quoted; stored on every member’s ticket', async () => {
    const created = await buy({
      tickets: [{ format_public_id: seeded.springRelay, team_count: 1, delivery_public_id: courier }],
      delivery: { public_id: courier, ...address },
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = await orderOf(created.json().order_id);
    // Four members in Moscow: 490 ₽ + 3 × 100 ₽.
    expect(order.deliveryCost).toBe(79_000);
    expect(await quote({ format_public_id: seeded.springRelay, count: 4, delivery_public_id: courier })).toEqual({
      delivery: { cost: 790, pickup: false },
    });
    await api.request({
      method: 'POST',
      url: `/sandbox/pay/${order.paymentId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const issued = await api.deps.db.select().from(tickets).where(eq(tickets.orderId, order.id));
    expect(issued).toHaveLength(4);
    for (const ticket of issued) expect(ticket.info.delivery).toMatchObject({ public_id: courier, address: 'ул. Тверская, 1' });
  });

  it('joining a team by courier is priced for its members; the address is required', async () => {
    const [team] = await api.deps.db.select({ publicId: teams.publicId }).from(teams).where(eq(teams.membersCount, 2)).limit(1);
    expect(team).toBeDefined();
    const line = { team_public_id: team!.publicId, ticket_count: 1, delivery_public_id: courier };
    const missing = await buy({ tickets: [line] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Заполните поле');
    const joined = await buy({ tickets: [line], delivery: { public_id: courier, ...address } });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await orderOf(joined.json().order_id)).deliveryCost).toBe(49_000);
  });

  it('a team format without delivery: the same Russian 400 as an ordinary line, no order', async () => {
    const refused = await buy({
      tickets: [{ format_public_id: await corporateFormat(), team_count: 1, ticket_count: 2, delivery_public_id: courier }],
      delivery: { public_id: courier, ...address },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe('Доставка недоступна для этого формата');
  });
});
