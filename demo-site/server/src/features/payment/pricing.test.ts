import { describe, expect, it } from 'vitest';
import { promocodeMessages } from '../promocodes/service';
import { checkInsurance, insuranceMessages } from './insurance-rules';
import {
  applyDiscount,
  type Buyer,
  type FormatInfo,
  type PricingCatalogue,
  PricingError,
  type PricingRequest,
  type PromocodeInfo,
  priceOrder,
  pricingMessages,
  type SaleInfo,
} from './pricing';

const NOW = new Date('2026-05-01T07:00:00Z');
const LATER = new Date('2026-06-01T07:00:00Z');

const format = (overrides: Partial<FormatInfo> = {}): FormatInfo => ({
  id: 1,
  publicId: 'f10k',
  price: 180_000,
  maxCount: 10,
  isTeam: false,
  fixedCount: false,
  teamAll: false,
  buyLimit: null,
  insuranceAvailable: true,
  startTime: LATER,
  eventTitle: 'Весенний забег',
  left: { athlete: 100 },
  ...overrides,
});

const promo = (overrides: Partial<PromocodeInfo> = {}): PromocodeInfo => ({
  id: 7,
  code: 'GEROI10',
  target: 'ticket',
  targetPublicId: null,
  formatPublicIds: null,
  discount: 10,
  discountForm: 'percent',
  available: 100,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2027-01-01T00:00:00Z'),
  active: true,
  ...overrides,
});

const sale = (overrides: Partial<SaleInfo> = {}): SaleInfo => ({
  id: 3,
  active: true,
  startDate: new Date('2026-04-01T00:00:00Z'),
  endDate: new Date('2026-05-31T00:00:00Z'),
  discount: 10,
  discountForm: 'percent',
  count: 3,
  formatIds: [1],
  ...overrides,
});

const catalogue = (overrides: Partial<PricingCatalogue> = {}): PricingCatalogue => ({
  formats: new Map([
    ['f10k', format()],
    ['f5k', format({ id: 2, publicId: 'f5k', price: 120_000 })],
    ['relay', format({ id: 4, publicId: 'relay', price: 640_000, isTeam: true, maxCount: 4, fixedCount: true })],
    ['open-team', format({ id: 5, publicId: 'open-team', price: 100_000, isTeam: true, maxCount: 4 })],
  ]),
  teams: new Map([['team1', { id: 9, formatPublicId: 'open-team', membersCount: 3 }]]),
  products: new Map([
    [
      'hoodie',
      {
        id: 11,
        price: 490_000,
        proportions: new Map([
          ['hoodie-m', { id: 21, stock: 5 }],
          ['hoodie-l', { id: 22, stock: 0 }],
        ]),
      },
    ],
    ['cap', { id: 12, price: 150_000, proportions: new Map([['cap-one', { id: 23, stock: 9 }]]) }],
  ]),
  insurances: new Map([['day', { id: 31, price: 20_000 }]]),
  certificates: new Map([['gift3000', { id: 41, price: 300_000 }]]),
  promocodes: new Map([
    ['GEROI10', promo()],
    ['START500', promo({ id: 8, code: 'START500', targetPublicId: 'f10k', discount: 50_000, discountForm: 'fixed' })],
    ['FRIENDS20', promo({ id: 9, code: 'FRIENDS20', discount: 20, available: 3 })],
    ['OLD', promo({ id: 10, code: 'OLD', endsAt: new Date('2026-04-01T00:00:00Z') })],
    ['SOON', promo({ id: 13, code: 'SOON', startsAt: new Date('2026-05-10T00:00:00Z') })],
    ['GONE', promo({ id: 14, code: 'GONE', available: 0 })],
    ['OFF', promo({ id: 15, code: 'OFF', active: false })],
    ['SHOP15', promo({ id: 16, code: 'SHOP15', target: 'product', discount: 15 })],
    ['SAFE50', promo({ id: 17, code: 'SAFE50', target: 'insurance', discount: 50 })],
  ]),
  sales: [],
  ...overrides,
});

const empty: PricingRequest = { tickets: [], shop: [], insurances: [], certificates: [] };
const noVip: Buyer = { vipDiscount: null };
const vip = (discount: number, form = 'percent'): Buyer => ({ vipDiscount: { discount, form } });

const price = (request: Partial<PricingRequest>, options: { buyer?: Buyer; cat?: PricingCatalogue } = {}) =>
  priceOrder(options.cat ?? catalogue(), { ...empty, ...request }, options.buyer ?? noVip, NOW, promocodeMessages);

const refusal = (request: Partial<PricingRequest>, options: { buyer?: Buyer; cat?: PricingCatalogue } = {}) => {
  try {
    price(request, options);
  } catch (error) {
    if (error instanceof PricingError) return error.message;
    throw error;
  }
  return 'priced';
};

describe('applyDiscount', () => {
  it.each([
    [180_000, 10, 'percent', 162_000],
    [99_999, 10, 'percent', 89_999], // 9 999.9 kopecks off rounds to 10 000
    [180_000, 50_000, 'fixed', 130_000],
    [10_000, 50_000, 'fixed', 0], // never below zero
    [180_000, 100, 'percent', 0],
    [180_000, 0, 'percent', 180_000],
  ])('%i with %i %s → %i', (base, discount, form, expected) => {
    expect(applyDiscount(base, discount, form)).toBe(expected);
  });
});

describe('priceOrder: tickets', () => {
  it.each<[string, Partial<PricingRequest>, number]>([
    ['one ticket at the format price', { tickets: [{ format_public_id: 'f10k' }] }, 180_000],
    ['count multiplies', { tickets: [{ format_public_id: 'f10k', ticket_count: 3 }] }, 540_000],
    ['insurance adds 200 ₽ per participant', { tickets: [{ format_public_id: 'f10k', ticket_count: 2, insurance: true }] }, 400_000],
    ['percent promocode', { tickets: [{ format_public_id: 'f10k', promocode: 'geroi10' }] }, 162_000],
    ['fixed promocode for its format', { tickets: [{ format_public_id: 'f10k', promocode: 'START500' }] }, 130_000],
    [
      'promocode only up to its available count',
      { tickets: [{ format_public_id: 'f5k', ticket_count: 5, promocode: 'FRIENDS20' }] },
      3 * 96_000 + 2 * 120_000,
    ],
    ['team format with fixed count: teams × team size', { tickets: [{ format_public_id: 'relay', team_count: 2 }] }, 8 * 640_000],
    ['joining a team buys places in it', { tickets: [{ team_public_id: 'team1', ticket_count: 1 }] }, 100_000],
    [
      'open team: participants between teams and teams × size',
      { tickets: [{ format_public_id: 'open-team', team_count: 1, ticket_count: 3 }] },
      300_000,
    ],
  ])('%s', (_name, request, total) => {
    expect(price(request).total).toBe(total);
  });

  it('a sale applies once the basket holds its count of listed-format tickets, within its window', () => {
    const withSale = catalogue({ sales: [sale()] });
    expect(price({ tickets: [{ format_public_id: 'f10k', ticket_count: 2 }] }, { cat: withSale }).total).toBe(360_000);
    expect(price({ tickets: [{ format_public_id: 'f10k', ticket_count: 3 }] }, { cat: withSale }).total).toBe(3 * 162_000);
    // Counted across lines of the listed formats.
    const twoLines = catalogue({ sales: [sale({ formatIds: [1, 2] })] });
    expect(price({ tickets: [{ format_public_id: 'f10k', ticket_count: 2 }, { format_public_id: 'f5k' }] }, { cat: twoLines }).total).toBe(
      2 * 162_000 + 108_000,
    );
    const outside = catalogue({ sales: [sale({ endDate: new Date('2026-04-30T00:00:00Z') })] });
    expect(price({ tickets: [{ format_public_id: 'f10k', ticket_count: 3 }] }, { cat: outside }).total).toBe(540_000);
    const inactive = catalogue({ sales: [sale({ active: false })] });
    expect(price({ tickets: [{ format_public_id: 'f10k', ticket_count: 3 }] }, { cat: inactive }).total).toBe(540_000);
    const fixed = catalogue({ sales: [sale({ discount: 30_000, discountForm: 'fixed', count: 1 })] });
    expect(price({ tickets: [{ format_public_id: 'f10k' }] }, { cat: fixed }).total).toBe(150_000);
  });

  it('a promocode discounts the sale price', () => {
    const withSale = catalogue({ sales: [sale({ count: 1 })] });
    expect(price({ tickets: [{ format_public_id: 'f10k', promocode: 'GEROI10' }] }, { cat: withSale }).total).toBe(
      applyDiscount(162_000, 10, 'percent'),
    );
  });

  it('vip: the first ticket only; 100 means no discount; the vip ticket takes no promocode', () => {
    expect(price({ tickets: [{ format_public_id: 'f10k', ticket_count: 2 }] }, { buyer: vip(20) }).total).toBe(144_000 + 180_000);
    expect(price({ tickets: [{ format_public_id: 'f10k' }, { format_public_id: 'f5k' }] }, { buyer: vip(20) }).total).toBe(
      144_000 + 120_000,
    );
    expect(price({ tickets: [{ format_public_id: 'f10k', ticket_count: 2 }] }, { buyer: vip(100) }).total).toBe(360_000);
    expect(price({ tickets: [{ format_public_id: 'f10k' }] }, { buyer: vip(30_000, 'fixed') }).total).toBe(150_000);
    // Two tickets with a code: the vip discount on the first, the code on the second.
    expect(price({ tickets: [{ format_public_id: 'f10k', ticket_count: 2, promocode: 'GEROI10' }] }, { buyer: vip(20) }).total).toBe(
      144_000 + 162_000,
    );
    expect(refusal({ tickets: [{ format_public_id: 'f10k', promocode: 'GEROI10' }] }, { buyer: vip(20) })).toBe(
      pricingMessages.vipPromocode,
    );
  });

  it('vip: a promocode on the vip ticket is taken when the vip already holds a ticket of its format (the vip ticket list)', () => {
    const holder: Buyer = { ...vip(20), heldFormats: new Set(['f10k']) };
    // The vip discount stays on the first ticket; the code counts on the tickets after it.
    expect(price({ tickets: [{ format_public_id: 'f10k', promocode: 'GEROI10' }] }, { buyer: holder }).total).toBe(144_000);
    expect(price({ tickets: [{ format_public_id: 'f10k', ticket_count: 2, promocode: 'GEROI10' }] }, { buyer: holder }).total).toBe(
      144_000 + 162_000,
    );
    // Holding another format's ticket does not open this one.
    expect(refusal({ tickets: [{ format_public_id: 'f5k', promocode: 'GEROI10' }] }, { buyer: holder })).toBe(pricingMessages.vipPromocode);
  });

  it.each<[string, Partial<PricingRequest>, string]>([
    ['more than tickets left', { tickets: [{ format_public_id: 'f10k', ticket_count: 101 }] }, pricingMessages.unavailable],
    [
      'tickets left summed over lines',
      { tickets: [{ format_public_id: 'f10k', ticket_count: 10 }, ...Array(10).fill({ format_public_id: 'f10k', ticket_count: 10 })] },
      pricingMessages.unavailable,
    ],
    ['over the per-order maximum', { tickets: [{ format_public_id: 'f10k', ticket_count: 11 }] }, pricingMessages.unavailable],
    ['zero tickets', { tickets: [{ format_public_id: 'f10k', ticket_count: 0 }] }, pricingMessages.unavailable],
    ['unknown format', { tickets: [{ format_public_id: 'nope' }] }, pricingMessages.unknownFormat],
    ['team overfilled', { tickets: [{ team_public_id: 'team1', ticket_count: 2 }] }, pricingMessages.teamCount],
    [
      'open team with too many',
      { tickets: [{ format_public_id: 'open-team', team_count: 1, ticket_count: 5 }] },
      pricingMessages.teamCount,
    ],
    ['expired code', { tickets: [{ format_public_id: 'f10k', promocode: 'OLD' }] }, promocodeMessages.expired],
    ['code not started', { tickets: [{ format_public_id: 'f10k', promocode: 'SOON' }] }, promocodeMessages.notStarted],
    ['code used up', { tickets: [{ format_public_id: 'f10k', promocode: 'GONE' }] }, promocodeMessages.exhausted],
    ['code switched off', { tickets: [{ format_public_id: 'f10k', promocode: 'OFF' }] }, promocodeMessages.unknown],
    ['unknown code', { tickets: [{ format_public_id: 'f10k', promocode: 'NOPE' }] }, promocodeMessages.unknown],
    ['code of another format', { tickets: [{ format_public_id: 'f5k', promocode: 'START500' }] }, promocodeMessages.otherItem.ticket],
    ['product code on a ticket', { tickets: [{ format_public_id: 'f10k', promocode: 'SHOP15' }] }, promocodeMessages.otherItem.ticket],
  ])('refuses: %s', (_name, request, message) => {
    expect(refusal(request)).toBe(message);
  });

  it('refuses insurance where the format has none, and a format whose event has started', () => {
    const cat = catalogue({ formats: new Map([['f10k', format({ insuranceAvailable: false })]]) });
    expect(refusal({ tickets: [{ format_public_id: 'f10k', insurance: true }] }, { cat })).toBe(pricingMessages.noInsurance);
    const past = catalogue({ formats: new Map([['f10k', format({ startTime: new Date('2026-04-01T00:00:00Z') })]]) });
    expect(refusal({ tickets: [{ format_public_id: 'f10k' }] }, { cat: past })).toBe(pricingMessages.eventPassed('Весенний забег'));
  });

  it('buy_limit overrides the maximum', () => {
    const cat = catalogue({ formats: new Map([['f10k', format({ buyLimit: 2 })]]) });
    expect(price({ tickets: [{ format_public_id: 'f10k', ticket_count: 2 }] }, { cat }).total).toBe(360_000);
    expect(refusal({ tickets: [{ format_public_id: 'f10k', ticket_count: 3 }] }, { cat })).toBe(pricingMessages.unavailable);
  });

  // Issue 20, finding 3: max_count was checked per line, and an order may have 100 lines.
  it('one order holds at most max_count tickets of a format, summed over its lines (buy_limit where set)', () => {
    const line = (count: number) => ({ format_public_id: 'f10k', ticket_count: count });
    expect(price({ tickets: [line(5), line(5)] }).lines).toHaveLength(2);
    expect(refusal({ tickets: [line(5), line(5), line(1)] })).toBe(pricingMessages.unavailable);
    expect(refusal({ tickets: Array.from({ length: 12 }, () => line(10)) })).toBe(pricingMessages.unavailable);
    const limited = catalogue({ formats: new Map([['f10k', format({ buyLimit: 3 })]]) });
    expect(refusal({ tickets: [line(2), line(2)] }, { cat: limited })).toBe(pricingMessages.unavailable);
    const generous = catalogue({ formats: new Map([['f10k', format({ buyLimit: 12 })]]) });
    expect(price({ tickets: [line(6), line(6)] }, { cat: generous }).lines).toHaveLength(2);
    expect(refusal({ tickets: [line(6), line(6), line(1)] }, { cat: generous })).toBe(pricingMessages.unavailable);
  });

  it('a code shared by lines is counted once across them', () => {
    const result = price({
      tickets: [
        { format_public_id: 'f5k', ticket_count: 2, promocode: 'FRIENDS20' },
        { format_public_id: 'f5k', ticket_count: 2, promocode: 'FRIENDS20' },
      ],
    });
    expect(result.lines.map((line) => line.promocodeCount)).toEqual([2, 1]);
    expect(result.total).toBe(3 * 96_000 + 120_000);
  });
});

describe('priceOrder: shop, insurances, certificates', () => {
  it.each<[string, Partial<PricingRequest>, number]>([
    ['a product by size', { shop: [{ product: { public_id: 'hoodie' }, proportion: { public_id: 'hoodie-m' }, count: 2 }] }, 980_000],
    ['one size is chosen by itself', { shop: [{ product: { public_id: 'cap' }, count: 1 }] }, 150_000],
    ['product promocode', { shop: [{ product: { public_id: 'cap' }, count: 2, promocode: 'SHOP15' }] }, 2 * 127_500],
    ['insurance at its price', { insurances: [{ public_id: 'day' }] }, 20_000],
    ['insurance promocode', { insurances: [{ public_id: 'day', promocode: 'SAFE50' }] }, 10_000],
    ['certificates', { certificates: [{ public_id: 'gift3000', count: 2 }] }, 600_000],
  ])('%s', (_name, request, total) => {
    expect(price(request).total).toBe(total);
  });

  it.each<[string, Partial<PricingRequest>, string]>([
    ['size required when several', { shop: [{ product: { public_id: 'hoodie' }, count: 1 }] }, pricingMessages.sizeRequired],
    [
      'size out of stock',
      { shop: [{ product: { public_id: 'hoodie' }, proportion: { public_id: 'hoodie-l' }, count: 1 }] },
      pricingMessages.sizeUnavailable,
    ],
    [
      'more than the size has',
      { shop: [{ product: { public_id: 'hoodie' }, proportion: { public_id: 'hoodie-m' }, count: 6 }] },
      pricingMessages.sizeUnavailable,
    ],
    [
      'foreign size',
      { shop: [{ product: { public_id: 'hoodie' }, proportion: { public_id: 'cap-one' }, count: 1 }] },
      pricingMessages.sizeRequired,
    ],
    ['unknown product', { shop: [{ product: { public_id: 'nope' }, count: 1 }] }, pricingMessages.unknownProduct],
    [
      'ticket code on a product',
      { shop: [{ product: { public_id: 'cap' }, count: 1, promocode: 'GEROI10' }] },
      promocodeMessages.otherItem.product,
    ],
    [
      'promocode on a certificate',
      { certificates: [{ public_id: 'gift3000', count: 1, promocode: 'GEROI10' }] },
      pricingMessages.certificatePromocode,
    ],
    ['unknown insurance', { insurances: [{ public_id: 'nope' }] }, pricingMessages.unknownInsurance],
  ])('refuses: %s', (_name, request, message) => {
    expect(refusal(request)).toBe(message);
  });

  it('the total is the sum of every line', () => {
    const result = price({
      tickets: [{ format_public_id: 'f10k', insurance: true }],
      shop: [{ product: { public_id: 'cap' }, count: 1 }],
      insurances: [{ public_id: 'day' }],
      certificates: [{ public_id: 'gift3000', count: 1 }],
    });
    expect(result.lines.map((line) => line.kind)).toEqual(['ticket', 'shop', 'insurance', 'certificate']);
    expect(result.total).toBe(200_000 + 150_000 + 20_000 + 300_000);
  });
});

describe('insurance rules (ticketing-shop §5)', () => {
  const offer = { activationDelay: 3 * 86_400, userPicksStart: true };
  const person = { birth_date: '15.03.1990', phone: '+7 999 000-00-01' };
  const check = (input: Partial<typeof person & { start_date: string }>, picks = offer) =>
    checkInsurance({ ...person, ...input }, picks, NOW, LATER);
  const message = (fn: () => unknown) => {
    try {
      fn();
      return 'ok';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('a picked start: the date at the current time of day plus 5 minutes', () => {
    expect(check({ start_date: '10.05.2026' }).startDate.toISOString()).toBe('2026-05-10T07:05:00.000Z');
  });
  it('by default: now + delay, or the format start when later', () => {
    expect(check({}, { activationDelay: 3 * 86_400, userPicksStart: false }).startDate).toEqual(LATER);
    expect(checkInsurance(person, { activationDelay: 3 * 86_400, userPicksStart: false }, NOW, undefined).startDate.toISOString()).toBe(
      '2026-05-04T07:00:00.000Z',
    );
  });
  it.each([
    [{ start_date: '31.02.2026' }, insuranceMessages.date],
    [{ start_date: '01.11.2024' }, insuranceMessages.beforeEarliest],
    [{ start_date: '02.05.2026' }, insuranceMessages.beforeDelay(new Date('2026-05-04T07:00:00Z'))],
    [{ start_date: '10.05.2026', birth_date: '01.01.2024' }, insuranceMessages.age],
    [{ start_date: '10.05.2026', birth_date: '01.01.1930' }, insuranceMessages.age],
    [{ start_date: '10.05.2026', birth_date: '1990-13-01' }, insuranceMessages.date],
    [{ start_date: '10.05.2026', phone: '+7 999 000' }, insuranceMessages.phone],
  ])('%o → %s', (input, expected) => {
    expect(message(() => check(input))).toBe(expected);
  });
  it('ages 5 and 86 on the start date are accepted', () => {
    expect(message(() => check({ start_date: '10.05.2026', birth_date: '10.05.2021' }))).toBe('ok');
    expect(message(() => check({ start_date: '10.05.2026', birth_date: '11.05.1939' }))).toBe('ok');
  });
});
