import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { stablePublicId as id } from '../../lib/crypto';
import { type Body, createTestApp, type TestApp } from '../fixtures';

/** Seeded ids, by the seed's stable keys. */
export const seeded = {
  springRun: id('event:spring-run'),
  springMoscow: id('event-city:spring-run/moscow'),
  spring10k: id('format:spring-run/moscow/10k'),
  spring21k: id('format:spring-run/moscow/21k'),
  springRelay: id('format:spring-run/moscow/relay'),
  springVip: id('format:spring-run/moscow/vip'),
  nightMoscow: id('event-city:night-run/moscow'),
  nightStand: id('format:night-run/moscow/stand'),
  night5k: id('format:night-run/moscow/5k'),
  winterMoscow: id('event-city:winter-run/moscow'),
  winter10k: id('format:winter-run/moscow/10k'),
  winterRelay: id('format:winter-run/moscow/relay'),
  kidsMoscow: id('event-city:kids-league/moscow'),
  kids500: id('format:kids-league/moscow/500m'),
  hoodie: id('product:hoodie-geroi'),
  cap: id('product:cap'),
  dayInsurance: id('insurance:day'),
  seasonInsurance: id('insurance:season'),
  news: id('news:season-open'),
  club: id('club:moscow-runners'),
  unknown: 'ffffffffffffffffffffffff',
};

const json = (response: { json(): unknown }) => response.json() as Body;

/**
 * Every read call of both specs (ticketing-shop §7, accounts-sso §7) against the seeded database:
 * the spec's paths, the spec's field names, 404 JSON for unknown ids. Runs on PGlite and PostgreSQL.
 */
export function catalogueSuite(database: () => DatabaseHandle) {
  let api: TestApp;
  const get = async (url: string, status = 200) => {
    const response = await api.request({ method: 'GET', url });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(status);
    return json(response);
  };
  const post = async (url: string, payload: unknown, status = 200) => {
    const response = await api.request({ method: 'POST', url, payload: payload as object });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(status);
    return json(response);
  };

  beforeAll(async () => {
    api = await createTestApp(database());
    return () => api.close();
  });

  describe('events', () => {
    it('GET /api/event/list: upcoming events with the fields of ticketing-shop §3', async () => {
      const { values } = await get('/api/event/list');
      expect(values.length).toBeGreaterThanOrEqual(12);
      const cityIds = new Set(values.flatMap((event: Body) => event.event_city.map((place: Body) => place.city.id)));
      expect(cityIds.size).toBeGreaterThanOrEqual(8);
      expect(cityIds).toContain(524901);
      expect(new Set(values.map((event: Body) => event.event_type.public_id)).size).toBeGreaterThanOrEqual(5);
      const event = values.find((candidate: Body) => candidate.public_id === seeded.springRun);
      expect(event).toMatchObject({
        title: 'Забег Героев. Весна',
        external_url: null,
        slider: true,
        // The kilometres its listed formats name (the invitation-only VIP 10 км counts no more than any 10 км).
        distances: [5, 10, 21.1],
        event_type: {
          title: 'Забег Героев',
          logo: expect.stringMatching(/^\/images\//),
          project: { link: expect.any(String), picture_main: expect.any(String) },
        },
        banners: {
          home_page: {
            desktop_picture: expect.any(String),
            mobile_picture: expect.any(String),
            text_color: '#ffffff',
            slider_logo: expect.any(String),
            button_color: expect.any(String),
          },
          landing_page: { slider_logo: expect.any(String), button_color: expect.any(String) },
        },
      });
      expect(event.event_city[0]).toMatchObject({
        public_id: seeded.springMoscow,
        city: { id: 524901, name_ru: 'Москва' },
        timezone: 'Europe/Moscow',
      });
      expect(Date.parse(event.event_city[0].start_time)).toBeGreaterThan(Date.parse(api.clock.now().toISOString()));
      expect(values.some((candidate: Body) => candidate.title === 'Зимний забег Героев')).toBe(false);
    });

    it('GET /api/event/id/{id}: an event with all its cities, past ones too', async () => {
      expect((await get(`/api/event/id/${seeded.springRun}`)).event_city).toHaveLength(3);
      const past = await get(`/api/event/id/${id('event:winter-run')}`);
      expect(past.event_city.every((place: Body) => place.results)).toBe(true);
      expect(await get(`/api/event/id/${seeded.unknown}`, 404)).toEqual({ message: 'Не найдено' });
    });

    it('GET /api/event/cities, /api/event_type/list, /api/event_type/project', async () => {
      const cities = (await get('/api/event/cities')).values;
      expect(cities).toContainEqual(expect.objectContaining({ id: 524901, name_ru: 'Москва' }));
      const types = (await get('/api/event_type/list')).values;
      expect(types.length).toBeGreaterThanOrEqual(5);
      expect(types[0]).toEqual(
        expect.objectContaining({
          logo: expect.any(String),
          title: expect.any(String),
          description: expect.any(String),
          video_promo: expect.any(String),
        }),
      );
      const projects = (await get('/api/event_type/project')).values;
      expect(projects.flatMap((project: Body) => project.event_types)).toHaveLength(types.length);
    });

    it('POST /api/event_city/filtered: by city, type, dates and text; an empty body lists all upcoming', async () => {
      const all = await post('/api/event_city/filtered', {});
      expect(all.count).toBeGreaterThanOrEqual(20);
      const moscow = await post('/api/event_city/filtered', { city_id: 524901 });
      expect(moscow.values.length).toBeGreaterThanOrEqual(4);
      expect(moscow.values.every((place: Body) => place.city.id === 524901)).toBe(true);
      expect(moscow.values[0]).toEqual(
        expect.objectContaining({
          public_id: expect.any(String),
          start_time: expect.any(String),
          event: expect.objectContaining({ title: expect.any(String) }),
        }),
      );
      const typed = await post('/api/event_city/filtered', { event_type: id('event-type:run'), search: 'Казань' });
      expect(typed.values.map((place: Body) => place.city.name_ru)).toEqual(['Казань']);
      const none = await post('/api/event_city/filtered', { date_from: '2030-01-01' });
      expect(none).toEqual({ values: [], count: 0 });
      expect((await post('/api/event_city/filtered', { limit: 2 })).values).toHaveLength(2);
      const sorted = all.values.map((place: Body) => place.start_time);
      expect(sorted).toEqual([...sorted].sort());
    });

    it('POST /api/results/event_city/filtered and GET /api/results/cities: past event cities with results', async () => {
      const { values } = await post('/api/results/event_city/filtered', {});
      expect(values.length).toBe(4);
      expect(values.every((place: Body) => place.results && Date.parse(place.start_time) < api.clock.now().getTime())).toBe(true);
      const cities = (await get('/api/results/cities')).values.map((city: Body) => city.name_ru);
      expect(cities).toEqual(['Екатеринбург', 'Казань', 'Москва', 'Санкт-Петербург']);
    });
  });

  describe('formats', () => {
    it('GET /api/event_format/event/{id}: formats with prices and tickets left; hidden only with ?hidden=true', async () => {
      const listed = await get(`/api/event_format/event/${seeded.springMoscow}`);
      expect(listed.city).toEqual({ id: 524901, name_ru: 'Москва' });
      expect(listed.values.map((format: Body) => format.title)).toEqual(['5 км', '10 км', '21,1 км', 'Эстафета 4×5 км']);
      const withHidden = await get(`/api/event_format/event/${seeded.springMoscow}?hidden=true`);
      expect(withHidden.values.map((format: Body) => format.public_id)).toContain(seeded.springVip);
      const tenK = listed.values[1];
      expect(tenK).toMatchObject({
        public_id: seeded.spring10k,
        price: 1800,
        max_count: 10,
        tickets_left: { athlete: 1200 },
        insurance_available: true,
        event_city: { public_id: seeded.springMoscow },
      });
      expect(tenK.select).toEqual({ title: 'Стартовая волна', values: expect.arrayContaining(['Первая волна']) });
      const relay = listed.values[3];
      expect(relay).toMatchObject({ is_team: true, max_count: 4, fixed_count: true, team_all: true, price: 6400 });
      expect(listed.values[2]).toMatchObject({
        age_min: 18,
        license_file: true,
        start_numbers: true,
        clusters: [{ name: 'Любители', document: false }, expect.any(Object)],
      });
      expect(listed.values[2].regions.length).toBeGreaterThanOrEqual(20);
      const kids = await get(`/api/event_format/event/${seeded.kidsMoscow}`);
      expect(kids.values[0]).toMatchObject({
        age_min: 4,
        age_max: 6,
        shirt_unavailable: true,
        additional_fields: [{ name: 'parent_name', label: 'ФИО родителя', required: true }],
      });
      expect((await get(`/api/event_format/event/${seeded.springRun}`)).values.length).toBe(12);
      // The autumn run's Rostov start has a virtual format (online participation from the ticket page).
      const autumn = (await get(`/api/event_format/event/${id('event-city:autumn-run/rostov')}`)).values;
      expect(autumn.filter((format: Body) => format.online).map((format: Body) => format.title)).toEqual(['Онлайн 5 км']);
    });

    it('GET /api/event_format/virtual: the upcoming virtual formats with their event and city, in English too', async () => {
      const { values } = await get('/api/event_format/virtual');
      expect(values.length).toBeGreaterThanOrEqual(1);
      expect(values.every((format: Body) => format.online === true && format.hidden === false)).toBe(true);
      const starts = values.map((format: Body) => Date.parse(format.start_time));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(values[0]).toMatchObject({
        public_id: id('format:autumn-run/rostov/online-5k'),
        title: 'Онлайн 5 км',
        event: { public_id: expect.any(String), title: expect.any(String) },
        event_city: { public_id: id('event-city:autumn-run/rostov') },
        city: { name_ru: 'Ростов-на-Дону' },
      });
      const english = await api.request({ method: 'GET', url: '/api/event_format/virtual', headers: { 'accept-language': 'en' } });
      expect(english.json().values[0].title).not.toBe('Онлайн 5 км');
      const refused = await api.request({ method: 'GET', url: '/api/event_format/virtual?online=1' });
      expect(refused.statusCode).toBe(400);
    });

    it('GET /api/event_format/{id} and its insurance offers', async () => {
      expect(await get(`/api/event_format/${seeded.spring10k}`)).toMatchObject({ title: '10 км', city: { id: 524901 } });
      const offers = (await get(`/api/event_format/active/insurances/${seeded.spring10k}`)).values;
      expect(offers).toHaveLength(2);
      expect(offers[0]).toMatchObject({
        public_id: seeded.dayInsurance,
        price: 200,
        default: true,
        isStartDate: 'true',
        activation_delay: 0,
        legals: expect.any(String),
      });
      expect(offers[1]).toMatchObject({ isStartDate: 'false', format_start_time: expect.any(Number) });
      expect((await get(`/api/event_format/active/insurances/${seeded.kids500}`)).values).toEqual([]);
      expect((await get(`/api/insurance/event/city/formats/${seeded.springMoscow}`)).values).toHaveLength(4);
    });

    it('teams, seats, start numbers and partner formats', async () => {
      const teams = (await get(`/api/teams/${seeded.springRelay}`)).values;
      expect(teams.length).toBeGreaterThanOrEqual(3);
      expect(teams[0]).toEqual(expect.objectContaining({ name: expect.any(String), number: 1, max_count: 4 }));
      const places = (await get(`/api/space/${seeded.nightStand}`)).values;
      expect(places).toHaveLength(100);
      expect(places[0]).toEqual(expect.objectContaining({ sector: 'A', row: 1, place: 1, free: expect.any(Boolean) }));
      const sectors = (await get(`/api/space/map/list/${seeded.nightStand}`)).values;
      expect(sectors.map((sector: Body) => sector.sector)).toEqual(['A', 'B']);
      const stand = (await get(`/api/event_format/${seeded.nightStand}`)).tickets_left.spectator;
      expect(stand).toBe(places.filter((place: Body) => place.free).length);
      const numbers = await get(`/api/booked/numbers/${seeded.spring21k}`);
      expect(numbers.booked_numbers).toHaveLength(25);
      expect(numbers.free_numbers.length + numbers.booked_numbers.length).toBe(300);
      expect(await get(`/api/booked/numbers/${seeded.spring10k}`)).toEqual({ free_numbers: [], booked_numbers: [] });
      const external = await get(`/api/external/formats/${seeded.springMoscow}`);
      expect(external.city).toEqual({ id: 524901, name_ru: 'Москва' });
      expect(external.values.map((format: Body) => format.title)).toEqual(['Каникросс 3 км', 'Скандинавская ходьба 5 км']);
    });

    it('GET /api/event_results/{event_city}/{format}: the results table and its formats', async () => {
      const table = await get(`/api/event_results/${seeded.winterMoscow}/${seeded.winter10k}`);
      expect(table.values).toHaveLength(30);
      expect(table.values[0]).toMatchObject({
        place_overall: 1,
        status: 'Финишировал',
        net_time: expect.stringMatching(/^\d\d:\d\d:\d\d$/),
      });
      expect(table.settings.formats.map((format: Body) => format.title)).toEqual(['5 км', '10 км', '21,1 км', 'Эстафета 4×5 км']);
      expect(table.city).toEqual({ id: 524901, name_ru: 'Москва' });
      const women = await get(`/api/event_results/${seeded.winterMoscow}/${seeded.winter10k}?gender=female`);
      expect(women.values.every((row: Body) => row.gender === 'female')).toBe(true);
      expect((await get(`/api/event_results/${seeded.winterMoscow}/${seeded.winterRelay}`)).values[0].team_name).toEqual(
        expect.any(String),
      );
      await get(`/api/event_results/${seeded.winterMoscow}/${seeded.spring10k}`, 404);
    });
  });

  describe('content', () => {
    it('news: list, one, preview with limit', async () => {
      const list = await get('/api/news');
      expect(list.count).toBe(11);
      expect(list.values[0]).toEqual(
        expect.objectContaining({
          public_id: seeded.news,
          title: expect.any(String),
          picture: expect.any(String),
          date: expect.any(String),
        }),
      );
      expect((await get('/api/news/preview?limit=2')).values).toHaveLength(2);
      expect((await get('/api/news/preview')).values).toHaveLength(3);
      const one = await get(`/api/news/one/${seeded.news}`);
      expect(one.paragraphs.length).toBeGreaterThan(1);
      expect(one.event).toEqual({ public_id: seeded.springRun, title: 'Забег Героев. Весна' });
    });

    it('clubs, competitions and competition types', async () => {
      const clubs = (await get('/api/clubs')).values;
      expect(clubs.length).toBeGreaterThanOrEqual(6);
      expect(clubs[0]).toEqual(
        expect.objectContaining({
          public_id: expect.any(String),
          public_name: expect.any(String),
          picture: expect.any(String),
          created_date: expect.any(String),
          location: expect.objectContaining({ name_ru: expect.any(String) }),
        }),
      );
      expect(await get('/api/clubs/moscow-runners')).toMatchObject({ public_id: seeded.club, title: 'Московские бегуны' });
      expect((await get(`/api/clubs/${seeded.club}`)).public_name).toBe('moscow-runners');
      const competitions = (await get(`/api/club/competition/list/${seeded.club}`)).values;
      expect(competitions).toHaveLength(2);
      expect(competitions[0].results.length).toBe(6);
      expect((await get('/api/list/competition/type')).values.map((type: Body) => type.title)).toContain('Бег на время');
    });

    it('locations, postal indexes and the state register', async () => {
      const regions = (await get('/api/location/region/list/RU')).values;
      expect(regions.length).toBeGreaterThanOrEqual(20);
      expect(regions[0]).toEqual({ id: 524894, name_ru: 'Москва' });
      expect((await get('/api/location/region/list/KZ')).values).toEqual([]);
      expect((await get('/api/location/city/region/524925')).values.map((city: Body) => city.name_ru)).toEqual(['Балашиха', 'Химки']);
      expect(await get('/api/location/detailed')).toMatchObject({
        info: { city: { id: 524901, name_ru: 'Москва' }, region: { id: 524894 } },
      });
      expect(await get('/api/pochta/101000')).toMatchObject({ index: '101000', city: { id: 524901, name_ru: 'Москва' } });
      expect(await get('/api/pochta/999999', 404)).toEqual({ message: 'Попробуйте другой индекс' });
      expect(await get('/api/pochta/12', 400)).toEqual({ message: 'Введите корректный Индекс' });
      const { region_names } = await get('/api/obrnadzor/regions');
      expect(region_names).toContain('Москва');
      const moscow = (await get(`/api/obrnadzor/region/${encodeURIComponent('Москва')}`)).values;
      expect(moscow).toHaveLength(3);
      expect(moscow[0]).toEqual(
        expect.objectContaining({
          inn: expect.stringMatching(/^\d{10}$/),
          ogrn: expect.stringMatching(/^\d{13}$/),
          license_number: expect.any(String),
        }),
      );
      expect((await get(`/api/obrnadzor/search/${encodeURIComponent('Казань')}`)).values.length).toBeGreaterThanOrEqual(2);
      await get(`/api/obrnadzor/region/${encodeURIComponent('Атлантида')}`, 404);
    });

    it('banners and insurances', async () => {
      const banners = (await get('/api/page/banner/shop')).values;
      expect(banners.filter((banner: Body) => banner.banner_type === 'external_shop')).toHaveLength(6);
      expect(banners[0]).toEqual(
        expect.objectContaining({
          title: expect.any(String),
          link: expect.any(String),
          picture_main: expect.any(String),
          price: expect.any(Number),
        }),
      );
      // A partner shop's goods are square cards: their pictures are square, so no card width crops the caption.
      for (const banner of banners.filter((entry: Body) => entry.banner_type === 'external_shop')) {
        const svg = (await api.request({ method: 'GET', url: banner.picture_main })).body;
        const [, width, height] = svg.match(/width="(\d+)" height="(\d+)"/) ?? [];
        expect(width, banner.title).toBe(height);
      }
      await get('/api/page/banner/nowhere', 404);
      const insurances = (await get('/api/insurances')).values;
      expect(insurances.map((insurance: Body) => insurance.price)).toEqual([200, 490]);
      expect(await get(`/api/insurances/${seeded.seasonInsurance}`)).toMatchObject({
        name: 'Сезонная страховка',
        subtitle: expect.any(String),
        footnote: expect.any(String),
      });
    });

    it('placeholder pictures are SVG drawn by the server', async () => {
      const response = await api.request({ method: 'GET', url: '/images/events/spring-run-desktop.svg' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      // A banner: the title only as the accessible name, not drawn (the page prints it over the picture).
      expect(response.body).toContain('aria-label="Забег Героев. Весна"');
      expect(response.body).not.toContain('<text');
      const product = await api.request({ method: 'GET', url: '/images/products/cap.svg' });
      expect(product.body).toContain('<text');
      expect((await api.request({ method: 'GET', url: '/images/events/nothing.svg' })).statusCode).toBe(404);
    });
  });

  describe('shop', () => {
    it('products, categories, search', async () => {
      const all = await get('/api/shop/products?limit=100');
      expect(all.count).toBeGreaterThanOrEqual(30);
      const product = await get(`/api/shop/product/${seeded.hoodie}`);
      expect(product).toMatchObject({
        title: 'Худи «Герои»',
        price: 4900,
        old_price: 5900,
        gender: 'unisex',
        category: { title: 'Одежда' },
        delivery_public_id: expect.any(String),
        // The line limit the payment checks (SHOP_COUNT_MAX), told to the web app.
        max_count: 20,
      });
      expect(product.proportions).toHaveLength(6);
      expect(product.proportions[0]).toEqual({ name: 'XS', public_id: expect.any(String), count: 5 });
      expect(product.size[0]).toEqual({ size: 'XS', count: 5 });
      const categories = (await get('/api/shop/categories')).values;
      expect(categories.map((category: Body) => category.name)).toContain('geroi');
      expect(categories.reduce((sum: number, category: Body) => sum + category.count, 0)).toBe(all.count);
      const heroes = await get('/api/shop/category/geroi');
      expect(heroes.category.title).toBe('Коллекция «Герои»');
      expect((await get('/api/shop/products?category=geroi')).count).toBe(heroes.values.length);
      expect((await get(`/api/shop/search?text=${encodeURIComponent('худи')}`)).values.map((item: Body) => item.title)).toEqual(
        expect.arrayContaining(['Худи «Герои»', 'Худи «Герой сезона»']),
      );
      await get('/api/shop/category/none', 404);
    });

    it('shirts, related goods, previews and heroes', async () => {
      const shirts = (await get(`/api/shop/shirts/${seeded.springMoscow}`)).values;
      expect(shirts).toHaveLength(1);
      expect(shirts[0].size.map((size: Body) => size.count)).toEqual([40, 120, 180, 150, 90, 0]);
      expect((await get(`/api/shop/related/${seeded.springRun}`)).values).toHaveLength(2);
      const home = (await get('/api/shop/items/home')).values;
      expect(home.length).toBeGreaterThan(0);
      expect(home.length).toBeLessThanOrEqual(16);
      expect((await get('/api/shop/items/home')).values).toEqual(home);
      expect((await get('/api/shop/items/basket')).values.length).toBeGreaterThan(0);
      expect((await get('/api/shop/project/heroes')).values).toHaveLength(7);
      expect((await get('/api/shop/project/preview/heroes')).values).toHaveLength(4);
    });

    it('delivery methods and price', async () => {
      const methods = (await get('/api/delivery/shop')).values;
      expect(methods).toEqual([
        { public_id: expect.any(String), name: 'Курьером', pickup: false },
        { public_id: expect.any(String), name: 'Почта России', pickup: false },
        { public_id: expect.any(String), name: 'Самовывоз из пункта выдачи', pickup: true },
      ]);
      const goods = [
        { public_id: seeded.hoodie, count: 2 },
        { public_id: seeded.cap, count: 1 },
      ];
      expect((await post('/api/shop/delivery/price', { city: { id: 524901 }, goods })).delivery).toMatchObject({
        name: 'Курьером',
        cost: 490,
      });
      expect((await post('/api/shop/delivery/price', { city: { id: 1496747 }, goods })).delivery.cost).toBe(790);
      expect(
        (await post('/api/shop/delivery/price', { city: { id: 524901 }, goods, delivery_public_id: methods[2].public_id })).delivery.cost,
      ).toBe(0);
      await post('/api/shop/delivery/price', { city: { id: 1 }, goods }, 404);
      await post('/api/shop/delivery/price', { city: { id: 524901 }, goods: [{ public_id: seeded.unknown, count: 1 }] }, 404);
    });

    it('GET /api/sales: the sales running now, with their visible formats only', async () => {
      const { values } = await get('/api/sales');
      expect(values).toEqual([
        expect.objectContaining({
          title: 'Скидка 10 % на три билета и больше',
          active: true,
          discount: 10,
          discount_form: 'percent',
          count: 3,
        }),
      ]);
      const [sale] = values;
      expect(sale.formats).toContain(seeded.spring10k);
      expect(sale.formats).toContain(seeded.springRelay);
      // The invitation-only vip format is in the sale but its id is not published.
      expect(sale.formats).not.toContain(seeded.springVip);
      expect(Date.parse(sale.start_date)).toBeLessThanOrEqual(api.clock.now().getTime());
      expect(Date.parse(sale.end_date)).toBeGreaterThanOrEqual(api.clock.now().getTime());
    });

    it('promocode checks answer the promocode, available_code_count and a message', async () => {
      const ticket = await get(`/api/promocode/check/ticket/geroi10/${seeded.spring10k}`);
      expect(ticket).toEqual({
        promocode: expect.objectContaining({
          code: 'GEROI10',
          discount: 10,
          discount_form: 'percent',
          code_count: 500,
          price: 1620,
          format_public_id: seeded.spring10k,
        }),
        available_code_count: 488,
        message: 'Промокод применён',
      });
      expect((await get(`/api/promocode/check/ticket/START500/${seeded.spring10k}`)).promocode).toMatchObject({
        discount: 500,
        discount_form: 'fixed',
        price: 1300,
      });
      expect(await get(`/api/promocode/check/ticket/START500/${seeded.night5k}`, 400)).toEqual({
        message: 'Промокод не действует для этого билета',
      });
      expect(await get(`/api/promocode/check/ticket/WINTER2025/${seeded.spring10k}`, 400)).toEqual({
        message: 'Срок действия промокода истёк',
      });
      expect(await get(`/api/promocode/check/ticket/SOLDOUT/${seeded.spring10k}`, 400)).toEqual({ message: 'Промокод закончился' });
      expect(await get(`/api/promocode/check/ticket/NOPE/${seeded.spring10k}`, 400)).toEqual({ message: 'Промокод не найден' });
      expect((await get(`/api/promocode/check/product/SHOP15/${seeded.hoodie}`)).promocode.price).toBe(4165);
      expect((await get(`/api/promocode/check/product/HOODIE300/${seeded.cap}`, 400)).message).toBe(
        'Промокод не действует для этого товара',
      );
      expect((await get(`/api/promocode/check/insurance/SAFE50/${seeded.dayInsurance}`)).promocode.price).toBe(100);
      await get(`/api/promocode/check/ticket/GEROI10/${seeded.unknown}`, 404);
    });
  });

  it.each([
    '/api/event/id/:id',
    '/api/event_format/event/:id',
    '/api/event_format/:id',
    '/api/event_format/active/insurances/:id',
    '/api/insurance/event/city/formats/:id',
    '/api/teams/:id',
    '/api/space/:id',
    '/api/space/map/list/:id',
    '/api/booked/numbers/:id',
    '/api/external/formats/:id',
    '/api/event_results/:id/:id',
    '/api/news/one/:id',
    '/api/clubs/:id',
    '/api/club/competition/list/:id',
    '/api/shop/shirts/:id',
    '/api/shop/related/:id',
    '/api/shop/product/:id',
    '/api/insurances/:id',
    '/api/promocode/check/product/GEROI10/:id',
    '/api/promocode/check/insurance/GEROI10/:id',
    '/api/promocode/check/ticket/GEROI10/:id',
    '/api/location/city/region/1',
  ])('GET %s with an unknown id is 404 JSON', async (path) => {
    expect(await get(path.replaceAll(':id', seeded.unknown), 404)).toEqual({ message: expect.any(String) });
  });
}
