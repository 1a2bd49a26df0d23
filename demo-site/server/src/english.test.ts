import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { eventCities, eventFormats, resultRows } from './db/schema/index';
import { seedImages } from './db/seed/image-catalogue';
import { stablePublicId as id } from './lib/crypto';
import { type Body, createTestApp, openTemplateDatabase, type TestApp } from './testing/fixtures';
import { insertOrder, insertPolicy, insertShopLine, insertTicket, signedInUser, type TestUser } from './testing/purchases';
import { seeded } from './testing/suites/catalogue';

// The catalogue in English: the seed writes English beside every Russian text, the API answers in the
// language of Accept-Language (Russian by default and for anything else), and the response cache keeps
// the two languages apart.
let database: DatabaseHandle;
let api: TestApp;
let cached: TestApp;
beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(database);
  cached = await createTestApp(database, { responseCacheMs: 60_000 });
});
afterAll(async () => {
  await api.close();
  await cached.close();
  await database.close();
});

const cyrillic = /[А-Яа-яЁё]/;
/** Every string in an answer but the Russian names of places (`name_ru`, sent beside `name_en`). */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === 'object'
        ? Object.entries(value).flatMap(([key, item]) => (key === 'name_ru' ? [] : strings(item)))
        : [];

async function get(url: string, language?: string, app = api) {
  const response = await app.request({ method: 'GET', url, headers: language === undefined ? {} : { 'accept-language': language } });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return { body: response.json() as Body, headers: response.headers };
}
async function post(url: string, payload: object, language?: string) {
  const response = await api.request({
    method: 'POST',
    url,
    payload,
    headers: language === undefined ? {} : { 'accept-language': language },
  });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  return { body: response.json() as Body, headers: response.headers };
}

describe('the seed', () => {
  it('writes an English text beside every Russian catalogue text', async () => {
    const columns: [string, string][] = [
      ['projects', 'title'],
      ['event_types', 'title'],
      ['event_types', 'description'],
      ['events', 'title'],
      ['events', 'description'],
      ['event_cities', 'address'],
      ['event_formats', 'title'],
      ['event_formats', 'description'],
      ['event_formats', 'notes'],
      ['external_formats', 'title'],
      ['external_formats', 'description'],
      ['insurances', 'name'],
      ['insurances', 'title'],
      ['insurances', 'subtitle'],
      ['insurances', 'description'],
      ['insurances', 'footnote'],
      ['regions', 'name'],
      ['cities', 'name'],
      ['news', 'title'],
      ['news', 'description'],
      ['news', 'text'],
      ['clubs', 'title'],
      ['clubs', 'description'],
      ['competition_types', 'title'],
      ['club_competitions', 'title'],
      ['club_competitions', 'description'],
      ['product_categories', 'title'],
      ['delivery_methods', 'name'],
      ['products', 'title'],
      ['products', 'description'],
      ['product_proportions', 'name'],
      ['banners', 'title'],
      ['certificates', 'title'],
      ['certificates', 'description'],
    ];
    for (const [table, column] of columns) {
      const russian = ['regions', 'cities'].includes(table) ? `${column}_ru` : column;
      const result = await database.db.execute(
        sql.raw(
          // A size needs English only when it has words (S, XL, 35–38 do not).
          `select count(*) filter (where ${column}_en is null and ${russian} is not null${table === 'product_proportions' ? ` and ${russian} ~ '[А-Яа-яЁё]'` : ''})::int as missing,
                  count(*) filter (where ${column}_en ~ '[А-Яа-яЁё]')::int as cyrillic, count(*)::int as total from ${table}`,
        ),
      );
      const rows = (result as unknown as { rows: { missing: number; cyrillic: number; total: number }[] }).rows;
      expect(rows[0], `${table}.${column}_en`).toMatchObject({ missing: 0, cyrillic: 0 });
      expect(rows[0]!.total, table).toBeGreaterThan(0);
    }
  });
});

describe('the API in English (Accept-Language: en)', () => {
  it('answers the calendar in English, all of it, and says so', async () => {
    const { body, headers } = await post('/api/event_city/filtered', { limit: 100 }, 'en');
    expect(body.values.length).toBeGreaterThan(10);
    expect(strings(body.values).filter((text) => cyrillic.test(text))).toEqual([]);
    const moscow = body.values.find((place: Body) => place.public_id === seeded.springMoscow);
    expect(moscow).toMatchObject({
      address: '24 Luzhnetskaya Embankment, bldg 1',
      city: { id: 524901, name_ru: 'Москва', name_en: 'Moscow' },
      event: { title: 'Heroes Run: Spring', event_type: { title: 'Heroes Run', project: { title: 'Heroes Running Movement' } } },
    });
    expect(headers['content-language']).toBe('en');
    expect(headers.vary).toContain('Accept-Language');
  });

  it('answers events, formats, results, news, clubs, shop, banners and insurances in English', async () => {
    const event = (await get(`/api/event/id/${seeded.springRun}`, 'en')).body;
    expect(event).toMatchObject({ title: 'Heroes Run: Spring', description: expect.stringMatching(/^The season's main spring run/) });
    const formats = (await get(`/api/event_format/event/${seeded.springMoscow}`, 'en')).body;
    expect(formats.values.map((format: Body) => format.title)).toEqual(['5 km', '10 km', '21.1 km', 'Relay 4×5 km']);
    expect(formats.values[0].event.title).toBe('Heroes Run: Spring');
    expect(formats.city).toEqual({ id: 524901, name_ru: 'Москва', name_en: 'Moscow' });
    expect((await get(`/api/event_format/${seeded.springVip}`, 'en')).body).toMatchObject({
      title: 'VIP 10 km',
      notes: 'By invitation only.',
    });
    // Labels in English; the select's values stay the ones the server checks a participant's answer against.
    expect((await get(`/api/event_format/${seeded.spring10k}`, 'en')).body).toMatchObject({
      additional_fields: [{ name: 'club_name', label: 'Running club', required: false }],
      select: { title: 'Start wave', values: ['Первая волна', 'Вторая волна', 'Третья волна'] },
    });
    expect((await get(`/api/event_format/${seeded.spring10k}`, 'ru')).body.select.title).toBe('Стартовая волна');
    const external = (await get(`/api/external/formats/${seeded.springMoscow}`, 'en')).body.values;
    expect(external.map((format: Body) => format.title)).toEqual(['Canicross 3 km', 'Nordic walking 5 km']);
    const offers = (await get(`/api/event_format/active/insurances/${seeded.spring10k}`, 'en')).body.values;
    expect(offers[0]).toMatchObject({ name: 'Participant insurance', title: 'Race-day insurance' });
    expect((await get(`/api/insurances/${seeded.seasonInsurance}`, 'en')).body.title).toBe('30-day insurance');

    const table = (await get(`/api/event_results/${seeded.winterMoscow}/${seeded.winter10k}`, 'en')).body;
    expect(table.event.title).toBe('Heroes Winter Run');
    expect(table.values[0]).toMatchObject({
      status: 'Finished',
      distance: '10 km',
      city: 'Moscow',
      age_category: expect.stringMatching(/^[MF]\d/),
    });
    expect(strings(table.values).filter((text) => cyrillic.test(text) && !/^[А-ЯЁ][а-яё]+$/.test(text))).toEqual([]);

    const news = (await get(`/api/news/one/${seeded.news}`, 'en')).body;
    expect(news).toMatchObject({ title: 'Registration is open for Heroes Run: Spring', event: { title: 'Heroes Run: Spring' } });
    expect(news.paragraphs).toHaveLength(3);
    expect(strings(news).filter((text) => cyrillic.test(text))).toEqual([]);

    const club = (await get('/api/clubs/moscow-runners', 'en')).body;
    expect(club).toMatchObject({ title: 'Moscow Runners', location: { name_ru: 'Москва', name_en: 'Moscow' } });
    expect((await get('/api/list/competition/type', 'en')).body.values.map((type: Body) => type.title)).toContain('Timed run');
    const competitions = (await get(`/api/club/competition/list/${seeded.club}`, 'en')).body.values;
    expect(competitions.map((competition: Body) => competition.title)).toEqual(['A hundred in a month', 'Best 5K of the month']);
    const distances = competitions[0].results.map((result: Body) => result.value);
    expect(distances.length).toBeGreaterThan(0);
    for (const value of distances) expect(value).toMatch(/^\d+ km$/);

    const hoodie = (await get(`/api/shop/product/${seeded.hoodie}`, 'en')).body;
    expect(hoodie).toMatchObject({ title: 'Heroes hoodie', category: { name: 'odezhda', title: 'Clothing' } });
    expect(hoodie.proportions[0]).toEqual({ name: 'XS', public_id: expect.any(String), count: expect.any(Number) });
    const cap = (await get(`/api/shop/product/${seeded.cap}`, 'en')).body;
    expect(cap.proportions).toEqual([
      { name: 'Универсальный', name_en: 'One size', public_id: expect.any(String), count: expect.any(Number) },
    ]);
    expect((await get(`/api/shop/product/${seeded.cap}`, 'ru')).body.proportions[0]).not.toHaveProperty('name_en');
    expect((await get('/api/shop/search?text=hoodie', 'en')).body.values.map((product: Body) => product.public_id)).toContain(
      seeded.hoodie,
    );
    expect((await get('/api/page/banner/home', 'en')).body.values.map((banner: Body) => banner.title)).toContain(
      'The running season is open',
    );
    const shirts = (await get(`/api/shop/shirts/${seeded.springMoscow}`, 'en')).body.values;
    expect(shirts[0].title).toBe('Heroes Run: Spring participant T-shirt');
  });

  it('answers Russian without the header, for Russian, and for a language it does not have', async () => {
    for (const language of [undefined, 'ru', 'ru-RU,ru;q=0.9,en;q=0.8', 'de-DE, fr;q=0.5', 'en;q=0']) {
      const { body, headers } = await get(`/api/event/id/${seeded.springRun}`, language);
      expect(body.title, String(language)).toBe('Забег Героев. Весна');
      expect(body.event_city[0].city).toEqual({ id: expect.any(Number), name_ru: expect.stringMatching(cyrillic) });
      expect(headers['content-language']).toBe('ru');
    }
    expect((await get(`/api/event/id/${seeded.springRun}`, 'en-GB,en;q=0.9')).body.title).toBe('Heroes Run: Spring');
  });

  it('keeps the languages apart in the response cache, compressed copies included', async () => {
    const url = '/api/event/list';
    const first = await get(url, 'en', cached);
    const russian = await get(url, 'ru', cached);
    const english = await get(url, 'en-US', cached);
    const unknown = await get(url, 'de', cached);
    expect(first.body.values[0].title).not.toMatch(cyrillic);
    expect(russian.body.values[0].title).toMatch(cyrillic);
    expect(english.body).toEqual(first.body);
    expect(english.headers['x-cache']).toBe('HIT');
    expect(english.headers['content-language']).toBe('en');
    expect(english.headers.vary).toBe('Accept-Encoding, Accept-Language');
    expect(unknown.body).toEqual(russian.body);
    expect(unknown.headers['content-language']).toBe('ru');
    for (const language of ['ru', 'en']) {
      const response = await cached.request({ method: 'GET', url, headers: { 'accept-language': language, 'accept-encoding': 'gzip' } });
      expect(response.headers['content-encoding']).toBe('gzip');
      const { gunzipSync } = await import('node:zlib');
      const body = JSON.parse(gunzipSync(response.rawPayload).toString()) as Body;
      expect(cyrillic.test(body.values[0].title), language).toBe(language === 'ru');
    }
  });

  it('finds events by their English texts too', async () => {
    const { body } = await post('/api/event_city/filtered', { search: 'Kazan' }, 'en');
    expect(body.values.map((place: Body) => place.public_id)).toContain(id('event-city:spring-run/kazan'));
    expect(body.values.every((place: Body) => place.city.name_en === 'Kazan')).toBe(true);
  });
});

describe('the cabinet in English (Accept-Language: en)', () => {
  const mine = async (url: string, who: TestUser, language?: string) => {
    const response = await api.request({
      method: 'GET',
      url,
      token: who.token,
      headers: language === undefined ? {} : { 'accept-language': language },
    });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    expect(response.headers['content-language']).toBe(language?.startsWith('en') ? 'en' : 'ru');
    expect(response.headers.vary).toContain('Accept-Language');
    return response.json() as Body;
  };
  const petersburg10k = id('format:spring-run/petersburg/10k');
  const winter10k = id('format:winter-run/moscow/10k');

  it('answers the tickets, a ticket and its result with English event, city and format names', async () => {
    const buyer = await signedInUser(api.deps, 'english-tickets');
    const now = api.clock.now();
    const upcoming = await insertTicket(database.db, now, { formatPublicId: petersburg10k, userId: buyer.id });
    const [format] = await database.db.select().from(eventFormats).where(eq(eventFormats.publicId, winter10k));
    const [finisher] = await database.db
      .select()
      .from(resultRows)
      .where(and(eq(resultRows.formatId, format!.id), eq(resultRows.status, 'Финишировал')))
      .limit(1);
    const past = await insertTicket(database.db, now, { formatPublicId: winter10k, userId: buyer.id, number: finisher!.startNumber });

    const [card] = (await mine('/api/user/tickets/my', buyer, 'en')).values;
    expect(card).toMatchObject({
      public_id: upcoming.publicId,
      city: { name_ru: 'Санкт-Петербург', name_en: 'Saint Petersburg' },
      event: { title: 'Heroes Run: Spring', event_type: { title: 'Heroes Run' } },
      event_format: { title: '10 km' },
    });
    expect(strings(card).filter((text) => cyrillic.test(text))).toEqual([]);
    const [old] = (await mine('/api/user/tickets/old', buyer, 'en')).values;
    expect(old).toMatchObject({ public_id: past.publicId, event: { title: 'Heroes Winter Run' }, city: { name_en: 'Moscow' } });
    const page = await mine(`/api/user/ticket/${upcoming.publicId}`, buyer, 'en-GB');
    expect(page).toMatchObject({ event: { title: 'Heroes Run: Spring' }, event_format: { title: '10 km' } });
    expect(page.event_format.address).not.toMatch(cyrillic);
    const result = await mine(`/api/user/result/${past.publicId}`, buyer, 'en');
    expect(result).toMatchObject({
      event: { title: 'Heroes Winter Run' },
      event_format: { title: '10 km' },
      city: { name_ru: 'Москва', name_en: 'Moscow' },
      status: 'Finished',
    });

    // Russian as before: without the header, and for a language the site does not have.
    for (const language of [undefined, 'de']) {
      const [russian] = (await mine('/api/user/tickets/my', buyer, language)).values;
      expect(russian).toMatchObject({ city: { name_ru: 'Санкт-Петербург' }, event: { title: 'Забег Героев. Весна' } });
      expect(russian.city).not.toHaveProperty('name_en');
    }
  });

  it('names the seed’s teams in English for the English UI; Russian as before; a buyer’s team keeps its one name (issue 35)', async () => {
    const url = `/api/teams/${seeded.springRelay}`;
    const russian = (await get(url, 'ru')).body.values as { public_id: string; name: string }[];
    const english = (await get(url, 'en')).body.values as { public_id: string; name: string }[];
    expect(russian.length).toBeGreaterThanOrEqual(3);
    expect(english.map((team) => team.public_id)).toEqual(russian.map((team) => team.public_id));
    for (const team of russian) expect(team.name).toMatch(/[А-Яа-яЁё]/);
    for (const team of english) expect(team.name).not.toMatch(/[А-Яа-яЁё]/);
    expect((await get(url, 'en')).headers['content-language']).toBe('en');
    // A team without an English name (made by a buyer) is shown by its one name.
    const [first] = russian;
    await database.db.execute(sql`update teams set name_en = null where public_id = ${first!.public_id}`);
    try {
      const again = (await get(url, 'en')).body.values as { public_id: string; name: string }[];
      expect(again.find((team) => team.public_id === first!.public_id)?.name).toBe(first!.name);
    } finally {
      const englishName = english.find((team) => team.public_id === first!.public_id)!.name;
      await database.db.execute(sql`update teams set name_en = ${englishName} where public_id = ${first!.public_id}`);
    }
  });

  it('names the teams of a results table in English too (issue 35)', async () => {
    const [team] = await database.db
      .select({ format: eventFormats.publicId, eventCity: eventCities.publicId })
      .from(resultRows)
      .innerJoin(eventFormats, eq(eventFormats.id, resultRows.formatId))
      .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
      .where(isNotNull(resultRows.teamName))
      .limit(1);
    expect(team).toBeDefined();
    const url = `/api/event_results/${team!.eventCity}/${team!.format}`;
    const russian = (await get(url, 'ru')).body.values.map((row: Body) => row.team_name as string);
    const english = (await get(url, 'en')).body.values.map((row: Body) => row.team_name as string);
    expect(russian.every((name: string) => /[А-Яа-яЁё]/.test(name))).toBe(true);
    expect(english.some((name: string) => /[А-Яа-яЁё]/.test(name))).toBe(false);
    expect(english).toHaveLength(russian.length);
  });

  it('keeps the Russian text where an English one is empty', async () => {
    const buyer = await signedInUser(api.deps, 'english-fallback');
    const held = await insertTicket(database.db, api.clock.now(), { formatPublicId: petersburg10k, userId: buyer.id });
    await database.db.execute(sql`update event_formats set title_en = '' where public_id = ${petersburg10k}`);
    try {
      expect((await mine(`/api/user/ticket/${held.publicId}`, buyer, 'en')).event_format.title).toBe('10 км');
    } finally {
      await database.db.execute(sql`update event_formats set title_en = '10 km' where public_id = ${petersburg10k}`);
    }
  });

  it('answers the orders, an order’s goods and the insurances with English names', async () => {
    const buyer = await signedInUser(api.deps, 'english-orders');
    const now = api.clock.now();
    const order = await insertOrder(database.db, { userId: buyer.id, shopStatus: 'paid', createdAt: now });
    await insertShopLine(database.db, order.id, seeded.hoodie, 'M', 1);
    await insertShopLine(database.db, order.id, seeded.cap, 'Универсальный', 1);
    await insertPolicy(database.db, now, { userId: buyer.id, insurancePublicId: seeded.seasonInsurance, startDate: now });

    const [listed] = (await mine('/api/user/shop/orders', buyer, 'en')).values;
    expect(listed.items[0].shop.map((good: Body) => [good.title, good.size])).toEqual([
      ['Heroes hoodie', 'M'],
      ['Running cap', 'One size'],
    ]);
    const goods = (await mine(`/api/user/shop/soldgood/${order.publicId}`, buyer, 'en')).values;
    expect(goods.map((good: Body) => good.title)).toEqual(['Heroes hoodie', 'Running cap']);
    expect((await mine(`/api/user/shop/soldgood/${order.publicId}`, buyer)).values[1]).toMatchObject({ size: 'Универсальный' });

    const [policy] = (await mine('/api/user/insurances/valid', buyer, 'en')).values;
    expect(policy.insurance).toMatchObject({ title: '30-day insurance' });
    expect(policy.insurance.name).not.toMatch(cyrillic);
    expect((await mine('/api/user/insurances/valid', buyer, 'ru')).values[0].insurance.name).toMatch(cyrillic);
  });
});

describe('the pictures in English', () => {
  it('English answers point the seed’s pictures at their English copies; Russian ones as before', async () => {
    const english = (await get('/api/event/list', 'en')).body.values[0].event_type;
    const russian = (await get('/api/event/list', 'ru')).body.values[0].event_type;
    expect(russian.logo).toMatch(/^\/images\/event-types\//);
    expect(english.logo).toBe(russian.logo.replace('/images/', '/images/en/'));
    const hoodie = (await get(`/api/shop/product/${seeded.hoodie}`, 'en')).body;
    expect(hoodie.picture).toMatch(/^\/images\/en\/products\//);
  });

  it('every seeded picture has an English copy with no Cyrillic drawn: its caption in English, or none', async () => {
    const captions: string[] = [];
    for (const [path, image] of seedImages()) {
      const response = await api.request({ method: 'GET', url: path.replace('/images/', '/images/en/') });
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.body, path).not.toMatch(cyrillic);
      if (image.caption !== false && response.body.includes('<text')) captions.push(path);
    }
    // Almost all are translated (the seed writes English for every catalogue text), not left blank.
    expect(captions.length).toBeGreaterThan([...seedImages().values()].filter((image) => image.caption !== false).length * 0.9);
    const hoodie = await api.request({ method: 'GET', url: '/images/en/products/hoodie-geroi.svg' });
    expect(hoodie.body).toContain('>Heroes hoodie</text>');
    const russian = await api.request({ method: 'GET', url: '/images/products/hoodie-geroi.svg' });
    expect(russian.body).toMatch(/Худи/);
    // The same colours in both languages.
    expect(hoodie.body.match(/hsl\([^)]+\)/g)).toEqual(russian.body.match(/hsl\([^)]+\)/g));
  });
});
