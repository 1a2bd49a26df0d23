import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { competitionTypes, uploads, userCompetitions } from '../../db/schema/index';
import { stablePublicId as id } from '../../lib/crypto';
import { pdfPlainText } from '../../lib/pdf-text';
import { type FormPart, fileOfSize, multipartForm, sampleFiles } from '../files';
import { type Body, createTestApp, type TestApp } from '../fixtures';
import { insertOrder, insertPolicy, insertShopLine, insertTicket, signedInUser, type TestUser } from '../purchases';
import { seeded } from './catalogue';
import { ticketSuite } from './tickets';

const DAY = 86_400_000;
const MB = 1024 * 1024;

/**
 * The rest of the cabinet after a purchase: shop orders and sold goods (accounts-sso §2.7, §4.5),
 * insurances (§2.12), participant files and competition results with images (type judged by content),
 * and the site's PDF documents. Runs on PGlite and PostgreSQL.
 */
export function cabinetSuite(database: () => DatabaseHandle) {
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp(database());
    return () => api.close();
  });
  const now = () => api.clock.now();
  const db = () => api.deps.db;
  const user = (label?: string) => signedInUser(api.deps, label);
  const get = (url: string, who?: TestUser) => api.request({ method: 'GET', url, ...(who ? { token: who.token } : {}) });
  const ok = async (url: string, who: TestUser): Promise<Body> => {
    const response = await get(url, who);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };
  const post = (url: string, who: TestUser | null, parts: FormPart[]) =>
    api.request({ method: 'POST', url, ...(who ? { token: who.token } : {}), ...multipartForm(parts) });

  describe('shop orders', () => {
    it('GET /api/user/shop/orders: orders with goods, newest first, statuses of §4.5, amounts in rubles', async () => {
      const a = await user();
      const b = await user();
      const at = (days: number) => new Date(now().getTime() + days * DAY);
      const paid = await insertOrder(db(), { userId: a.id, shopStatus: 'paid', amount: 1_230_050, createdAt: at(-5) });
      await insertShopLine(db(), paid.id, seeded.hoodie, 'M', 2);
      await insertShopLine(db(), paid.id, seeded.cap, null, 1);
      const delivered = await insertOrder(db(), { userId: a.id, shopStatus: 'delivered', createdAt: at(-4) });
      await insertShopLine(db(), delivered.id, seeded.hoodie, 'L', 1);
      const authorized = await insertOrder(db(), { userId: a.id, shopStatus: 'authorized', createdAt: at(-3) });
      await insertShopLine(db(), authorized.id, seeded.hoodie, 'S', 1);
      const unpaid = await insertOrder(db(), { userId: a.id, status: 'pending', shopStatus: 'paid', createdAt: at(-2), expiresAt: at(1) });
      await insertShopLine(db(), unpaid.id, seeded.hoodie, 'XL', 1);
      const declined = await insertOrder(db(), { userId: a.id, status: 'declined', createdAt: at(-1) });
      await insertShopLine(db(), declined.id, seeded.hoodie, 'M', 1);
      await insertTicket(db(), now(), { formatPublicId: id('format:spring-run/petersburg/10k'), userId: a.id });
      const others = await insertOrder(db(), { userId: b.id, shopStatus: 'paid', createdAt: at(-1) });
      await insertShopLine(db(), others.id, seeded.cap, null, 1);

      const { values } = await ok('/api/user/shop/orders', a);
      expect(values.map((order: Body) => [order.public_id, order.status])).toEqual([
        [unpaid.publicId, 'processing'],
        [authorized.publicId, 'authorized'],
        [delivered.publicId, 'delivered'],
        [paid.publicId, 'paid'],
      ]);
      const first = values.at(-1);
      expect(first).toMatchObject({ public_id: paid.publicId, created: at(-5).toISOString(), amount: 12_300.5 });
      expect(first.items).toHaveLength(1);
      expect(first.items[0].shop).toEqual([
        expect.objectContaining({ public_id: seeded.hoodie, title: 'Худи «Герои»', size: 'M', count: 2, price: 4900, total: 9800 }),
        expect.objectContaining({ public_id: seeded.cap, size: null, count: 1 }),
      ]);
      expect((await ok('/api/user/shop/orders', b)).values.map((order: Body) => order.public_id)).toEqual([others.publicId]);
    });

    it('GET /api/user/shop/soldgood/{id}: the goods of one’s own order only', async () => {
      const a = await user();
      const b = await user();
      const order = await insertOrder(db(), { userId: a.id, shopStatus: 'paid', createdAt: now() });
      await insertShopLine(db(), order.id, seeded.hoodie, 'XS', 3);
      const { values } = await ok(`/api/user/shop/soldgood/${order.publicId}`, a);
      expect(values).toEqual([
        {
          public_id: seeded.hoodie,
          title: 'Худи «Герои»',
          picture: expect.stringMatching(/^\/images\//),
          size: 'XS',
          proportion_public_id: id('proportion:hoodie-geroi:XS'),
          count: 3,
          price: 4900,
          discount: 0,
          total: 14_700,
          text: null,
        },
      ]);
      for (const [url, who] of [
        [`/api/user/shop/soldgood/${order.publicId}`, b],
        [`/api/user/shop/soldgood/${seeded.unknown}`, a],
      ] as const) {
        const response = await get(url, who);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Заказ не найден' });
      }
      for (const url of ['/api/user/shop/orders', `/api/user/shop/soldgood/${order.publicId}`])
        expect((await get(url)).statusCode).toBe(401);
    });
  });

  describe('insurances', () => {
    it('valid and past policies with number, start date, validity and legals', async () => {
      const a = await user();
      const b = await user();
      const at = (days: number) => new Date(now().getTime() + days * DAY);
      const upcoming = await insertPolicy(db(), now(), { userId: a.id, insurancePublicId: seeded.dayInsurance, startDate: at(10) });
      const running = await insertPolicy(db(), now(), { userId: a.id, insurancePublicId: seeded.seasonInsurance, startDate: at(-29) });
      const expired = await insertPolicy(db(), now(), { userId: a.id, insurancePublicId: seeded.dayInsurance, startDate: at(-2) });
      const cancelled = await insertPolicy(db(), now(), {
        userId: a.id,
        insurancePublicId: seeded.dayInsurance,
        startDate: at(5),
        status: 'cancelled',
      });
      const ticket = await insertTicket(db(), now(), {
        formatPublicId: id('format:spring-run/petersburg/10k'),
        userId: a.id,
        info: { first_name: 'Олег', last_name: 'Сидоров', phone: '79160001122', registered: true },
      });
      const linked = await insertPolicy(db(), now(), {
        userId: a.id,
        insurancePublicId: seeded.dayInsurance,
        startDate: at(30),
        ticketId: ticket.id,
        info: { first_name: null, last_name: null, second_name: null, phone: null },
      });

      const valid = (await ok('/api/user/insurances/valid', a)).values;
      expect(valid.map((policy: Body) => policy.public_id)).toEqual([running.publicId, upcoming.publicId, linked.publicId]);
      expect(valid[1]).toEqual({
        public_id: upcoming.publicId,
        status: 'valid',
        info: {
          number: upcoming.number,
          start_date: at(10).toISOString(),
          last_name: 'Смирнова',
          first_name: 'Анна',
          second_name: 'Игоревна',
          phone: '79161234567',
        },
        insurance: {
          public_id: seeded.dayInsurance,
          name: 'Страхование участника',
          title: 'Страховка на день старта',
          logo: expect.stringMatching(/^\/images\//),
          validity_time: 86_400,
          legals: '/api/files/document/insurance-day',
        },
      });
      expect(valid[0].insurance.validity_time).toBe(30 * 86_400);
      // A policy bought with a ticket names the participant registered on it.
      expect(valid[2].info).toMatchObject({ first_name: 'Олег', last_name: 'Сидоров', phone: '79160001122', second_name: null });

      const past = (await ok('/api/user/insurances/past', a)).values;
      expect(past.map((policy: Body) => policy.public_id)).toEqual([cancelled.publicId, expired.publicId]);
      expect(past[0].status).toBe('cancelled');

      expect((await ok('/api/user/insurances/valid', b)).values).toEqual([]);
      expect((await ok('/api/user/insurances/past', b)).values).toEqual([]);
      for (const url of ['/api/user/insurances/valid', '/api/user/insurances/past']) expect((await get(url)).statusCode).toBe(401);
    });
  });

  describe('participant files (POST /api/user/file)', () => {
    const countUploads = async (userId: number) =>
      (await db().select({ value: count() }).from(uploads).where(eq(uploads.userId, userId)))[0]!.value;

    it('stores pdf, jpeg and png by their content, whatever the name says, and serves them to the owner', async () => {
      const a = await user();
      const b = await user();
      const cases: [string, string, Buffer, string][] = [
        ['справка.pdf', 'application/pdf', sampleFiles.pdf, 'application/pdf'],
        ['photo.jpg', 'image/jpeg', sampleFiles.jpeg, 'image/jpeg'],
        // A PNG renamed .pdf is a PNG: accepted here because png is allowed, and stored as image/png.
        ['scan.pdf', 'application/pdf', sampleFiles.png, 'image/png'],
      ];
      for (const [filename, declared, content, mime] of cases) {
        const response = await post('/api/user/file', a, [{ name: 'file', filename, contentType: declared, content }]);
        expect(response.statusCode, response.body).toBe(200);
        const saved = response.json();
        expect(saved).toEqual({
          public_id: expect.any(String),
          name: filename,
          mime,
          size: content.length,
          url: `/api/user/file/${saved.public_id}`,
        });

        const served = await get(saved.url, a);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(mime);
        expect(served.rawPayload.equals(content)).toBe(true);
        expect(served.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(filename)}`);
        expect((await get(saved.url, b)).statusCode).toBe(404);
        expect((await get(saved.url)).statusCode).toBe(401);
      }
    });

    it('refuses wrong types, oversized and surplus files, and odd forms — and writes nothing', async () => {
      const a = await user();
      const before = await countUploads(a.id);
      const exactly = await post('/api/user/file', a, [{ name: 'file', filename: 'big.pdf', content: fileOfSize('pdf', 4 * MB) }]);
      expect(exactly.statusCode, exactly.body).toBe(200);

      const cases: [FormPart[], string][] = [
        [[{ name: 'file', filename: 'photo.jpg', contentType: 'image/jpeg', content: sampleFiles.text }], 'Неподдерживаемый формат'],
        [[{ name: 'file', filename: 'big.pdf', content: fileOfSize('pdf', 4 * MB + 1) }], 'Размер файла больше допустимого!'],
        [
          [
            { name: 'file', filename: 'a.pdf', content: sampleFiles.pdf },
            { name: 'file', filename: 'b.pdf', content: sampleFiles.pdf },
          ],
          'Можно загрузить только один файл',
        ],
        [[{ name: 'file', filename: 'empty.pdf', content: Buffer.alloc(0) }], 'Загрузите файл'],
        [[], 'Загрузите файл'],
        [[{ name: 'document', filename: 'a.pdf', content: sampleFiles.pdf }], 'Некорректные данные запроса: лишнее поле document'],
      ];
      for (const [parts, message] of cases) {
        const response = await post('/api/user/file', a, parts);
        expect(response.statusCode, message).toBe(400);
        expect(response.json()).toEqual({ message });
      }
      const json = await api.request({ method: 'POST', url: '/api/user/file', token: a.token, payload: { file: 'x' } });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ message: 'Отправьте форму с файлами (multipart/form-data)' });
      expect(await countUploads(a.id)).toBe(before + 1);
      expect((await post('/api/user/file', null, [{ name: 'file', filename: 'a.pdf', content: sampleFiles.pdf }])).statusCode).toBe(401);
    });
  });

  describe('competition results (POST /api/user/competition, PUT /api/user/club/competition/{competition}/{club})', () => {
    const type = async (unit: 'time' | 'distance') => {
      const [row] = await db().select().from(competitionTypes).where(eq(competitionTypes.unit, unit)).limit(1);
      return row!;
    };
    const image = (content: Buffer, filename = 'finish.png'): FormPart => ({ name: 'images', filename, contentType: 'image/png', content });
    const written = async (userId: number) => ({
      results: (await db().select({ value: count() }).from(userCompetitions).where(eq(userCompetitions.userId, userId)))[0]!.value,
      files: (await db().select({ value: count() }).from(uploads).where(eq(uploads.userId, userId)))[0]!.value,
    });

    it('a result with images, then filed to a club the user is a member of', async () => {
      const a = await user();
      const b = await user();
      const time = await type('time');
      const response = await post('/api/user/competition', a, [
        { name: 'competition_type', value: time.publicId },
        { name: 'value', value: '24:05' },
        { name: 'comment', value: 'Пробежал по набережной, ветер встречный.' },
        image(sampleFiles.png),
        { name: 'images[]', filename: 'старт.jpeg', contentType: 'image/jpeg', content: sampleFiles.jpeg },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json();
      expect(result).toEqual({
        public_id: expect.any(String),
        competition_type: { public_id: time.publicId, title: time.title, unit: 'time' },
        value: '00:24:05',
        comment: 'Пробежал по набережной, ветер встречный.',
        images: [expect.stringMatching(/^\/api\/user\/file\/\w+$/), expect.stringMatching(/^\/api\/user\/file\/\w+$/)],
        created: now().toISOString(),
      });
      const picture = await get(result.images[1], a);
      expect(picture.headers['content-type']).toBe('image/jpeg');
      expect((await get(result.images[1], b)).statusCode).toBe(404);

      const distance = await type('distance');
      const ran = await post('/api/user/competition', a, [
        { name: 'competition_type', value: distance.publicId },
        { name: 'value', value: '12,5' },
      ]);
      expect(ran.statusCode, ran.body).toBe(200);
      expect(ran.json()).toMatchObject({ value: '12,5 км', comment: null, images: [] });

      const file = (who: TestUser, competition: string, club: string) =>
        api.request({ method: 'PUT', url: `/api/user/club/competition/${competition}/${club}`, token: who.token });
      const notMember = await file(a, result.public_id, seeded.club);
      expect(notMember.statusCode).toBe(400);
      expect(notMember.json()).toEqual({ message: 'Вы не состоите в этом клубе' });

      expect((await api.request({ method: 'PUT', url: `/api/user/club/new/${seeded.club}`, token: a.token })).statusCode).toBe(200);
      const filed = await file(a, result.public_id, seeded.club);
      expect(filed.statusCode, filed.body).toBe(200);
      expect(filed.json()).toEqual({
        public_id: result.public_id,
        club: { public_id: seeded.club, title: 'Московские бегуны' },
        competition: { public_id: expect.any(String), title: 'Лучшие 5 км месяца' },
      });
      expect((await file(a, result.public_id, 'moscow-runners')).statusCode).toBe(200);
      // The result joined the running competition's table once, ranked among the others (less time is better).
      const competitions = (await api.request({ method: 'GET', url: `/api/club/competition/list/${seeded.club}` })).json().values;
      const table = competitions.find((entry: Body) => entry.title === 'Лучшие 5 км месяца').results;
      const mine = table.filter((entry: Body) => entry.value === '00:24:05');
      expect(mine).toHaveLength(1);
      const seconds = (value: string) =>
        value
          .split(':')
          .map(Number)
          .reduce((total, part) => total * 60 + part, 0);
      const sorted = [...table].sort((x: Body, y: Body) => x.place - y.place);
      expect(sorted.map((entry: Body) => entry.place)).toEqual(sorted.map((_: Body, i: number) => i + 1));
      for (let i = 1; i < sorted.length; i++) expect(seconds(sorted[i].value)).toBeGreaterThanOrEqual(seconds(sorted[i - 1].value));
      const [row] = await db().select().from(userCompetitions).where(eq(userCompetitions.publicId, result.public_id));
      expect(row!.clubId).not.toBeNull();
      expect(row!.clubCompetitionId).not.toBeNull();

      expect((await file(b, result.public_id, seeded.club)).json()).toEqual({ message: 'Результат не найден' });
      expect((await file(a, result.public_id, seeded.unknown)).json()).toEqual({ message: 'Клуб не найден' });
      expect((await api.request({ method: 'PUT', url: `/api/user/club/competition/${result.public_id}/${seeded.club}` })).statusCode).toBe(
        401,
      );
    });

    it('refuses too many, too large or non-image files and bad fields with a message, writing nothing', async () => {
      const a = await user();
      const time = await type('time');
      const distance = await type('distance');
      const fields = (value = '45:00', typeId = time.publicId): FormPart[] => [
        { name: 'competition_type', value: typeId },
        { name: 'value', value },
      ];
      const six = Array.from({ length: 6 }, () => image(sampleFiles.png));
      const accepted = await post('/api/user/competition', a, [...fields(), ...six.slice(0, 5), image(fileOfSize('png', 2 * MB))]);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().images).toHaveLength(6);
      const before = await written(a.id);

      const cases: [FormPart[], string][] = [
        [[...fields(), ...six, image(sampleFiles.png)], 'Можно загрузить не больше 6 изображений'],
        [[...fields(), image(fileOfSize('png', 2 * MB + 1))], 'Размер изображения слишком большой'],
        [[...fields(), image(sampleFiles.text, 'photo.jpg')], 'Неподдерживаемый формат'],
        [[...fields(), image(sampleFiles.pdf, 'result.png')], 'Неподдерживаемый формат'],
        [[...fields(), image(sampleFiles.png), image(sampleFiles.text, 'photo.jpg')], 'Неподдерживаемый формат'],
        [[{ name: 'value', value: '45:00' }], 'Выберите вид соревнования'],
        [fields('45:00', 'ffffffffffffffffffffffff'), 'Вид соревнования не найден'],
        [[{ name: 'competition_type', value: time.publicId }], 'Заполните поле'],
        [fields('сорок минут'), 'Введите корректное время'],
        [fields('45:61'), 'Введите корректное время'],
        [fields('-5', distance.publicId), 'Значение должно быть больше 0'],
        [fields('0', distance.publicId), 'Значение должно быть больше 0'],
        [[...fields(), { name: 'comment', value: 'я'.repeat(501) }], 'Комментарий должен быть не длиннее 500 символов'],
        [[...fields(), { name: 'comment', value: 'я'.repeat(3000) }], 'Комментарий должен быть не длиннее 500 символов'],
        [[...fields(), { name: 'place', value: '1' }], 'Некорректные данные запроса: лишнее поле place'],
      ];
      for (const [parts, message] of cases) {
        const response = await post('/api/user/competition', a, parts);
        expect(response.statusCode, message).toBe(400);
        expect(response.json()).toEqual({ message });
      }
      expect(await written(a.id)).toEqual(before);
      expect((await post('/api/user/competition', null, fields())).statusCode).toBe(401);
    });
  });

  describe('documents', () => {
    it('GET /api/files/document/pers and /offers: generated PDFs with Russian text, cacheable', async () => {
      for (const [name, expected] of [
        ['pers', ['Политика обработки персональных данных', '152-ФЗ «О персональных данных»', 'Права пользователя']],
        ['offers', ['Публичная оферта', 'Предмет договора', 'Ожидайте возврат']],
        ['insurance-day', ['Условия страхования: Страхование участника', 'Стоимость: 200 ₽', 'Срок действия: 1 день']],
        ['insurance-season', ['Сезонная страховка', 'Срок действия: 30 дней']],
      ] as const) {
        const response = await get(`/api/files/document/${name}`);
        expect(response.statusCode, name).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['cache-control']).toBe('public, max-age=86400');
        expect(response.headers['content-disposition']).toMatch(/^inline; filename="[\w-]+\.pdf"; filename\*=UTF-8''/);
        expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
        const text = pdfPlainText(response.rawPayload);
        for (const phrase of expected) expect(text, name).toContain(phrase);

        const etag = response.headers.etag as string;
        expect(etag).toMatch(/^"[\w-]+"$/);
        const again = await api.request({ method: 'GET', url: `/api/files/document/${name}`, headers: { 'if-none-match': etag } });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
      }
      for (const name of ['secret', 'constructor', 'insurance-none']) {
        const missing = await get(`/api/files/document/${name}`);
        expect(missing.statusCode, name).toBe(404);
        expect(missing.json()).toEqual({ message: 'Документ не найден' });
      }
    });
  });
}

/** The tickets and the rest of the cabinet together, as postgres.test.ts runs them. */
export function afterPurchaseSuite(database: () => DatabaseHandle) {
  describe('tickets', () => ticketSuite(database));
  describe('cabinet', () => cabinetSuite(database));
}
