import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BasketItem, basketKey, type InsuranceLine, lineTotal, type ShopLine, type TicketLine } from './basket-items';
import {
  addInsuranceLine,
  afterOrder,
  basketTotals,
  changeCount,
  clampCount,
  deleteLine,
  discountOf,
  dropStale,
  ensureDefaultInsurances,
  formatRubles,
  groupLines,
  isTemporaryPayer,
  lineFigures,
  maxCount,
  payBlockers,
  paymentPayload,
  promocodeAllowed,
  removeInsurance,
  SPACE_HOLD_MS,
  salesOf,
  shouldLoadServerBasket,
  ticketTabs,
  updateLine,
  vipListFormats,
} from './basket-model';
import { shopLine } from './shop-line';
import { ticketLine } from './ticket-line';

let counter = 0;
const newId = () => `id-${++counter}`;
const NOW = Date.UTC(2030, 0, 1);

const ticket = (overrides: Partial<TicketLine> = {}, format: Record<string, unknown> = {}): TicketLine =>
  withTotal({
    ...ticketLine({
      format: { public_id: 'f-10k', title: '10 км', price: 1500, ...format },
      seats: (format.max_count as number | undefined) ?? 4,
      ticketsLeft: 100,
      kind: 'athlete',
      event: { public_id: 'e1', title: 'Забег' },
      eventCity: { public_id: 'ec1', start_time: '2030-05-31T06:00:00Z' },
      promocode: null,
      now: NOW,
      uniqueId: newId(),
    }),
    ...overrides,
  });
function withTotal<T extends BasketItem>(item: T): T {
  return { ...item, totalCost: lineTotal(item.price, item.count) };
}
const shop = (overrides: Partial<ShopLine> = {}): ShopLine =>
  withTotal({
    ...shopLine({
      product: { public_id: 'p-shirt', title: 'Футболка', price: 999.99 },
      size: { name: 'M', public_id: 'size-m' },
      maxCount: 5,
      uniqueId: newId(),
    }),
    ...overrides,
  });
const offer = { public_id: 'ins-1', title: 'Страховка', price: 200, default: false };

describe('counts and steps', () => {
  it.each<[string, TicketLine, 1 | -1, number]>([
    ['plus on an individual ticket', ticket(), 1, 2],
    ['minus never below one', ticket(), -1, 1],
    ['a fixed team steps by its seats', ticket({}, { is_team: true, max_count: 4 }), 1, 8],
    ['a fixed team never below one team', ticket({}, { is_team: true, max_count: 4 }), -1, 4],
    ['a free team steps by one', ticket({}, { is_team: true, max_count: 4, fixed_count: false }), 1, 2],
    ['buy_limit caps the count', ticket({ count: 2, buy_limit: 2 }), 1, 2],
    ['tickets_left caps the count', ticket({ count: 3, tickets_left: 3 }), 1, 3],
    ['never above 500', ticket({ count: 500, tickets_left: null }), 1, 500],
  ])('%s', (_name, line, direction, expected) => {
    const goods = changeCount([line], basketKey(line), direction, newId, NOW);
    expect(goods[0]?.count).toBe(expected);
    expect(goods[0]?.totalCost).toBe(lineTotal(line.price, expected));
  });

  it('caps a shop line at its max count', () => {
    const line = shop({ count: 5 });
    expect(changeCount([line], basketKey(line), 1, newId, NOW)[0]?.count).toBe(5);
    expect(maxCount(line)).toBe(5);
  });

  it('a team that buys the whole team takes the maximum', () => {
    expect(maxCount(ticket({}, { is_team: true, team_all: true, max_count: 6 }))).toBe(6);
  });

  it.each([
    [0, 1],
    [7, 7],
    [9999, 100],
    [Number.NaN, 1],
  ])('a typed count %d becomes %d', (wanted, expected) => expect(clampCount(ticket(), wanted)).toBe(expected));

  it('preregistration tickets add and remove one participant ticket per step, tabs only above one', () => {
    const first = ticket({}, { preregistration: true });
    expect(ticketTabs([first], first)).toEqual([]);
    let goods: BasketItem[] = [first, shop()];
    goods = changeCount(goods, basketKey(first), 1, newId, NOW);
    goods = changeCount(goods, basketKey(first), 1, newId, NOW);
    const tickets = goods.filter((item): item is TicketLine => item.selector === 'ticket');
    expect(tickets.map((item) => item.count)).toEqual([1, 1, 1]);
    expect(new Set(tickets.map((item) => item.unique_id)).size).toBe(3);
    expect(tickets.slice(1).every((item) => item.isErrorTab && item.preReg === '' && item.info === null)).toBe(true);
    expect(ticketTabs(goods, first).map((tab) => tab.number)).toEqual([1, 2, 3]);
    expect(goods[3]?.selector).toBe('shop'); // new tickets sit beside their format
    goods = changeCount(goods, basketKey(first), -1, newId, NOW);
    goods = changeCount(goods, basketKey(first), -1, newId, NOW);
    goods = changeCount(goods, basketKey(first), -1, newId, NOW);
    expect(goods.filter((item) => item.selector === 'ticket')).toHaveLength(1);
  });
});

describe('update, delete and links', () => {
  it('updates a line and its total', () => {
    const line = ticket();
    expect(updateLine([line], basketKey(line), { count: 3 })[0]).toMatchObject({ count: 3, totalCost: 4500 });
  });

  it('keys shop lines by product and size, others by unique_id', () => {
    expect(basketKey(shop())).toBe('shop:p-shirt:M');
    const line = ticket();
    expect(basketKey(line)).toBe(`ticket:${line.unique_id}`);
  });

  it('a ticket insurance counts as many as its ticket, also after a count change', () => {
    const line = ticket({ count: 3 });
    let goods = addInsuranceLine([line], offer, { newId, ticketKey: basketKey(line) });
    expect(goods[1]).toMatchObject({ count: 3, totalCost: 600 });
    goods = changeCount(goods, basketKey(line), -1, newId, NOW);
    expect(goods[1]).toMatchObject({ count: 2, totalCost: 400 });
  });

  it('adding an insurance links it; removing either clears both', () => {
    const line = ticket();
    const goods = addInsuranceLine([line], offer, { newId, ticketKey: basketKey(line) });
    const insurance = goods[1] as InsuranceLine;
    expect(insurance).toMatchObject({
      selector: 'insurance',
      linkedTo: line.unique_id,
      count: 1,
      promocode: null,
      preReg: '',
      isErrorTab: true,
    });
    expect(goods[0]).toMatchObject({ isAddInsurance: true, insuranceUniqueId: insurance.unique_id });
    expect(removeInsurance(goods, basketKey(line))).toEqual([{ ...line, isAddInsurance: false, insuranceUniqueId: null }]);
    expect(deleteLine(goods, basketKey(insurance)).goods).toEqual([{ ...line, isAddInsurance: false, insuranceUniqueId: null }]);
    expect(deleteLine(goods, basketKey(line)).goods).toEqual([]);
  });

  it('an insurance bought alone waits for its form, a default offer too (the server needs the insured person)', () => {
    const [alone] = addInsuranceLine([], offer, { newId });
    expect(alone).toMatchObject({ linkedTo: null, preReg: '', isErrorTab: true });
    const [fallback] = addInsuranceLine([], { ...offer, default: true }, { newId });
    expect(fallback).toMatchObject({ preReg: '', isErrorTab: true, default: true });
  });

  it('a linked insurance’s preReg follows its flag: the default one is ok at once, another waits for its form', () => {
    const line = ticket();
    const [, fallback] = addInsuranceLine([line], { ...offer, default: true }, { newId, ticketKey: basketKey(line) });
    expect(fallback).toMatchObject({ linkedTo: line.unique_id, default: true, preReg: 'ok', isErrorTab: false });
    const [, chosen] = addInsuranceLine([line], offer, { newId, ticketKey: basketKey(line) });
    expect(chosen).toMatchObject({ linkedTo: line.unique_id, default: false, preReg: '', isErrorTab: true });
  });

  it('a ticket flagged for insurance without a link gets the default insurance', () => {
    const line = ticket({ isAddInsurance: true });
    const goods = ensureDefaultInsurances([line, ticket()], { ...offer, public_id: 'ins-default' }, newId);
    expect(goods.filter((item) => item.selector === 'insurance')).toHaveLength(1);
    expect(goods[2]).toMatchObject({ public_id: 'ins-default', default: true, linkedTo: line.unique_id });
    expect(ensureDefaultInsurances(goods, offer, newId)).toEqual(goods);
  });

  it('removing the fixed event product removes its linked product', () => {
    const medal = shop({ public_id: 'p-medal', size: null });
    const box = shop({ public_id: 'p-box', size: null });
    const result = deleteLine([medal, box, shop()], basketKey(medal), { 'p-medal': 'p-box' });
    expect(result.goods.map((item) => item.public_id)).toEqual(['p-shirt']);
    expect(result.removed).toBe(medal);
  });

  it('groups by groupId, shop goods together, linked insurances under their tickets', () => {
    const a = ticket();
    const b = ticket({ groupId: 'e2:ec2' });
    const goods = addInsuranceLine([a, shop(), b], offer, { newId, ticketKey: basketKey(a) });
    expect(groupLines(goods).map((group) => [group.id, group.items.length])).toEqual([
      ['e1:ec1', 1],
      ['shop', 1],
      ['e2:ec2', 1],
    ]);
  });
});

describe('figures', () => {
  it.each([
    [100_00, 10, 'percent', 10_00],
    [100_00, 150, 'percent', 100_00],
    [100_00, 30, 'fixed', 30_00],
    [100_00, 300, 'fixed', 100_00],
    [100_00, -5, 'fixed', 0],
    [33_33, 33, 'percent', 11_00],
  ])('discount of %d by %d %s is %d', (price, discount, form, expected) => expect(discountOf(price, discount, form)).toBe(expected));

  it('shows the sale, promocode and vip figures per line, vip on the first ticket only', () => {
    const line = ticket({ count: 3, sale: 100, promo: { code: 'RUN', discount: 10, discount_form: 'percent', count: 1 } });
    const vip = { discount: 20, discount_form: 'percent' };
    expect(lineFigures(line, { vip, firstVipTicket: true })).toEqual({
      gross: 4500_00,
      sale: 300_00,
      promo: 140_00,
      vip: 280_00,
      total: 3780_00,
    });
    expect(lineFigures(line, { vip, firstVipTicket: false }).vip).toBe(0);
    expect(lineFigures(line, { vip: { discount: 100, discount_form: 'percent' }, firstVipTicket: true }).vip).toBe(0);
    const second = ticket();
    const totals = basketTotals([line, second, shop({ count: 2 })], { vip, deliveryRubles: 350 });
    expect(totals).toEqual({
      tickets: 3780_00 + 1500_00,
      insurance: 0,
      certificates: 0,
      shop: 1999_98,
      delivery: 350_00,
      total: 3780_00 + 1500_00 + 1999_98 + 350_00,
    });
  });

  it('shows kopecks in whole rubles with ₽', () => {
    expect(formatRubles(1_250_49)).toBe('1\u00a0250\u00a0₽');
    expect(formatRubles(99_50)).toBe('100\u00a0₽');
    expect(formatRubles(0)).toBe('0\u00a0₽');
  });

  it.each([0, 4_00, 999_00, 1000_00, 9999_49, 10_000_00, 1_234_567_00, -1500_00])('writes %d kopecks as Intl ru-RU does', (kopecks) => {
    const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }).format(Math.round(kopecks / 100));
    expect(formatRubles(kopecks)).toBe(`${intl.replace(/\s/g, '\u00a0')}\u00a0₽`);
  });

  const priced = fc.record({
    price: fc.double({ min: 0, max: 1_000_000, noNaN: true }),
    count: fc.integer({ min: 0, max: 500 }),
    sale: fc.option(fc.double({ min: -1000, max: 2_000_000, noNaN: true })),
    promo: fc.option(
      fc.record({
        code: fc.constant('X'),
        discount: fc.double({ min: -100, max: 2_000_000, noNaN: true }),
        discount_form: fc.constantFrom('percent', 'fixed'),
        count: fc.integer({ min: 0, max: 600 }),
      }),
    ),
    vip: fc.option(
      fc.record({ discount: fc.double({ min: -10, max: 200, noNaN: true }), discount_form: fc.constantFrom('percent', 'fixed') }),
    ),
  });

  it('a total is never negative and a discount never above the price (property)', () => {
    fc.assert(
      fc.property(priced, ({ price, count, sale, promo, vip }) => {
        const line = ticket({ price, count, sale, promo });
        const figures = lineFigures(line, { vip, firstVipTicket: true });
        expect(figures.total).toBeGreaterThanOrEqual(0);
        expect(figures.sale + figures.promo + figures.vip).toBeLessThanOrEqual(figures.gross);
        for (const value of Object.values(figures)) expect(Number.isInteger(value)).toBe(true);
      }),
    );
  });

  it('basket totals are the sum of their sections, in whole kopecks, stable in any order (property)', () => {
    fc.assert(
      fc.property(fc.array(priced, { maxLength: 20 }), (lines) => {
        const goods = lines.map(({ price, count, sale, promo }) => ticket({ price, count, sale, promo }));
        const totals = basketTotals(goods);
        expect(totals.total).toBe(totals.tickets + totals.insurance + totals.certificates + totals.shop + totals.delivery);
        expect(Number.isInteger(totals.total)).toBe(true);
        expect(totals.total).toBeGreaterThanOrEqual(0);
        expect(basketTotals([...goods].reverse()).total).toBe(totals.total);
        expect(basketTotals(goods).total).toBe(totals.total);
      }),
    );
  });
});

describe('hold, promocodes, pay button, order return, payload', () => {
  it('drops space tickets held over 10 minutes, with what they were', () => {
    const space = ticket({ space: true, addTicketToBasketTime: NOW - SPACE_HOLD_MS - 1 });
    const fresh = ticket({ space: true, addTicketToBasketTime: NOW - SPACE_HOLD_MS });
    const old = ticket({ addTicketToBasketTime: NOW - 10 * SPACE_HOLD_MS });
    const goods = addInsuranceLine([space, fresh, old], offer, { newId, ticketKey: basketKey(space) });
    const result = dropStale(goods, NOW);
    expect(result.stale).toEqual([{ ...space, isAddInsurance: true, insuranceUniqueId: (goods[3] as InsuranceLine).unique_id }]);
    expect(result.goods).toEqual([fresh, old]);
  });

  it('allows promocodes except on certificates and the vip ticket (unless in the vip list)', () => {
    const line = ticket();
    const certificate: BasketItem = {
      selector: 'certificate',
      public_id: 'c',
      unique_id: 'c1',
      title: 'C',
      price: 1,
      count: 1,
      totalCost: 1,
      promocode: null,
    };
    expect(promocodeAllowed(certificate)).toBe(false);
    expect(promocodeAllowed(line)).toBe(true);
    expect(promocodeAllowed(line, { vipTicketId: line.unique_id })).toBe(false);
    expect(promocodeAllowed(line, { vipTicketId: line.unique_id, vipListFormats: ['f-10k'] })).toBe(true);
  });

  it.each<[string, Parameters<typeof payBlockers>[0], string[]]>([
    ['all fine', { goods: [ticket()], emailValid: true, inProgress: false, deliveryResolved: false }, []],
    [
      'no e-mail, empty, in progress',
      { goods: [], emailValid: false, inProgress: true, deliveryResolved: true },
      ['email', 'empty', 'inProgress'],
    ],
    [
      'an unfilled participant',
      { goods: [ticket({ preregistration: true })], emailValid: true, inProgress: false, deliveryResolved: true },
      ['preregistration'],
    ],
    [
      'a filled participant',
      {
        goods: [ticket({ preregistration: true, preReg: 'ok', isErrorTab: false })],
        emailValid: true,
        inProgress: false,
        deliveryResolved: true,
      },
      [],
    ],
    ['shop goods without delivery', { goods: [shop()], emailValid: true, inProgress: false, deliveryResolved: false }, ['delivery']],
    [
      'an insurance without its form',
      { goods: addInsuranceLine([], offer, { newId }), emailValid: true, inProgress: false, deliveryResolved: true },
      ['insurance'],
    ],
  ])('pay button: %s', (_name, input, expected) => expect(payBlockers(input)).toEqual(expected));

  const order = (items: Partial<Parameters<typeof afterOrder>[1]['items']>, paid = true, status = paid ? 'paid' : 'failed') => {
    const full = { tickets: [], shop: [], certificates: [], insurances: [], ...items };
    return { paid, status, items: full, unpaid: paid ? { tickets: [], shop: [], certificates: [], insurances: [] } : full };
  };

  it.each<[string, Parameters<typeof afterOrder>[1], string]>([
    [
      'certificates',
      order({ certificates: [{ public_id: 'c', count: 1 }], tickets: [{ format_public_id: 'f-10k', count: 2 }] }),
      'certificates',
    ],
    ['only shop goods', order({ shop: [{ public_id: 'p-shirt', size: 'M', count: 1 }] }), 'shop'],
    ['two tickets', order({ tickets: [{ format_public_id: 'f-10k', count: 2 }] }), 'tickets'],
    ['one ticket', order({ tickets: [{ format_public_id: 'f-10k', count: 1, tickets: [{ public_id: 't1' }] }] }), 'ticket'],
    ['still pending', order({ tickets: [{ format_public_id: 'f-10k', count: 1 }] }, false, 'pending'), 'restart'],
    ['declined', order({ tickets: [{ format_public_id: 'f-10k', count: 1 }] }, false, 'failed'), 'failed'],
  ])('after the order: %s', (_name, answer, kind) => {
    const goods = [ticket(), shop()];
    const result = afterOrder(goods, answer);
    expect(result.next.kind).toBe(kind);
    if (!answer.paid) expect(result.goods).toEqual(goods);
  });

  it('removes only the paid lines, a paid ticket with its insurance', () => {
    const paid = ticket();
    const withInsurance = addInsuranceLine([paid], offer, { newId, ticketKey: basketKey(paid) });
    expect(afterOrder(withInsurance, order({ tickets: [{ format_public_id: 'f-10k', count: 1 }] })).goods).toEqual([]);
    const keep = ticket({ format_public_id: 'f-5k' });
    const result = afterOrder(
      [ticket(), keep, shop()],
      order({
        tickets: [{ format_public_id: 'f-10k', count: 1, tickets: [{ public_id: 't1' }] }],
        shop: [{ public_id: 'p-shirt', size: 'M', count: 1 }],
      }),
    );
    expect(result.goods).toEqual([keep]);
    expect(result.next).toEqual({ kind: 'ticket', publicId: 't1' });
  });

  it('builds the payment body: lowercased e-mail, the ticket insurance as a flag, promocodes by code', () => {
    const line = ticket({ count: 2, promo: { code: 'RUN', discount: 10, discount_form: 'percent', count: 5 } });
    const goods = addInsuranceLine([line, shop()], offer, { newId, ticketKey: basketKey(line) });
    const body = paymentPayload(goods, { email: ' Anna@Example.RU ', register: true, infoOf: () => ({ first_name: 'Анна' }) });
    expect(body).toEqual({
      email: 'anna@example.ru',
      tickets: [
        {
          event_public_id: 'e1',
          event_city_public_id: 'ec1',
          format_public_id: 'f-10k',
          ticket_count: 2,
          kind: 'athlete',
          insurance: true,
          promocode: 'RUN',
          info: { first_name: 'Анна' },
        },
      ],
      shop: [
        { product: { public_id: 'p-shirt' }, proportion: { public_id: 'size-m' }, count: 1, promocode: null, delivery_public_id: null },
      ],
      insurances: [],
      certificates: [],
      delivery: null,
      register: true,
    });
  });
});

describe('the load of the server basket on open (ticketing-shop §4)', () => {
  it.each([
    [true, [], [{ selector: 'shop' }], true],
    [true, [], [], false],
    [true, [], null, false],
    [true, [{ selector: 'ticket' }], [{ selector: 'shop' }], false],
    [false, [], [{ selector: 'shop' }], false],
  ])('signed in %s, basket %j, local copy %j → %s', (signedIn, goods, localCopy, load) => {
    expect(shouldLoadServerBasket({ signedIn, goods, localCopy })).toBe(load);
  });
});

describe('the temporary payer (ticketing-shop §6)', () => {
  it.each([
    [null, false],
    [{ temporary: true }, true],
    [{ has_password: false, phone_confirmed: false }, true],
    [{ has_password: true, phone_confirmed: false }, false],
    [{ has_password: false, phone_confirmed: true }, false],
    [{}, false],
  ])('%j → %s', (user, temporary) => {
    expect(isTemporaryPayer(user)).toBe(temporary);
  });
});

describe('the vip ticket list (ticketing-shop §6)', () => {
  it('gives each held format once and skips cards without one', () => {
    expect(
      vipListFormats([
        { event_format: { public_id: 'f1' } },
        { event_format: { public_id: 'f1' } },
        { event_format: null },
        { event_format: { public_id: 'f2' } },
      ]),
    ).toEqual(['f1', 'f2']);
  });
});

describe('the sales of the ticket lines (ticketing-shop §9)', () => {
  const sale = (overrides: Record<string, unknown> = {}) => ({
    active: true,
    start_date: new Date(NOW - 86_400_000).toISOString(),
    end_date: new Date(NOW + 86_400_000).toISOString(),
    discount: 10,
    discount_form: 'percent',
    count: 3,
    formats: ['f-10k', 'f-5k'],
    ...overrides,
  });
  it.each([
    ['three tickets of its formats', [{ count: 2 }, { count: 1, format: 'f-5k' }], sale(), [true, true]],
    ['two tickets only', [{ count: 1 }, { count: 1, format: 'f-5k' }], sale(), [false, false]],
    ['a format outside the sale counts nothing and gets nothing', [{ count: 2 }, { count: 5, format: 'f-other' }], sale(), [false, false]],
    ['before its start', [{ count: 3 }], sale({ start_date: new Date(NOW + 1000).toISOString() }), [false]],
    ['after its end', [{ count: 3 }], sale({ end_date: new Date(NOW - 1000).toISOString() }), [false]],
    ['inactive', [{ count: 3 }], sale({ active: false }), [false]],
  ])('%s', (_case, lines, running, expected) => {
    const goods = lines.map((line) => ticket({ count: line.count, format_public_id: line.format ?? 'f-10k' }));
    const found = salesOf(goods, [running], NOW);
    expect(goods.map((line) => found.has(line.unique_id))).toEqual(expected);
  });

  it('takes the sale that leaves the lowest price and shows it per line', () => {
    const goods = [ticket({ count: 3 })];
    const found = salesOf(goods, [sale(), sale({ discount: 300, discount_form: 'fixed' })], NOW);
    expect(found.get(goods[0]!.unique_id)).toEqual({ discount: 300, discount_form: 'fixed' });
    // 3 × 1 500 ₽ with 300 ₽ off each.
    expect(lineFigures(goods[0]!, { sale: found.get(goods[0]!.unique_id) ?? null })).toMatchObject({ sale: 90_000, total: 360_000 });
    expect(basketTotals(goods, { sales: found }).tickets).toBe(360_000);
  });
});
