import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { waitlistEntries } from '../../db/schema/index';
import { readOutbox } from '../../messaging/senders';
import { createTestApp, openTemplateDatabase, type TestApp, uniqueEmail } from '../../testing/fixtures';
import { signedInUser } from '../../testing/purchases';
import { seeded } from '../../testing/suites/catalogue';
import { joinLetter, offerLetter } from './letters';
import { waitlistHarness } from './testing';

// Issue 35: the waiting list's letters (the join confirmation, the offer) are written in the language the
// visitor joined in (POST /api/waitlist's Accept-Language, kept with the place); Russian by default.
const CYRILLIC = /[А-Яа-яЁё]/;
let database: DatabaseHandle;
let api: TestApp;
let w: ReturnType<typeof waitlistHarness>;
const format = seeded.night5k;

beforeAll(async () => {
  database = await openTemplateDatabase();
  api = await createTestApp(database);
  w = waitlistHarness(api);
});
beforeEach(async () => {
  await api.deps.db.delete(waitlistEntries);
});
afterAll(async () => {
  await api?.close();
  await database?.close();
});

const join = (email: string, language?: string) =>
  api.request({
    method: 'POST',
    url: '/api/waitlist',
    headers: language ? { 'accept-language': language } : {},
    payload: { format_public_id: format, email },
  });
const letterOf = async (email: string, kind: string) =>
  (await readOutbox(api.deps.db, { to: email, limit: 10 })).find((letter) => letter.meta.kind === kind)!;

describe('the waiting list’s letters', () => {
  it('Russian stays word for word', () => {
    const place = { event: 'Ночной забег', format: '5 км' };
    expect(joinLetter('ru', { ...place, offered: false, position: 3, holdHours: 24, leave: 'L' })).toEqual({
      subject: 'Лист ожидания: Ночной забег, 5 км',
      text: 'Здравствуйте!\n\nВы в листе ожидания на «Ночной забег», формат «5 км»: ваше место в очереди: 3.\nКогда место освободится, мы пришлём письмо со ссылкой: она держит билет для вас 24 ч.\n\nЕсли вы не вставали в лист ожидания или билет больше не нужен, покиньте лист по ссылке: L',
    });
    expect(offerLetter('ru', { ...place, link: 'K', leave: 'L', until: new Date('2026-06-01T09:30:00Z') })).toEqual({
      subject: 'Освободилось место: Ночной забег, 5 км',
      text: 'Здравствуйте!\n\nВ листе ожидания подошла ваша очередь: для вас отложено место на «Ночной забег», формат «5 км».\nОткройте ссылку, чтобы оплатить билет: K\nМесто ждёт вас до 1 июня в 12:30 (мск); потом оно перейдёт следующему в листе ожидания.\n\nЕсли билет больше не нужен, покиньте лист ожидания — место сразу перейдёт следующему: L',
    });
    const english = offerLetter('en', {
      event: 'Night Run',
      format: '5 km',
      link: 'K',
      leave: 'L',
      until: new Date('2026-06-01T09:30:00Z'),
    });
    expect(english.text).toContain('until 1 June at 12:30 (Moscow time)');
  });

  it('joined in English: the join letter and the offer letter are in English, with the English titles', async () => {
    await w.setLeft(format, 1);
    const seller = await signedInUser(api.deps, 'wl-seller');
    const order = await w.buyPaid(format, seller.email, seller.token);
    const fan = uniqueEmail('wl-en');
    expect((await join(fan, 'en')).statusCode).toBe(200);
    const joined = await letterOf(fan, 'waitlist_joined');
    expect(joined.text).toMatch(/^Hello!\n\nYou are on the waiting list for “Night Run”/);
    expect(joined.text).toContain('your place in the queue: 1');
    expect(joined.text).not.toMatch(CYRILLIC);

    expect((await w.call('POST', '/api/payment/cancel', { order_id: order }, seller.token)).status).toBe(200);
    const offer = await letterOf(fan, 'waitlist_offer');
    expect(offer.text).toMatch(/^Hello!\n\nYour turn on the waiting list has come/);
    expect(offer.text).toContain(offer.meta.link!);
    expect(offer.text).not.toMatch(CYRILLIC);
  });

  it('joined without a language: the letters are the Russian ones', async () => {
    const fan = uniqueEmail('wl-ru');
    await w.setLeft(format, 0);
    expect((await join(fan)).statusCode).toBe(200);
    expect((await letterOf(fan, 'waitlist_joined')).text).toMatch(/^Здравствуйте!\n\nВы в листе ожидания на «Ночной забег»/);
  });
});
