import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { eventFormats, formatStock, organisationMembers, organisations, users } from '../../db/schema/index';
import { stablePublicId as id } from '../../lib/crypto';
import { type Body, createTestApp, openTemplateDatabase, type TestApp } from '../../testing/fixtures';
import { insertTicket, signedInUser, type TestUser } from '../../testing/purchases';
import type { OrganizerScope } from './scope';

// The back office (issue 31): scope, roles, the catalogue's rules, promocodes, staff, exports, audit.
const heroesCity = id('event-city:spring-run/petersburg');
const heroesFormat = id('format:spring-run/petersburg/10k');
const northCity = id('event-city:white-nights/petersburg');

let database: DatabaseHandle;
let api: TestApp;
const routes: { method: string; url: string; scope: OrganizerScope }[] = [];
let org: string;
let north: string;
let viewer: TestUser;
let stranger: TestUser;
let heroesOrder: string;
let heroesEmail: string;
let heroesTicket: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  api.request({ method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

async function signIn(email: string, password: string) {
  const response = await call('PUT', '/api/auth', undefined, { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(
    database,
    {},
    {
      onRoute: (route: RouteOptions) => {
        const scope = route.config && (route.config as { organizer?: OrganizerScope }).organizer;
        if (route.method !== 'HEAD' && scope) for (const method of [route.method].flat()) routes.push({ method, url: route.url, scope });
      },
    },
  );
  org = await signIn('org@geroi.example', 'Org12345');
  north = await signIn('north@geroi.example', 'North1234');
  viewer = await signedInUser(api.deps, 'viewer');
  stranger = await signedInUser(api.deps, 'stranger');
  const [heroes] = await api.deps.db.select().from(organisations).where(eq(organisations.name, 'Забег Героев'));
  await api.deps.db
    .insert(organisationMembers)
    .values({ organisationId: heroes!.id, userId: viewer.id, role: 'viewer', createdAt: api.clock.now() });
  const ticket = await insertTicket(api.deps.db, api.clock.now(), {
    formatPublicId: heroesFormat,
    userId: stranger.id,
    info: { first_name: 'Пётр', last_name: 'Бегунов', phone: '+79991234567', registered: true },
  });
  heroesTicket = ticket.publicId;
  const { orders } = await import('../../db/schema/index');
  // The buyer's e-mail is also their account's: the search finds the order two ways.
  const [order] = await api.deps.db
    .update(orders)
    .set({ email: stranger.email })
    .where(eq(orders.id, ticket.orderId))
    .returning({ publicId: orders.publicId, email: orders.email });
  heroesOrder = order!.publicId;
  heroesEmail = order!.email;
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

describe('who may enter', () => {
  it('signed out: 401; an account that is no organiser: 403', async () => {
    expect((await call('GET', '/api/organizer/events')).statusCode).toBe(401);
    const refused = await call('GET', '/api/organizer/events', stranger.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Нет доступа к кабинету организатора');
  });

  it('each organisation sees only its own event cities', async () => {
    const heroes = (await call('GET', '/api/organizer/events', org)).json().values as Body[];
    const mine = (await call('GET', '/api/organizer/events', north)).json().values as Body[];
    expect(heroes.map((place) => place.public_id)).toContain(heroesCity);
    expect(heroes.map((place) => place.public_id)).not.toContain(northCity);
    expect(mine.map((place) => place.public_id)).toEqual([northCity]);
    expect(mine[0].organisation).toMatchObject({ name: 'Северный полумарафон', role: 'owner' });
  });

  it('an unproven account holding a membership is refused', async () => {
    const unproven = await signedInUser(api.deps, 'unproven', { emailConfirmed: false });
    const [heroes] = await api.deps.db.select().from(organisations).where(eq(organisations.name, 'Забег Героев'));
    await api.deps.db
      .insert(organisationMembers)
      .values({ organisationId: heroes!.id, userId: unproven.id, role: 'owner', createdAt: api.clock.now() });
    expect((await call('GET', '/api/organizer/events', unproven.token)).statusCode).toBe(403);
    await api.deps.db.delete(organisationMembers).where(eq(organisationMembers.userId, unproven.id));
  });

  it('every organiser route declares a scope (the list is not empty)', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const route of routes) expect(route.url.startsWith('/api/organizer'), route.url).toBe(true);
  });
});

/** A resource of «Забег Героев» of each kind a route can name. */
async function heroesResources(): Promise<Record<string, string>> {
  const batch = await call('POST', '/api/organizer/promocodes', org, { event_city_public_id: heroesCity, count: 3, discount_percent: 10 });
  expect(batch.statusCode, batch.body).toBe(201);
  const message = await call('POST', '/api/organizer/messages', org, {
    event_city_public_id: heroesCity,
    subject: 'Пакет участника',
    text: 'Выдача пакетов в пятницу.',
    essential: true,
    idempotency_key: `sample-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  });
  expect(message.statusCode, message.body).toBe(202);
  const sale = await call('POST', '/api/organizer/sales', org, {
    event_city_public_id: heroesCity,
    title: 'Ранняя регистрация',
    starts_at: '2026-04-01T00:00:00Z',
    ends_at: '2026-04-02T00:00:00Z',
    discount_percent: 5,
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const product = await call('POST', '/api/organizer/products', org, {
    event_public_id: id('event:spring-run'),
    title: 'Бафф забега',
    price: 700,
    kind: 'merch',
    category: 'aksessuary',
    sizes: [{ name: 'Универсальный', stock: 10 }],
  });
  expect(product.statusCode, product.body).toBe(201);
  return {
    product: product.json().public_id,
    sale: sale.json().public_id,
    event: id('event:spring-run'),
    message: message.json().public_id,
    event_city: heroesCity,
    format: heroesFormat,
    order: heroesOrder,
    ticket: heroesTicket,
    promocode_batch: batch.json().batch,
    organisation: id('organisation:heroes'),
  };
}

/** Every route but the download link's, whose token is the credential (tested in «exports through a link»). */
const scopedRoutes = () => routes.filter((route) => route.scope.resource.kind !== 'download');

function requestFor(route: (typeof routes)[number], sample: Record<string, string>) {
  const resource = route.scope.resource;
  let url = route.url;
  let payload: object | undefined;
  if (resource.kind !== 'memberships') {
    const value = sample[resource.kind]!;
    if (resource.from === 'params') url = url.replace(`:${resource.key}`, value);
    if (resource.from === 'query') url = `${url}?${resource.key}=${value}`;
    if (resource.from === 'body') payload = { [resource.key]: value };
  }
  url = url.replace(/:[a-z_]+/g, 'x');
  return { url, payload };
}

describe('scope, generated from the list of organiser routes', () => {
  it('another organisation’s owner gets 404 from every route naming a resource of «Забег Героев», and nothing of it from the lists', async () => {
    const sample = await heroesResources();
    for (const route of scopedRoutes()) {
      const { url, payload } = requestFor(route, sample);
      const response = await call(route.method as Method, url, north, payload ?? (route.method === 'GET' ? undefined : {}));
      if (route.scope.resource.kind === 'memberships') {
        expect(response.statusCode, `${route.method} ${url}`).toBe(200);
        for (const value of Object.values(sample)) expect(response.body, `${route.method} ${url}`).not.toContain(value);
      } else {
        expect(response.statusCode, `${route.method} ${url}: ${response.body}`).toBe(404);
        expect(response.json().message).toBe('Не найдено');
      }
    }
    // The searches find nothing of «Забег Героев» even when asked for exactly.
    const search = await call('GET', `/api/organizer/orders?q=${heroesOrder}`, north);
    expect(search.json().values).toEqual([]);
  });

  it('a viewer reads but every write is refused with 403; the owner passes the guard on every route', async () => {
    const sample = await heroesResources();
    for (const route of scopedRoutes()) {
      const { url, payload } = requestFor(route, sample);
      const body = payload ?? (route.method === 'GET' ? undefined : {});
      const asViewer = await call(route.method as Method, url, viewer.token, body);
      if (route.scope.role === 'viewer') expect(asViewer.statusCode, `${route.method} ${url}`).not.toBe(403);
      else {
        expect(asViewer.statusCode, `${route.method} ${url}`).toBe(403);
        expect(asViewer.json().message).toBe('Недостаточно прав для этого действия');
      }
      const asOwner = await call(route.method as Method, url, org, body);
      expect([401, 403, 404], `${route.method} ${url}: ${asOwner.body}`).not.toContain(asOwner.statusCode);
    }
  });
});

describe('the catalogue', () => {
  it('a new format is on the public site at once; a price change keeps orders’ prices; stock never below what is taken', async () => {
    const created = await call('POST', '/api/organizer/event_format', org, {
      event_city_public_id: heroesCity,
      name: 'Полумарафон 21,1 км',
      price: 2500,
      tickets_count: 2,
      age_min: 18,
    });
    expect(created.statusCode, created.body).toBe(201);
    const formatId = created.json().public_id as string;
    const list = (await call('GET', `/api/event_format/event/${heroesCity}`)).json().values as Body[];
    expect(list.find((format) => format.public_id === formatId)).toMatchObject({
      title: 'Полумарафон 21,1 км',
      price: 2500,
      tickets_left: { athlete: 2 },
    });

    // Two places taken (a sold ticket and a hold): stock 1 is refused, 5 is fine.
    await insertTicket(api.deps.db, api.clock.now(), { formatPublicId: formatId, userId: stranger.id, info: { last_name: 'Первый' } });
    const [row] = await api.deps.db.select({ id: eventFormats.id }).from(eventFormats).where(eq(eventFormats.publicId, formatId));
    await api.deps.db.update(formatStock).set({ taken: 2 }).where(eq(formatStock.formatId, row!.id));
    const tooFew = await call('PATCH', `/api/organizer/event_format/${formatId}`, org, { tickets_count: 1 });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().message).toBe('Нельзя сделать билетов меньше, чем уже продано и забронировано (2)');
    const raised = await call('PATCH', `/api/organizer/event_format/${formatId}`, org, { tickets_count: 5, price: 3000 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ tickets_count: 5, price: 3000, sold: 1 });

    const ages = await call('PATCH', `/api/organizer/event_format/${formatId}`, org, { age_max: 10 });
    expect(ages.json().message).toBe('Минимальный возраст не может быть больше максимального');

    // Sold tickets: deleting is refused, closing takes it off the site.
    const deleted = await call('DELETE', `/api/organizer/event_format/${formatId}`, org);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('Формат с проданными билетами нельзя удалить — его можно закрыть');
    const closed = await call('PATCH', `/api/organizer/event_format/${formatId}`, org, { closed: true });
    expect(closed.json()).toMatchObject({ closed: true, tickets_count: 2 });
    const after = (await call('GET', `/api/event_format/event/${heroesCity}`)).json().values as Body[];
    expect(after.some((format) => format.public_id === formatId)).toBe(false);

    const audit = (await call('GET', `/api/organizer/audit?event_city_public_id=${heroesCity}`, org)).json().values as Body[];
    const mine = audit.filter((entry) => entry.target_public_id === formatId).map((entry) => entry.action);
    expect(mine).toEqual(['format.closed', 'format.changed', 'format.created']);
    const change = audit.find((entry) => entry.action === 'format.changed' && entry.target_public_id === formatId);
    expect(change).toMatchObject({
      who: 'org@geroi.example',
      before: { price: 2500, stock_athlete: 2 },
      after: { price: 3000, stock_athlete: 5 },
    });
  });

  it('bad input gets the Russian message; registration dates must be in order', async () => {
    const negative = await call('POST', '/api/organizer/event_format', org, {
      event_city_public_id: heroesCity,
      name: 'x',
      price: -1,
      tickets_count: 1,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('Цена не может быть отрицательной');
    const dates = await call('PATCH', `/api/organizer/event_city/${heroesCity}`, org, {
      registration_opens_at: '2027-01-02T00:00:00Z',
      registration_closes_at: '2027-01-01T00:00:00Z',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().message).toBe('Регистрация должна открываться раньше, чем закрывается, и закрываться не позже старта');
  });
});

describe('sales and new event cities', () => {
  it('a price tier by date discounts the event city’s tickets in the basket while it runs; a new event city takes formats', async () => {
    const made = await call('POST', '/api/organizer/sales', org, {
      event_city_public_id: heroesCity,
      title: 'Ранняя регистрация',
      starts_at: new Date(api.clock.now().getTime() - 3_600_000).toISOString(),
      ends_at: new Date(api.clock.now().getTime() + 86_400_000).toISOString(),
      discount_percent: 20,
      format_public_ids: [heroesFormat],
    });
    expect(made.statusCode, made.body).toBe(201);
    const running = (await call('GET', '/api/sales')).json();
    expect(JSON.stringify(running)).toContain('Ранняя регистрация');
    const listed = (await call('GET', `/api/organizer/sales?event_city_public_id=${heroesCity}`, viewer.token)).json().values as Body[];
    expect(listed.find((sale) => sale.public_id === made.json().public_id)).toMatchObject({
      discount_percent: 20,
      format_public_ids: [heroesFormat],
      count: 1,
    });
    const wrong = await call('POST', '/api/organizer/sales', org, {
      event_city_public_id: heroesCity,
      title: 'Наоборот',
      starts_at: '2027-01-02T00:00:00Z',
      ends_at: '2027-01-01T00:00:00Z',
      discount_percent: 10,
    });
    expect(wrong.json().message).toBe('Скидка должна начинаться раньше, чем заканчивается');
    const changedSale = await call('PUT', `/api/organizer/sales/${made.json().public_id}`, org, {
      title: 'Ранняя регистрация',
      starts_at: new Date(api.clock.now().getTime() - 3_600_000).toISOString(),
      ends_at: new Date(api.clock.now().getTime() + 86_400_000).toISOString(),
      discount_percent: 20,
      active: false,
    });
    expect(changedSale.statusCode, changedSale.body).toBe(200);
    expect(JSON.stringify((await call('GET', '/api/sales')).json())).not.toContain(made.json().public_id);

    const cities = (await call('GET', '/api/organizer/cities', org)).json().values as Body[];
    const created = await call('POST', '/api/organizer/event_city', org, {
      event_public_id: id('event:spring-run'),
      city_id: cities[0].id,
      start_time: new Date(api.clock.now().getTime() + 90 * 86_400_000).toISOString(),
      address: 'Набережная, 1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const mine = (await call('GET', '/api/organizer/events', org)).json().values as Body[];
    expect(mine.map((place) => place.public_id)).toContain(created.json().public_id);
    const elsewhere = await call('POST', '/api/organizer/event_city', north, {
      event_public_id: id('event:spring-run'),
      city_id: cities[0].id,
      start_time: new Date(api.clock.now().getTime() + 90 * 86_400_000).toISOString(),
      address: 'Чужая',
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('promocodes', () => {
  it('a named code applies to the event city’s formats and not to another event’s; a batch downloads as CSV', async () => {
    const made = await call('POST', '/api/organizer/promocodes', org, {
      event_city_public_id: heroesCity,
      code: 'piter-10',
      discount_percent: 10,
      max_uses: 5,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().codes).toEqual(['PITER-10']);
    const here = await call('GET', `/api/promocode/check/ticket/PITER-10/${heroesFormat}`);
    expect(here.statusCode, here.body).toBe(200);
    expect(here.json().available_code_count).toBe(5);
    const elsewhere = await call('GET', `/api/promocode/check/ticket/PITER-10/${id('format:kids-league/voronezh/500m')}`);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('Промокод не действует для этого билета');
    const again = await call('POST', '/api/organizer/promocodes', org, {
      event_city_public_id: heroesCity,
      code: 'PITER-10',
      discount_percent: 5,
    });
    expect(again.statusCode).toBe(409);

    const batch = await call('POST', '/api/organizer/promocodes', org, {
      event_city_public_id: heroesCity,
      count: 50,
      prefix: 'RUN',
      discount_amount: 300,
    });
    expect(batch.json().codes).toHaveLength(50);
    expect(new Set(batch.json().codes).size).toBe(50);
    const csv = await call('GET', `/api/organizer/promocode_batch/${batch.json().batch}/codes.csv`, viewer.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(51);
    expect(lines[1]).toMatch(/^RUN[A-Z2-9]{8},300 RUB,1,0,/);
    const listed = (await call('GET', `/api/organizer/promocodes?event_city_public_id=${heroesCity}`, viewer.token)).json()
      .values as Body[];
    expect(listed.find((code) => code.code === 'PITER-10')).toMatchObject({ discount_percent: 10, max_uses: 5, used: 0 });
  });
});

describe('orders, participants, exports', () => {
  it('finds an order by surname, phone, ticket number and e-mail; corrects a participant with a record', async () => {
    for (const q of ['Бегунов', 'бегун', '+7 999 123-45-67', heroesOrder, heroesEmail]) {
      const found = (await call('GET', `/api/organizer/orders?q=${encodeURIComponent(q)}`, viewer.token)).json().values as Body[];
      const ids = found.map((order) => order.public_id);
      expect(ids, q).toContain(heroesOrder);
      // Found two ways (an e-mail that is the buyer's and their account's): listed once.
      expect(new Set(ids).size, q).toBe(ids.length);
    }
    const detail = await call('GET', `/api/organizer/orders/${heroesOrder}`, viewer.token);
    expect(detail.json().tickets[0].participant).toMatchObject({ last_name: 'Бегунов', first_name: 'Пётр' });
    const corrected = await call('PATCH', `/api/organizer/ticket/${heroesTicket}`, org, { last_name: 'Бегунов-Быстров' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const history = (await call('GET', `/api/organizer/orders/${heroesOrder}`, org)).json().history as Body[];
    expect(history[0]).toMatchObject({ action: 'participant.corrected', who: 'org@geroi.example', before: { last_name: 'Бегунов' } });
  });

  it('participants stream as CSV and XLSX with the purchase in them', async () => {
    const csv = await call('GET', `/api/organizer/event_city/${heroesCity}/participants.csv`, viewer.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body.startsWith('\uFEFFНомер,Формат,Фамилия')).toBe(true);
    expect(csv.body).toContain('Бегунов-Быстров,Пётр');
    const xlsx = await call('GET', `/api/organizer/event_city/${heroesCity}/participants.xlsx`, viewer.token);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Участники')!;
    expect(sheet.getRow(1).getCell(3).value).toBe('Фамилия');
    const surnames = sheet.getColumn(3).values;
    expect(surnames).toContain('Бегунов-Быстров');
  });

  it('the participants export pages through every ticket of the event city once, in id order, across its formats', async () => {
    const { participantPages } = await import('./exports');
    const rollback = new Error('rollback');
    await api.deps.db
      .transaction(async (tx) => {
        const db = tx as unknown as typeof api.deps.db;
        const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
        const [city] = await rows<{ id: number }>(sql`select id from event_cities where public_id = ${heroesCity}`);
        const [ticket] = await rows<{ id: number; format_id: number }>(
          sql`select id, format_id from tickets where public_id = ${heroesTicket}`,
        );
        // A second format of the city, and 2,300 tickets (over two pages) dealt between the two.
        const [second] = await rows<{
          id: number;
        }>(sql`insert into event_formats (public_id, event_city_id, title, description, price, max_count, regions)
          select 'paging-format', event_city_id, 'Вторая дистанция', '', price, 5, '[]'::jsonb from event_formats where id = ${ticket!.format_id} returning id`);
        await db.execute(sql`insert into tickets (public_id, order_id, order_item_id, format_id, event_id, number, status, info, created_at)
          select 'paging-' || g, t.order_id, t.order_item_id, case when g % 3 = 0 then ${second!.id} else t.format_id end, t.event_id, 800000 + g, 'active', '{}'::jsonb, now()
          from tickets t, generate_series(1, 2300) g where t.id = ${ticket!.id}`);
        const read = async (formatId: number | null) => {
          const ids: number[] = [];
          let after = 0;
          for (;;) {
            const page = await participantPages(db, city!.id, formatId)(after);
            ids.push(...page.map((row) => row.id));
            if (page.length < 1000) return ids;
            after = page.at(-1)!.id;
          }
        };
        const every = (
          await rows<{ id: number }>(sql`select t.id from tickets t join event_formats f on f.id = t.format_id
          where f.event_city_id = ${city!.id} order by t.id`)
        ).map((row) => row.id);
        expect(every.length).toBeGreaterThan(2300);
        expect(await read(null)).toEqual(every);
        const ofSecond = (await rows<{ id: number }>(sql`select id from tickets where format_id = ${second!.id} order by id`)).map(
          (row) => row.id,
        );
        expect(ofSecond).toHaveLength(766);
        expect(await read(second!.id)).toEqual(ofSecond);
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      });
  });

  it('a cell that starts like a formula is neutralised in CSV', async () => {
    const { csvCell } = await import('./exports');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('Иванов')).toBe('Иванов');
  });

  it('an XLSX export reads the next page only when the archive has taken the last one', async () => {
    const { participantColumns, xlsxStream } = await import('./exports');
    // 80 pages of 1,000 rows; each read notes how far the rows written are ahead of the bytes downloaded.
    const PAGES = 80;
    const BYTES_A_ROW = 43; // once deflated
    let downloaded = 0;
    const ahead: number[] = [];
    const page = (after: number) =>
      Array.from({ length: after >= (PAGES - 1) * 1000 ? 1 : 1000 }, (_, i) => ({
        id: after + i + 1,
        number: after + i + 1,
        status: 'active',
        format: '10 км',
        info: { last_name: 'Петров', first_name: 'Участник', phone: '+79990000000', gender: 'male', birth_date: '1990-01-01' },
        order_public_id: `o-${after + i}`,
        order_email: 'buyer@example.test',
        team: null,
        checked_in_at: null,
        holder_last_name: null,
        holder_first_name: null,
        holder_phone: null,
        holder_email: null,
      }));
    const out = xlsxStream('Участники', participantColumns, async (after) => {
      ahead.push(after - downloaded / BYTES_A_ROW);
      return page(after);
    });
    const chunks: Buffer[] = [];
    for await (const chunk of out) {
      downloaded += chunk.length;
      chunks.push(chunk);
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(1 + (PAGES - 1) * 1000 + 1);
    // Held back by the archive, the writer never runs more than a few pages ahead of the download
    // (unheld, it read all 80 pages while the deflate held most of them: 40 MB a 100,000 rows).
    expect(Math.max(...ahead)).toBeLessThan(10_000);
  });
});

describe('refunds and letters', () => {
  it('a manager resends the ticket letter and refunds a paid order through the provider; the audit and the order say so', async () => {
    const buyer = await signedInUser(api.deps, 'refunded');
    const ticket = await insertTicket(api.deps.db, api.clock.now(), {
      formatPublicId: heroesFormat,
      userId: buyer.id,
      info: { last_name: 'Возвратов' },
    });
    const { orders } = await import('../../db/schema/index');
    const [order] = await api.deps.db.select().from(orders).where(eq(orders.id, ticket.orderId));
    const resent = await call('POST', `/api/organizer/orders/${order!.publicId}/resend`, org);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await api.lastMessage(order!.email)).text).toContain(`${order!.publicId}`);
    expect((await call('POST', `/api/organizer/orders/${order!.publicId}/refund`, viewer.token)).statusCode).toBe(403);
    const refunded = await call('POST', `/api/organizer/orders/${order!.publicId}/refund`, org);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(['refunded', 'refunding']).toContain(refunded.json().status);
    const detail = (await call('GET', `/api/organizer/orders/${order!.publicId}`, org)).json();
    expect(['refunded', 'refunding']).toContain(detail.status);
    expect((detail.history as Body[]).map((entry) => entry.action)).toContain('order.refunded');
    const again = await call('POST', `/api/organizer/orders/${order!.publicId}/refund`, org);
    expect(again.statusCode).toBe(400);
  });

  it('the resent ticket letter is in the language of the buyer’s order (issue 35): English, or Russian word for word', async () => {
    const { orders } = await import('../../db/schema/index');
    for (const language of ['en', 'ru'] as const) {
      const buyer = await signedInUser(api.deps, `resent-${language}`);
      const ticket = await insertTicket(api.deps.db, api.clock.now(), { formatPublicId: heroesFormat, userId: buyer.id });
      const [order] = await api.deps.db.update(orders).set({ language }).where(eq(orders.id, ticket.orderId)).returning();
      expect((await call('POST', `/api/organizer/orders/${order!.publicId}/resend`, org)).statusCode).toBe(200);
      const letter = await api.lastMessage(order!.email);
      const rubles = order!.amount / 100;
      expect(letter).toMatchObject(
        language === 'en'
          ? {
              subject: `Tickets for order ${order!.publicId}`,
              text: `Order ${order!.publicId} for ${rubles} RUB has been paid.\nYour tickets and start QR codes are in your account: http://site.test/me`,
            }
          : {
              subject: `Билеты по заказу ${order!.publicId}`,
              text: `Заказ ${order!.publicId} на сумму ${rubles} Руб. оплачен.\nБилеты и QR-коды для старта — в личном кабинете: http://site.test/me`,
            },
      );
    }
  });
});

describe('staff', () => {
  it('only a confirmed e-mail gets the scanner; the volunteer gets a letter and sees the event; revoke takes it back', async () => {
    const unproven = await signedInUser(api.deps, 'volunteer', { emailConfirmed: false });
    const refused = await call('POST', '/api/organizer/staff', org, { event_city_public_id: heroesCity, email: unproven.email });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Нет аккаунта с подтверждённым адресом');

    const volunteer = await signedInUser(api.deps, 'volunteer');
    const granted = await call('POST', '/api/organizer/staff', org, { event_city_public_id: heroesCity, email: volunteer.email });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((granted.json().values as Body[]).map((entry) => entry.email)).toContain(volunteer.email);
    expect((await api.lastMessage(volunteer.email)).meta.kind).toBe('staff_granted');
    const events = (await call('GET', '/api/staff/events', volunteer.token)).json().values as Body[];
    expect(events.map((place) => place.event_city_id)).toContain(heroesCity);

    const revoked = await call('DELETE', '/api/organizer/staff', org, { event_city_public_id: heroesCity, email: volunteer.email });
    expect(revoked.statusCode).toBe(200);
    expect((await call('GET', '/api/staff/events', volunteer.token)).statusCode).toBe(403);
  });
});

describe('dashboard', () => {
  it('counts sold tickets per format, revenue and sales per day', async () => {
    // Its own sale: the generated route test above refunds the shared order.
    await insertTicket(api.deps.db, api.clock.now(), {
      formatPublicId: heroesFormat,
      userId: stranger.id,
      info: { last_name: 'Статистиков' },
    });
    const stats = await call('GET', `/api/organizer/event_city/${heroesCity}/stats`, viewer.token);
    expect(stats.statusCode, stats.body).toBe(200);
    const body = stats.json();
    const tenK = (body.formats as Body[]).find((format) => format.public_id === heroesFormat);
    expect(tenK.sold).toBeGreaterThanOrEqual(1);
    expect(body.revenue.gross).toBeGreaterThan(0);
    // Every issued ticket is counted on its day (the returned ones too: they were sold that day).
    expect((body.sales_by_day as Body[]).reduce((sum, day) => sum + day.tickets, 0)).toBeGreaterThanOrEqual(body.totals.sold);
    expect(body.sales_last_24h.length).toBeGreaterThanOrEqual(1);
  });
});

describe('messages to participants', () => {
  const sentTo = async (email: string, subject: string) => {
    const { readOutbox } = await import('../../messaging/senders');
    return (await readOutbox(api.deps.db, { to: email, limit: 50 })).filter((letter) => letter.subject === subject);
  };
  const settled = async (publicId: string) => {
    for (let i = 0; i < 100; i++) {
      const list = (await call('GET', `/api/organizer/messages?event_city_public_id=${heroesCity}`, org)).json().values as Body[];
      const message = list.find((entry) => entry.public_id === publicId);
      if (message && message.sent === message.recipients) return message;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the letters did not leave');
  };

  it('a preview counts the participants; each gets the letter once, a retried send sends nothing twice; an unsubscribed address gets only essential letters', async () => {
    const holder = await signedInUser(api.deps, 'holder');
    await insertTicket(api.deps.db, api.clock.now(), { formatPublicId: heroesFormat, userId: holder.id, info: { last_name: 'Письмов' } });
    await insertTicket(api.deps.db, api.clock.now(), { formatPublicId: heroesFormat, userId: holder.id, info: { last_name: 'Письмов' } });
    const preview = (await call('POST', '/api/organizer/messages/preview', org, { event_city_public_id: heroesCity })).json();
    expect(preview.recipients).toBeGreaterThanOrEqual(2);

    const news = {
      event_city_public_id: heroesCity,
      subject: 'Новая трасса',
      text: 'Трасса стала живописнее.',
      essential: false,
      idempotency_key: 'news-route-2026',
    };
    const first = await call('POST', '/api/organizer/messages', org, news);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().recipients).toBe(preview.recipients);
    const again = await call('POST', '/api/organizer/messages', org, news);
    expect(again.json().public_id).toBe(first.json().public_id);
    await settled(first.json().public_id);
    const letters = await sentTo(holder.email, 'Новая трасса');
    expect(letters).toHaveLength(1);
    const link = letters[0]!.meta.unsubscribe!;
    expect(letters[0]!.text).toContain(link);

    const token = link.split('/').pop()!;
    expect((await call('GET', `/api/mailing/unsubscribe/${token}`)).body).toContain('Отписаться');
    expect((await call('POST', `/api/mailing/unsubscribe/${token}`)).statusCode).toBe(200);
    const later = await call('POST', '/api/organizer/messages', org, {
      ...news,
      subject: 'Ещё новости',
      idempotency_key: 'news-more-2026',
    });
    await settled(later.json().public_id);
    expect(await sentTo(holder.email, 'Ещё новости')).toHaveLength(0);
    const urgent = await call('POST', '/api/organizer/messages', org, {
      ...news,
      subject: 'Старт перенесён',
      essential: true,
      idempotency_key: 'urgent-2026',
    });
    await settled(urgent.json().public_id);
    const important = await sentTo(holder.email, 'Старт перенесён');
    expect(important).toHaveLength(1);
    expect(important[0]!.meta.unsubscribe).toBeUndefined();
  });
});

describe('team', () => {
  it('the owner adds a proven member and cannot remove the last owner', async () => {
    const organisation = id('organisation:heroes');
    const manager = await signedInUser(api.deps, 'manager');
    const added = await call('POST', `/api/organizer/organisation/${organisation}/members`, org, { email: manager.email, role: 'manager' });
    expect(added.statusCode, added.body).toBe(200);
    expect((await call('GET', '/api/organizer/events', manager.token)).statusCode).toBe(200);
    const [owner] = await api.deps.db.select().from(users).where(eq(users.email, 'org@geroi.example'));
    expect(owner).toBeDefined();
    const last = await call('DELETE', `/api/organizer/organisation/${organisation}/members`, org, { email: 'org@geroi.example' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('В организации должен остаться хотя бы один владелец');
  });
});

describe('events and their goods', () => {
  it('a manager makes a new event with its first start; it is on the public site at once, and not the other organisation’s', async () => {
    const types = (await call('GET', '/api/organizer/event_types', org)).json().values as Body[];
    const cities = (await call('GET', '/api/organizer/cities', org)).json().values as Body[];
    const start = new Date(api.clock.now().getTime() + 120 * 86_400_000);
    const body = {
      organisation_public_id: id('organisation:heroes'),
      title: 'Осенний трейл',
      description: 'Трейл по лесным тропам.',
      event_type_public_id: types[0].public_id,
      city_id: cities[0].id,
      start_time: start.toISOString(),
      address: 'Лесопарк, главный вход',
      registration_closes_at: new Date(start.getTime() - 86_400_000).toISOString(),
    };
    const asViewer = await call('POST', '/api/organizer/events', viewer.token, body);
    expect(asViewer.statusCode).toBe(403);
    const asNorth = await call('POST', '/api/organizer/events', north, body);
    expect(asNorth.statusCode).toBe(404);
    const backwards = await call('POST', '/api/organizer/events', org, {
      ...body,
      registration_closes_at: new Date(start.getTime() + 86_400_000).toISOString(),
    });
    expect(backwards.json().message).toBe('Регистрация должна открываться раньше, чем закрывается, и закрываться не позже старта');
    const created = await call('POST', '/api/organizer/events', org, body);
    expect(created.statusCode, created.body).toBe(201);
    const { public_id: eventId, event_city_public_id: placeId } = created.json();
    const format = await call('POST', '/api/organizer/event_format', org, {
      event_city_public_id: placeId,
      name: 'Трейл 15 км',
      price: 1800,
      tickets_count: 100,
    });
    expect(format.statusCode, format.body).toBe(201);
    const publicEvent = await call('GET', `/api/event/id/${eventId}`);
    expect(publicEvent.statusCode, publicEvent.body).toBe(200);
    expect(publicEvent.json()).toMatchObject({ title: 'Осенний трейл' });
    const listed = JSON.stringify((await call('GET', '/api/event/list')).json());
    expect(listed).toContain(eventId);
    const picture = await call('GET', `/images/organizer/${eventId}.svg`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/svg+xml');
    expect((await call('GET', '/images/organizer/not-an-id.svg')).statusCode).toBe(404);
    const mine = (await call('GET', '/api/organizer/events', org)).json().values as Body[];
    expect(mine.find((place) => place.public_id === placeId)).toMatchObject({ title: 'Осенний трейл', organisation: { role: 'owner' } });
    const theirs = (await call('GET', '/api/organizer/events', north)).json().values as Body[];
    expect(theirs.map((place) => place.public_id)).not.toContain(placeId);
    const audit = (await call('GET', '/api/organizer/audit?action=event.created', org)).json().values as Body[];
    expect(audit[0]).toMatchObject({ action: 'event.created', who: 'org@geroi.example' });
  });

  it('goods of an event: made, priced and stocked in the back office, on the shop at once; an ordered size or product is kept', async () => {
    const event = id('event:spring-run');
    const made = await call('POST', '/api/organizer/products', org, {
      event_public_id: event,
      title: 'Кепка забега',
      price: 1200,
      kind: 'merch',
      category: 'aksessuary',
      sizes: [
        { name: 'S', stock: 5 },
        { name: 'M', stock: 0 },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const productId = made.json().public_id as string;
    const related = JSON.stringify((await call('GET', `/api/shop/related/${event}`)).json());
    expect(related).toContain('Кепка забега');
    const shown = (await call('GET', `/api/shop/product/${productId}`)).json();
    expect(shown).toMatchObject({ title: 'Кепка забега', price: 1200 });
    const twice = await call('POST', '/api/organizer/products', org, {
      event_public_id: event,
      title: 'Кепка',
      price: 1,
      kind: 'merch',
      category: 'aksessuary',
      sizes: [
        { name: 'S', stock: 1 },
        { name: 's', stock: 1 },
      ],
    });
    expect(twice.json().message).toBe('Размеры товара не должны повторяться');
    const noCategory = await call('POST', '/api/organizer/products', org, {
      event_public_id: event,
      title: 'Кепка',
      price: 1,
      kind: 'merch',
      category: 'nothing',
      sizes: [{ name: 'S', stock: 1 }],
    });
    expect(noCategory.json().message).toBe('Категория товара не найдена');

    const listed = (await call('GET', `/api/organizer/event/${event}/products`, viewer.token)).json();
    const mine = (listed.values as Body[]).find((product) => product.public_id === productId);
    expect(mine.sizes.map((size: Body) => [size.name, size.stock])).toEqual([
      ['S', 5],
      ['M', 0],
    ]);
    const [small, medium] = mine.sizes as Body[];
    const edited = await call('PATCH', `/api/organizer/products/${productId}`, org, {
      price: 990,
      sizes: [
        { public_id: small.public_id, name: 'S', stock: 7 },
        { name: 'L', stock: 3 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await call('GET', `/api/shop/product/${productId}`)).json();
    expect(after.price).toBe(990);
    expect((after.proportions as Body[]).map((size) => size.name)).toEqual(['S', 'L']);
    expect(JSON.stringify(after)).not.toContain(medium.public_id);

    // Someone orders an S: the size stays, the product cannot be deleted (it can be sold out).
    const { orderItems, orders, productProportions } = await import('../../db/schema/index');
    const [size] = await api.deps.db.select().from(productProportions).where(eq(productProportions.publicId, small.public_id));
    const [order] = await api.deps.db.select({ id: orders.id }).from(orders).limit(1);
    await api.deps.db.insert(orderItems).values({
      orderId: order!.id,
      kind: 'shop',
      productId: size!.productId,
      proportionId: size!.id,
      count: 1,
      unitPrice: 99_000,
      total: 99_000,
    });
    const dropOrdered = await call('PATCH', `/api/organizer/products/${productId}`, org, { sizes: [{ name: 'XL', stock: 1 }] });
    expect(dropOrdered.statusCode).toBe(409);
    expect(dropOrdered.json().message).toBe('Размер «S» уже заказывали: его нельзя убрать — поставьте остаток 0');
    const deleted = await call('DELETE', `/api/organizer/products/${productId}`, org);
    expect(deleted.json().message).toBe('Этот товар уже заказывали: его нельзя удалить — поставьте остаток 0 у всех размеров');
    expect((await call('PATCH', `/api/organizer/products/${productId}`, north, { price: 1 })).statusCode).toBe(404);

    const unsold = await call('POST', '/api/organizer/products', org, {
      event_public_id: event,
      title: 'Значок',
      price: 150,
      kind: 'merch',
      category: 'suveniry',
      sizes: [{ name: 'Универсальный', stock: 50 }],
    });
    const gone = await call('DELETE', `/api/organizer/products/${unsold.json().public_id}`, org);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call('GET', `/api/shop/product/${unsold.json().public_id}`)).statusCode).toBe(404);
    const audit = (await call('GET', `/api/organizer/audit?action=product.updated`, org)).json().values as Body[];
    expect(audit[0]).toMatchObject({ before: { price: 1200 }, after: { price: 990 } });
  });
});

describe('exports through a link', () => {
  it('a one-time link streams the file without a bearer token; a replayed, forged, expired or revoked link gets 404', async () => {
    const ask = (token: string, body: object) => call('POST', '/api/organizer/download_link', token, body);
    const made = await ask(viewer.token, { event_city_public_id: heroesCity, file: 'participants.csv' });
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/^\/api\/organizer\/download\/[\w-]{43}$/);
    const first = await call('GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-disposition']).toBe(`attachment; filename="participants-${heroesCity}.csv"`);
    expect(first.body).toContain('Бегунов');
    const replay = await call('GET', url);
    expect(replay.statusCode).toBe(404);
    expect(replay.json().message).toBe('Ссылка недействительна или устарела');
    const forged = await call('GET', `/api/organizer/download/${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(404);
    expect((await call('GET', '/api/organizer/download/short')).json().message).toBe('Ссылка недействительна или устарела');

    // Another organisation cannot ask for a link to this event city.
    expect((await ask(north, { event_city_public_id: heroesCity, file: 'orders.xlsx' })).statusCode).toBe(404);
    // A link outlives neither its five minutes nor its account's role.
    const late = (await ask(org, { event_city_public_id: heroesCity, file: 'orders.csv' })).json().url as string;
    api.clock.advance(5 * 60_000 + 1);
    expect((await call('GET', late)).statusCode).toBe(404);
    const revoked = (await ask(viewer.token, { event_city_public_id: heroesCity, file: 'participants.xlsx' })).json().url as string;
    const [heroes] = await api.deps.db.select().from(organisations).where(eq(organisations.name, 'Забег Героев'));
    await api.deps.db.delete(organisationMembers).where(eq(organisationMembers.userId, viewer.id));
    expect((await call('GET', revoked)).statusCode).toBe(403);
    await api.deps.db
      .insert(organisationMembers)
      .values({ organisationId: heroes!.id, userId: viewer.id, role: 'viewer', createdAt: api.clock.now() });
    const xlsx = (
      await ask(viewer.token, { event_city_public_id: heroesCity, file: 'participants.xlsx', format_public_id: heroesFormat })
    ).json().url as string;
    const file = await call('GET', xlsx);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Участники')!.getColumn(3).values).toContain('Бегунов-Быстров');
  });
});
