import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { eventCities, eventFormats, resultRows, type TicketInfo, tickets } from '../../db/schema/index';
import { stablePublicId as id } from '../../lib/crypto';
import { pdfPlainText } from '../../lib/pdf-text';
import { multipartForm, sampleFiles } from '../files';
import { type Body, createTestApp, type TestApp } from '../fixtures';
import { insertTicket, signedInUser, type TestUser } from '../purchases';
import { seeded } from './catalogue';

/**
 * Formats of event cities the payment suite does not sell (suites share one database on PostgreSQL,
 * and that suite counts the tickets of its formats).
 */
const formats = {
  spring10k: id('format:spring-run/petersburg/10k'),
  spring21k: id('format:spring-run/kazan/21k'),
  winter10k: seeded.winter10k,
  kids500: id('format:kids-league/voronezh/500m'),
  /** Asks for the child's sports school from the state education register (additional field `sport_school`). */
  kids1k: id('format:kids-league/voronezh/1k'),
  /** The virtual format (event_formats.online): the only one that takes an online result. */
  online5k: id('format:autumn-run/rostov/online-5k'),
};

/** A participant who passes every rule of spring-run/petersburg/10k (age ≥ 16, the city's region, shirt, wave). */
const validInfo = {
  first_name: 'Иван',
  last_name: 'Петров',
  second_name: 'Сергеевич',
  phone: '+7 (916) 123-45-67',
  gender: 'male',
  birth_date: '14.05.1990',
  region: 536203,
  item_size: 'M',
  select_field: 'Вторая волна',
  club_name: 'Московские бегуны',
};

const registeredInfo: TicketInfo = {
  first_name: 'Иван',
  last_name: 'Петров',
  phone: '79161234567',
  gender: 'male',
  birth_date: '1990-05-14',
  insurance: true,
  registered: true,
  offline_registered: false,
};

/**
 * The cabinet's tickets (accounts-sso §2.6, §3, §4.5, §7; ticketing-shop §5 participant form): the
 * three lists and how tickets move between them, every lifecycle action with its owner and state
 * checks, online results, finisher results and the certificate PDF. Runs on PGlite and PostgreSQL.
 */
export function ticketSuite(database: () => DatabaseHandle) {
  let api: TestApp;
  beforeAll(async () => {
    api = await createTestApp(database());
    return () => api.close();
  });
  const now = () => api.clock.now();
  const db = () => api.deps.db;
  const user = (label?: string) => signedInUser(api.deps, label);
  const ticket = (values: Parameters<typeof insertTicket>[2]) => insertTicket(db(), now(), values);

  const call = (method: 'GET' | 'PUT', url: string, who?: TestUser, payload?: object) =>
    api.request({ method, url, ...(who ? { token: who.token } : {}), ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'PUT', url: string, who: TestUser, payload?: object): Promise<Body> => {
    const response = await call(method, url, who, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json();
  };
  const refused = async (
    method: 'GET' | 'PUT',
    url: string,
    who: TestUser,
    payload: object | undefined,
    status: number,
    message: string,
  ) => {
    const response = await call(method, url, who, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 300)}`).toBe(status);
    expect(response.json().message).toBe(message);
    return response.json() as Body;
  };
  const list = async (who: TestUser, section: 'my' | 'transfered' | 'old') =>
    (await ok('GET', `/api/user/tickets/${section}`, who)).values as Body[];
  const ids = (values: Body[]) => values.map((card) => card.public_id).sort();

  describe('authorisation', () => {
    it('every ticket call answers 401 without a token', async () => {
      const body = { public_id: 'abc' };
      for (const [method, url, payload] of [
        ['GET', '/api/user/tickets/my'],
        ['GET', '/api/user/tickets/transfered'],
        ['GET', '/api/user/tickets/old'],
        ['GET', '/api/user/ticket/abc'],
        ['PUT', '/api/user/ticket/transfer', { ...body, email: 'friend@example.ru' }],
        ['PUT', '/api/user/ticket/confirm/transfer', { ...body, transfer_confirm: true }],
        ['PUT', '/api/user/ticket/return', body],
        ['PUT', '/api/user/ticket', { ...body, info: {} }],
        ['PUT', '/api/user/ticket/disable', body],
        ['PUT', '/api/user/ticket/online', { ...body, result: '45:00' }],
        ['GET', '/api/user/ticket/online/abc'],
        ['GET', '/api/user/result/abc'],
        ['GET', '/api/user/certificate/result/abc'],
      ] as const) {
        const response = await api.request({ method, url, ...(payload ? { payload } : {}) });
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toEqual({ message: 'Требуется авторизация' });
      }
    });

    it('bodies are validated: unknown fields, a bad e-mail, a missing flag → 400 in Russian', async () => {
      const a = await user();
      const { publicId } = await ticket({ formatPublicId: formats.spring10k, userId: a.id });
      await refused('PUT', '/api/user/ticket/transfer', a, { public_id: publicId, email: 'nope' }, 400, 'Введите валидный email');
      await refused(
        'PUT',
        '/api/user/ticket/return',
        a,
        { public_id: publicId, extra: 1 },
        400,
        'Некорректные данные запроса: лишнее поле extra',
      );
      const confirm = await call('PUT', '/api/user/ticket/confirm/transfer', a, { public_id: publicId });
      expect(confirm.statusCode).toBe(400);
      expect(confirm.json().message).toMatch(/^Некорректные данные запроса/);
    });
  });

  describe('lists (accounts-sso §4.5)', () => {
    it('my / transfered / old split the tickets a person holds, bought and passed on', async () => {
      const a = await user('owner');
      const b = await user('friend');
      const stranger = await user('stranger');
      const open = await ticket({ formatPublicId: formats.spring10k, userId: a.id });
      const registered = await ticket({ formatPublicId: formats.spring10k, userId: a.id, info: registeredInfo });
      const processing = await ticket({ formatPublicId: formats.spring10k, userId: a.id, status: 'processing' });
      const returned = await ticket({ formatPublicId: formats.spring10k, userId: a.id, status: 'returned' });
      const past = await ticket({ formatPublicId: formats.winter10k, userId: a.id, info: registeredInfo });
      const given = await ticket({
        formatPublicId: formats.spring10k,
        userId: b.id,
        originalUserId: a.id,
        transferStatus: 'accepted',
        transferEmail: b.email,
      });
      const pending = await ticket({ formatPublicId: formats.spring10k, userId: a.id, transferStatus: 'pending', transferEmail: b.email });

      expect(ids(await list(a, 'my'))).toEqual([open.publicId, registered.publicId, processing.publicId].sort());
      expect(ids(await list(a, 'transfered'))).toEqual([given.publicId, pending.publicId].sort());
      expect(ids(await list(a, 'old'))).toEqual([past.publicId]);
      expect(ids(await list(b, 'my'))).toEqual([given.publicId, pending.publicId].sort());
      expect(await list(b, 'transfered')).toEqual([]);
      for (const section of ['my', 'transfered', 'old'] as const) expect(await list(stranger, section)).toEqual([]);
      expect(ids([...(await list(a, 'my')), ...(await list(a, 'transfered')), ...(await list(a, 'old'))])).not.toContain(returned.publicId);

      const mine = await list(a, 'my');
      expect(mine.find((card) => card.public_id === processing.publicId).status).toBe('processing');
      expect(mine.find((card) => card.public_id === registered.publicId).info.registered).toBe(true);
      expect(mine.find((card) => card.public_id === open.publicId).info.registered).toBe(false);

      // The holder's e-mail shows only to the original owner; a pending transfer is flagged on both sides.
      const passedOn = await list(a, 'transfered');
      expect(passedOn.find((card) => card.public_id === given.publicId)).toMatchObject({
        transfer_pending: false,
        returnable: true,
        info: { email: b.email },
      });
      expect(passedOn.find((card) => card.public_id === pending.publicId)).toMatchObject({
        transfer_pending: true,
        info: { email: b.email },
      });
      const received = await list(b, 'my');
      expect(received.find((card) => card.public_id === given.publicId)).toMatchObject({ transfer_pending: false, info: { email: null } });
      expect(received.find((card) => card.public_id === pending.publicId)).toMatchObject({ transfer_pending: true, info: { email: null } });
      expect(mine.find((card) => card.public_id === open.publicId).info.email).toBe(a.email);
    });

    it('a card has the fields of accounts-sso §3', async () => {
      const a = await user();
      const issued = await ticket({ formatPublicId: formats.spring10k, userId: a.id, info: { ...registeredInfo, sector: null } });
      const [card] = await list(a, 'my');
      expect(card).toEqual({
        public_id: issued.publicId,
        original_user_public_id: a.publicId,
        status: 'active',
        ticketNumber: issued.number,
        order_public_id: expect.any(String),
        transfer_pending: false,
        returnable: false,
        past: false,
        // The holder's signed ticket code (issue 24): a compact JWS.
        qr_code: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        city: { id: 498817, name_ru: 'Санкт-Петербург' },
        event_city: { public_id: id('event-city:spring-run/petersburg') },
        event: {
          public_id: seeded.springRun,
          title: 'Забег Героев. Весна',
          event_type: { public_id: expect.any(String), logo: expect.stringMatching(/^\/images\//), title: 'Забег Героев' },
          banners: expect.objectContaining({
            landing_page: expect.objectContaining({ mobile_picture: expect.stringMatching(/^\/images\//) }),
          }),
        },
        event_format: {
          public_id: formats.spring10k,
          title: '10 км',
          start_time: '2026-06-07T06:00:00.000Z',
          timezone: 'Europe/Moscow',
          insurance_available: true,
          qr: true,
          address: 'Дворцовая пл., 2',
          online: false,
        },
        team: null,
        info: {
          email: a.email,
          first_name: 'Иван',
          last_name: 'Петров',
          number: issued.number,
          inside_number: null,
          sector: null,
          row: null,
          place: null,
          insurance: true,
          registered: true,
          offline_registered: false,
        },
      });
      const single = await ok('GET', `/api/user/ticket/${issued.publicId}`, a);
      expect(single).toMatchObject({ ...card, participant: { first_name: 'Иван', phone: '79161234567', additional: { club_name: null } } });
    });

    it('tickets of past events move to «old» when the server clock passes the start', async () => {
      const a = await user();
      const kids = await ticket({ formatPublicId: formats.kids500, userId: a.id });
      expect(ids(await list(a, 'my'))).toEqual([kids.publicId]);
      const start = new Date((await ok('GET', `/api/user/ticket/${kids.publicId}`, a)).event_format.start_time);
      const saved = now();
      api.clock.set(new Date(start.getTime() + 60_000));
      try {
        expect(await list(a, 'my')).toEqual([]);
        const [old] = await list(a, 'old');
        expect(old).toMatchObject({ public_id: kids.publicId, past: true });
        await refused(
          'PUT',
          '/api/user/ticket/transfer',
          a,
          { public_id: kids.publicId, email: 'late@example.ru' },
          400,
          'Мероприятие уже прошло',
        );
      } finally {
        api.clock.set(saved);
      }
    });
  });

  describe('transfer, confirm, return', () => {
    it('transfer → the recipient confirms → they hold it, unregistered; the giver sees where it went', async () => {
      const a = await user('giver');
      const b = await user('taker');
      const c = await user('other');
      const issued = await ticket({ formatPublicId: formats.spring10k, userId: a.id, info: registeredInfo });

      const sent = await ok('PUT', '/api/user/ticket/transfer', a, { public_id: issued.publicId, email: b.email.toUpperCase() });
      expect(sent).toMatchObject({ public_id: issued.publicId, transfer_pending: true, returnable: true, info: { email: b.email } });
      const letter = await api.lastMessage(b.email);
      expect(letter.text).toContain('Забег Героев. Весна');
      expect(letter.meta).toMatchObject({ kind: 'ticket-transfer', ticket: issued.publicId });

      expect(ids(await list(a, 'my'))).toEqual([]);
      expect(ids(await list(a, 'transfered'))).toEqual([issued.publicId]);
      await refused(
        'PUT',
        '/api/user/ticket/transfer',
        a,
        { public_id: issued.publicId, email: c.email },
        400,
        'Билет уже ожидает подтверждения получателем',
      );
      await refused(
        'PUT',
        '/api/user/ticket',
        a,
        { public_id: issued.publicId, info: validInfo },
        400,
        'Билет передаётся другому участнику: дождитесь ответа или верните билет',
      );
      await refused(
        'PUT',
        '/api/user/ticket/confirm/transfer',
        c,
        { public_id: issued.publicId, transfer_confirm: true },
        404,
        'Билет не найден',
      );
      await refused(
        'PUT',
        '/api/user/ticket/confirm/transfer',
        a,
        { public_id: issued.publicId, transfer_confirm: true },
        400,
        'Передача этого билета не ожидает подтверждения',
      );
      // The recipient cannot act on it before confirming.
      await refused(
        'PUT',
        '/api/user/ticket',
        b,
        { public_id: issued.publicId, info: validInfo },
        400,
        'Сначала подтвердите получение билета',
      );

      const accepted = await ok('PUT', '/api/user/ticket/confirm/transfer', b, { public_id: issued.publicId, transfer_confirm: true });
      expect(accepted).toMatchObject({ public_id: issued.publicId, status: 'accepted' });
      expect(accepted.ticket).toMatchObject({
        transfer_pending: false,
        original_user_public_id: a.publicId,
        info: { email: null, registered: false, first_name: null, insurance: true },
      });
      const [row] = await db().select().from(tickets).where(eq(tickets.id, issued.id));
      expect(row).toMatchObject({ userId: b.id, originalUserId: a.id, transferStatus: 'accepted' });
      expect(row!.info.phone).toBeUndefined();

      expect(ids(await list(b, 'my'))).toEqual([issued.publicId]);
      // The order stays the buyer's: only they see it (and may cancel the purchase), not the recipient.
      expect((await list(b, 'my'))[0].order_public_id).toBeNull();
      expect((await list(a, 'transfered'))[0]).toMatchObject({
        public_id: issued.publicId,
        returnable: true,
        order_public_id: expect.any(String),
        info: { email: b.email },
      });
      // Only the holder registers; a received ticket is not passed on again.
      await refused(
        'PUT',
        '/api/user/ticket',
        a,
        { public_id: issued.publicId, info: validInfo },
        400,
        'Это действие доступно только владельцу билета',
      );
      await refused(
        'PUT',
        '/api/user/ticket/disable',
        a,
        { public_id: issued.publicId },
        400,
        'Это действие доступно только владельцу билета',
      );
      await refused(
        'PUT',
        '/api/user/ticket/transfer',
        b,
        { public_id: issued.publicId, email: c.email },
        400,
        'Полученный от другого участника билет нельзя передать повторно',
      );

      // Once the recipient registered it, the giver cannot take it back.
      await ok('PUT', '/api/user/ticket', b, { public_id: issued.publicId, info: validInfo });
      expect((await list(a, 'transfered'))[0]).toMatchObject({ returnable: false, info: { registered: true, first_name: 'Иван' } });
      await refused(
        'PUT',
        '/api/user/ticket/return',
        a,
        { public_id: issued.publicId },
        400,
        'Получатель уже зарегистрировал билет, вернуть его нельзя',
      );
    });

    it('only a confirmed e-mail claims a transfer', async () => {
      const a = await user();
      const unconfirmed = await signedInUser(api.deps, 'unconfirmed', { emailConfirmed: false });
      const issued = await ticket({ formatPublicId: formats.spring10k, userId: a.id });
      await ok('PUT', '/api/user/ticket/transfer', a, { public_id: issued.publicId, email: unconfirmed.email });
      expect(await list(unconfirmed, 'my')).toEqual([]);
      await refused(
        'PUT',
        '/api/user/ticket/confirm/transfer',
        unconfirmed,
        { public_id: issued.publicId, transfer_confirm: true },
        404,
        'Билет не найден',
      );
    });

    it('the recipient declines: the ticket stays with the giver as it was', async () => {
      const a = await user();
      const b = await user();
      const issued = await ticket({ formatPublicId: formats.spring10k, userId: a.id, info: registeredInfo });
      await ok('PUT', '/api/user/ticket/transfer', a, { public_id: issued.publicId, email: b.email });
      const declined = await ok('PUT', '/api/user/ticket/confirm/transfer', b, { public_id: issued.publicId, transfer_confirm: false });
      expect(declined).toEqual({ public_id: issued.publicId, status: 'declined', ticket: null });
      const [card] = await list(a, 'my');
      expect(card).toMatchObject({ public_id: issued.publicId, transfer_pending: false, info: { registered: true, first_name: 'Иван' } });
      expect(await list(a, 'transfered')).toEqual([]);
      expect(await list(b, 'my')).toEqual([]);
      await refused('GET', `/api/user/ticket/${issued.publicId}`, b, undefined, 404, 'Билет не найден');
    });

    it('return: the giver takes back an unregistered received ticket, or withdraws a waiting transfer', async () => {
      const a = await user();
      const b = await user();
      const issued = await ticket({ formatPublicId: formats.spring10k, userId: a.id });
      await ok('PUT', '/api/user/ticket/transfer', a, { public_id: issued.publicId, email: b.email });
      await ok('PUT', '/api/user/ticket/confirm/transfer', b, { public_id: issued.publicId, transfer_confirm: true });
      await refused('PUT', '/api/user/ticket/return', b, { public_id: issued.publicId }, 400, 'Этот билет не передавался');

      const back = await ok('PUT', '/api/user/ticket/return', a, { public_id: issued.publicId });
      expect(back).toMatchObject({
        public_id: issued.publicId,
        transfer_pending: false,
        returnable: false,
        info: { email: a.email, registered: false },
      });
      expect(ids(await list(a, 'my'))).toEqual([issued.publicId]);
      expect(await list(a, 'transfered')).toEqual([]);
      expect(await list(b, 'my')).toEqual([]);
      await refused('PUT', '/api/user/ticket/disable', b, { public_id: issued.publicId }, 404, 'Билет не найден');
      await refused('PUT', '/api/user/ticket/return', a, { public_id: issued.publicId }, 400, 'Этот билет не передавался');

      // A transfer still waiting is withdrawn; the addressee can no longer accept it.
      await ok('PUT', '/api/user/ticket/transfer', a, { public_id: issued.publicId, email: b.email });
      await ok('PUT', '/api/user/ticket/return', a, { public_id: issued.publicId });
      await refused(
        'PUT',
        '/api/user/ticket/confirm/transfer',
        b,
        { public_id: issued.publicId, transfer_confirm: true },
        404,
        'Билет не найден',
      );
      expect(ids(await list(a, 'my'))).toEqual([issued.publicId]);
    });

    it('state rules: returned, awaiting refund, used, to oneself, someone else’s ticket', async () => {
      const a = await user();
      const b = await user();
      const returned = await ticket({ formatPublicId: formats.spring10k, userId: a.id, status: 'returned' });
      const processing = await ticket({ formatPublicId: formats.spring10k, userId: a.id, status: 'processing' });
      const used = await ticket({ formatPublicId: formats.spring10k, userId: a.id, info: { ...registeredInfo, offline_registered: true } });
      const fine = await ticket({ formatPublicId: formats.spring10k, userId: a.id });
      const to = (publicId: string) => ({ public_id: publicId, email: b.email });

      await refused('PUT', '/api/user/ticket/transfer', a, to(returned.publicId), 400, 'Билет возвращён');
      await refused('PUT', '/api/user/ticket/transfer', a, to(processing.publicId), 400, 'Билет ожидает возврата');
      await refused('PUT', '/api/user/ticket', a, { public_id: processing.publicId, info: validInfo }, 400, 'Билет ожидает возврата');
      await refused('PUT', '/api/user/ticket/transfer', a, to(used.publicId), 400, 'Билет уже использован');
      await refused('PUT', '/api/user/ticket/disable', a, { public_id: used.publicId }, 400, 'Билет уже использован');
      await refused(
        'PUT',
        '/api/user/ticket/transfer',
        a,
        { public_id: fine.publicId, email: a.email },
        400,
        'Нельзя передать билет самому себе',
      );

      for (const [url, payload] of [
        ['/api/user/ticket/transfer', to(fine.publicId)],
        ['/api/user/ticket/confirm/transfer', { public_id: fine.publicId, transfer_confirm: true }],
        ['/api/user/ticket/return', { public_id: fine.publicId }],
        ['/api/user/ticket', { public_id: fine.publicId, info: validInfo }],
        ['/api/user/ticket/disable', { public_id: fine.publicId }],
        ['/api/user/ticket/online', { public_id: fine.publicId, result: '45:00' }],
      ] as const) {
        await refused('PUT', url, b, payload, 404, 'Билет не найден');
      }
      for (const url of [
        `/api/user/ticket/${fine.publicId}`,
        `/api/user/ticket/online/${fine.publicId}`,
        `/api/user/result/${fine.publicId}`,
      ]) {
        await refused('GET', url, b, undefined, 404, 'Билет не найден');
      }
      await refused('PUT', '/api/user/ticket/transfer', a, to(seeded.unknown), 404, 'Билет не найден');
    });
  });

  describe('registration (ticketing-shop §5)', () => {
    const register = (who: TestUser, publicId: string, info: object) => call('PUT', '/api/user/ticket', who, { public_id: publicId, info });

    it('checks the participant form with the spec’s messages, field by field', async () => {
      const a = await user();
      const spring = await ticket({ formatPublicId: formats.spring10k, userId: a.id });
      const kids = await ticket({ formatPublicId: formats.kids500, userId: a.id });
      const half = await ticket({ formatPublicId: formats.spring21k, userId: a.id });
      const { first_name: _first, ...withoutFirstName } = validInfo;
      const { select_field: _select, ...withoutWave } = validInfo;
      // spring-run/petersburg starts 2026-06-07: 16 on that day is old enough for the 10 km, a day less is not.
      const cases: [string, object, string, string][] = [
        [spring.publicId, withoutFirstName, 'first_name', 'Заполните поле'],
        [spring.publicId, { ...validInfo, first_name: '   ' }, 'first_name', 'Заполните поле'],
        [spring.publicId, { ...validInfo, last_name: '' }, 'last_name', 'Заполните поле'],
        [spring.publicId, { ...validInfo, phone: '' }, 'phone', 'Заполните поле'],
        [spring.publicId, { ...validInfo, phone: '12345' }, 'phone', 'Введите корректный номер телефона'],
        [spring.publicId, { ...validInfo, gender: 'none' }, 'gender', 'Выберите одно из значений'],
        [spring.publicId, { ...validInfo, birth_date: 'вчера' }, 'birth_date', 'Введите корректную дату'],
        [spring.publicId, { ...validInfo, birth_date: '31.02.2000' }, 'birth_date', 'Введите корректную дату'],
        [spring.publicId, { ...validInfo, birth_date: '01.01.2030' }, 'birth_date', 'Введите корректную дату'],
        [spring.publicId, { ...validInfo, birth_date: '08.06.2010' }, 'birth_date', 'Участие старше 16'],
        [spring.publicId, { ...validInfo, region: null }, 'region', 'Выберите регион'],
        [spring.publicId, { ...validInfo, region: 524894 }, 'region', 'Выберите регион'],
        [spring.publicId, { ...validInfo, item_size: null }, 'item_size', 'Выберите размер'],
        [spring.publicId, { ...validInfo, item_size: 'XXL' }, 'item_size', 'Выберите размер'],
        [spring.publicId, withoutWave, 'select_field', 'Выберите вариант'],
        [spring.publicId, { ...validInfo, select_field: 'Пятая волна' }, 'select_field', 'Выберите вариант'],
        [spring.publicId, { ...validInfo, nickname: 'Бегун' }, 'nickname', 'Некорректные данные запроса: лишнее поле info.nickname'],
        [
          kids.publicId,
          { ...validInfo, region: 472039, birth_date: '2019-05-01', parent_name: 'Петров И. С.' },
          'birth_date',
          'Участие младше 6',
        ],
        [kids.publicId, { ...validInfo, region: 472039, birth_date: '2021-01-10', parent_name: '' }, 'parent_name', 'Заполните поле'],
        [half.publicId, { ...validInfo, emergency_phone: '79160000000' }, 'cluster', 'Выберите кластер'],
        [
          half.publicId,
          { ...validInfo, emergency_phone: '79160000000', cluster: 'Элита (разряд КМС и выше)' },
          'cluster_document',
          'Выберите файл',
        ],
        [half.publicId, { ...validInfo, emergency_phone: '79160000000', cluster: { name: 'Любители' } }, 'license', 'Выберите файл'],
        [half.publicId, { ...validInfo, cluster: 'Любители', license: 'a1b2c3' }, 'emergency_phone', 'Заполните поле'],
      ];
      for (const [publicId, info, field, message] of cases) {
        const response = await register(a, publicId, info);
        expect(response.statusCode, `${field}: ${JSON.stringify(info)}`).toBe(400);
        expect(response.json(), `${field}: ${JSON.stringify(info)}`).toEqual({ message, field });
      }
      // Nothing was written by the refusals.
      expect((await list(a, 'my')).every((card) => card.info.registered === false)).toBe(true);
    });

    it('a school field backed by the state register takes an organisation of the register only', async () => {
      const a = await user();
      const kids = await ticket({ formatPublicId: formats.kids1k, userId: a.id, info: { insurance: true, registered: false } });
      const format = await ok('GET', `/api/event_format/${formats.kids1k}`, a);
      expect(format.additional_fields).toContainEqual({
        name: 'sport_school',
        label: 'Спортивная школа',
        required: false,
        register: 'obrnadzor',
      });
      const [school] = (await ok('GET', `/api/obrnadzor/search/${encodeURIComponent('Балаших')}`, a)).values as Body[];
      const { club_name: _club, ...person } = validInfo;
      const child = { ...person, region: 472039, birth_date: '10.01.2017', parent_name: 'Петров И. С.' };

      for (const typed of ['Школа у дома', `${school!.short_name} `.repeat(2)]) {
        const refused = await register(a, kids.publicId, { ...child, sport_school: typed });
        expect(refused.statusCode, typed).toBe(400);
        expect(refused.json()).toEqual({ field: 'sport_school', message: 'Выберите организацию из реестра' });
      }
      const registered = await register(a, kids.publicId, { ...child, sport_school: school!.short_name });
      expect(registered.statusCode, registered.body).toBe(200);
      const card = await ok('GET', `/api/user/ticket/${kids.publicId}`, a);
      expect(card.participant.additional).toEqual({ parent_name: 'Петров И. С.', sport_school: school!.short_name });
      // Optional: left empty, nothing to look up.
      expect((await register(a, kids.publicId, { ...child, sport_school: '' })).statusCode).toBe(200);
    });

    it('registers, corrects, cancels and registers again; ages count on the event day', async () => {
      const a = await user();
      const spring = await ticket({ formatPublicId: formats.spring10k, userId: a.id, info: { insurance: true, registered: false } });

      const registered = await register(a, spring.publicId, { ...validInfo, birth_date: '07.06.2010' });
      expect(registered.statusCode, registered.body).toBe(200);
      expect(registered.json()).toMatchObject({
        public_id: spring.publicId,
        info: { registered: true, first_name: 'Иван', last_name: 'Петров', insurance: true },
      });
      const single = await ok('GET', `/api/user/ticket/${spring.publicId}`, a);
      expect(single.participant).toEqual({
        first_name: 'Иван',
        last_name: 'Петров',
        second_name: 'Сергеевич',
        phone: '79161234567',
        gender: 'male',
        birth_date: '2010-06-07',
        region: 536203,
        item_size: 'M',
        select_field: 'Вторая волна',
        cluster: null,
        cluster_document: null,
        license: null,
        additional: { club_name: 'Московские бегуны' },
      });

      // A browser's ISO instant of the local midnight (UTC+3) is that calendar day.
      const corrected = await ok('PUT', '/api/user/ticket', a, {
        public_id: spring.publicId,
        info: {
          ...validInfo,
          first_name: 'Пётр',
          birth_date: '1990-05-13T21:00:00.000Z',
          select_field: { name: 'Первая волна' },
          item_size: 'l',
        },
      });
      expect(corrected.info.first_name).toBe('Пётр');
      const [row] = await db().select().from(tickets).where(eq(tickets.id, spring.id));
      expect(row!.info).toMatchObject({
        birth_date: '1990-05-14',
        select_field: 'Первая волна',
        item_size: 'L',
        registered: true,
        insurance: true,
      });

      const cancelled = await ok('PUT', '/api/user/ticket/disable', a, { public_id: spring.publicId });
      expect(cancelled.info.registered).toBe(false);
      await refused('PUT', '/api/user/ticket/disable', a, { public_id: spring.publicId }, 400, 'Билет не зарегистрирован');
      expect((await ok('GET', `/api/user/ticket/${spring.publicId}`, a)).participant.first_name).toBe('Пётр');
      expect((await register(a, spring.publicId, validInfo)).json().info.registered).toBe(true);
    });

    it('a format asking for files takes the user’s own uploads only', async () => {
      const a = await user();
      const b = await user();
      const half = await ticket({ formatPublicId: formats.spring21k, userId: a.id });
      const upload = async (who: TestUser, filename: string, content: Buffer) => {
        const form = multipartForm([{ name: 'file', filename, contentType: 'application/pdf', content }]);
        const response = await api.request({ method: 'POST', url: '/api/user/file', token: who.token, ...form });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().public_id as string;
      };
      const license = await upload(a, 'справка.pdf', sampleFiles.pdf);
      const rank = await upload(a, 'разряд.png', sampleFiles.png);
      const foreign = await upload(b, 'чужая.pdf', sampleFiles.pdf);
      const { club_name: _club, ...personal } = validInfo;
      const info = { ...personal, emergency_phone: '+7 916 000-00-00', cluster: 'Элита (разряд КМС и выше)', cluster_document: rank };

      expect((await register(a, half.publicId, { ...info, license: foreign })).json()).toEqual({
        message: 'Выберите файл',
        field: 'license',
      });
      expect((await register(a, half.publicId, { ...info, license, cluster_document: foreign })).json()).toEqual({
        message: 'Выберите файл',
        field: 'cluster_document',
      });
      const done = await register(a, half.publicId, { ...info, license, region: 484048 });
      expect(done.statusCode, done.body).toBe(200);
      expect((await ok('GET', `/api/user/ticket/${half.publicId}`, a)).participant).toMatchObject({
        license,
        cluster: 'Элита (разряд КМС и выше)',
        cluster_document: rank,
        region: 484048,
        additional: { emergency_phone: '+7 916 000-00-00' },
      });
    });
  });

  describe('online results, finisher results and the certificate', () => {
    it('PUT /api/user/ticket/online and GET /api/user/ticket/online/{id}: a virtual format, after its start', async () => {
      const early = await user();
      const before = await ticket({ formatPublicId: formats.online5k, userId: early.id, info: registeredInfo });
      const card = await ok('GET', `/api/user/ticket/${before.publicId}`, early);
      expect(card.event_format.online).toBe(true);
      await refused(
        'PUT',
        '/api/user/ticket/online',
        early,
        { public_id: before.publicId, result: '45:00' },
        400,
        'Результат можно отправить после старта мероприятия',
      );
      const saved = now();
      // An hour after the start; people signed in from then on (a session does not live for months).
      api.clock.set(new Date(new Date(card.event_format.start_time).getTime() + 3_600_000));
      try {
        const a = await user();
        const b = await user();
        const virtual = await ticket({ formatPublicId: formats.online5k, userId: a.id, info: registeredInfo });
        const unregistered = await ticket({ formatPublicId: formats.online5k, userId: a.id });
        expect(await ok('GET', `/api/user/ticket/online/${virtual.publicId}`, a)).toEqual({
          public_id: virtual.publicId,
          result: null,
          submitted_at: null,
        });
        const sent = await ok('PUT', '/api/user/ticket/online', a, { public_id: virtual.publicId, result: '45:07' });
        expect(sent).toEqual({ public_id: virtual.publicId, result: '00:45:07', submitted_at: now().toISOString() });
        expect(await ok('GET', `/api/user/ticket/online/${virtual.publicId}`, a)).toEqual(sent);
        expect((await ok('PUT', '/api/user/ticket/online', a, { public_id: virtual.publicId, result: '1:02:03' })).result).toBe('01:02:03');

        for (const bad of ['abc', '45', '10:75', '00:00']) {
          await refused('PUT', '/api/user/ticket/online', a, { public_id: virtual.publicId, result: bad }, 400, 'Введите корректное время');
        }
        await refused(
          'PUT',
          '/api/user/ticket/online',
          a,
          { public_id: unregistered.publicId, result: '45:00' },
          400,
          'Сначала зарегистрируйте билет',
        );
        await refused('GET', `/api/user/ticket/online/${virtual.publicId}`, b, undefined, 404, 'Билет не найден');
      } finally {
        api.clock.set(saved);
      }
    });

    it('PUT /api/user/ticket/online: a format that is not virtual refuses the time in Russian and keeps none', async () => {
      const a = await user();
      // Past, registered, a well-formed time: only the format is wrong.
      const past = await ticket({ formatPublicId: formats.winter10k, userId: a.id, info: registeredInfo });
      const upcoming = await ticket({ formatPublicId: formats.spring10k, userId: a.id, info: registeredInfo });
      for (const held of [past, upcoming]) {
        await refused(
          'PUT',
          '/api/user/ticket/online',
          a,
          { public_id: held.publicId, result: '45:07' },
          400,
          'Онлайн-результат принимается только для виртуальных забегов',
        );
      }
      expect((await ok('GET', `/api/user/ticket/online/${past.publicId}`, a)).result).toBeNull();
    });

    it('GET /api/user/result/{id} and /api/user/certificate/result/{id}: the row with the ticket’s number, a real PDF', async () => {
      const a = await user();
      const b = await user();
      const [format] = await db().select().from(eventFormats).where(eq(eventFormats.publicId, formats.winter10k));
      const [finisher] = await db()
        .select()
        .from(resultRows)
        .where(and(eq(resultRows.formatId, format!.id), eq(resultRows.status, 'Финишировал')))
        .orderBy(resultRows.placeOverall)
        .limit(1);
      const held = await ticket({ formatPublicId: formats.winter10k, userId: a.id, number: finisher!.startNumber, info: registeredInfo });

      const result = await ok('GET', `/api/user/result/${held.publicId}`, a);
      expect(result).toMatchObject({
        public_id: finisher!.publicId,
        ticket: { public_id: held.publicId, ticketNumber: finisher!.startNumber },
        event: { title: 'Зимний забег Героев' },
        event_format: { public_id: formats.winter10k, title: '10 км' },
        city: { name_ru: 'Москва' },
        start_number: finisher!.startNumber,
        first_name: finisher!.firstName,
        last_name: finisher!.lastName,
        net_time: finisher!.netTime,
        place_overall: 1,
        status: 'Финишировал',
      });

      const started = performance.now();
      const certificate = await call('GET', `/api/user/certificate/result/${held.publicId}`, a);
      const elapsed = performance.now() - started;
      expect(certificate.statusCode).toBe(200);
      expect(certificate.headers['content-type']).toBe('application/pdf');
      expect(certificate.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="certificate-${finisher!.startNumber}\\.pdf"; filename\\*=UTF-8''%D0%A1`),
      );
      const pdf = certificate.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfPlainText(pdf);
      for (const expected of [
        'Сертификат финишёра',
        `${finisher!.firstName} ${finisher!.lastName}`,
        '«Зимний забег Героев»',
        'Дистанция: 10 км',
        `Стартовый номер: ${finisher!.startNumber}`,
        `Время: ${finisher!.netTime}`,
        'Место в абсолютном зачёте: 1',
        'Москва',
      ]) {
        expect(text).toContain(expected);
      }
      expect(elapsed).toBeLessThan(2000);

      await refused('GET', `/api/user/result/${held.publicId}`, b, undefined, 404, 'Билет не найден');
      await refused('GET', `/api/user/certificate/result/${held.publicId}`, b, undefined, 404, 'Билет не найден');
      const numberless = await ticket({ formatPublicId: formats.winter10k, userId: a.id });
      await refused('GET', `/api/user/result/${numberless.publicId}`, a, undefined, 404, 'Результат ещё не опубликован');
      await refused('GET', `/api/user/certificate/result/${numberless.publicId}`, a, undefined, 404, 'Результат ещё не опубликован');
      const upcoming = await ticket({ formatPublicId: formats.spring10k, userId: a.id });
      await refused('GET', `/api/user/result/${upcoming.publicId}`, a, undefined, 404, 'Результат ещё не опубликован');
    });

    it('no certificate for a participant who did not finish', async () => {
      const a = await user();
      // Any past format's row of someone who dropped out or did not start, with a number free in its event.
      const rows = await db()
        .select({ row: resultRows, format: eventFormats, eventId: eventCities.eventId })
        .from(resultRows)
        .innerJoin(eventFormats, eq(eventFormats.id, resultRows.formatId))
        .innerJoin(eventCities, eq(eventCities.id, eventFormats.eventCityId))
        .where(ne(resultRows.status, 'Финишировал'));
      const taken = await db().select({ eventId: tickets.eventId, number: tickets.number }).from(tickets);
      const chosen = rows.find(
        (candidate) => !taken.some((row) => row.eventId === candidate.eventId && row.number === candidate.row.startNumber),
      );
      expect(chosen, 'the seed has non-finishers').toBeDefined();
      const held = await ticket({ formatPublicId: chosen!.format.publicId, userId: a.id, number: chosen!.row.startNumber });
      expect((await ok('GET', `/api/user/result/${held.publicId}`, a)).status).toBe(chosen!.row.status);
      await refused('GET', `/api/user/certificate/result/${held.publicId}`, a, undefined, 404, 'Сертификат выдаётся только финишёрам');
    });
  });
}
