import { describe, expect, it } from 'vitest';
import { addItem, type BasketItem, basketCount, basketKey, removeItem, sanitizeGoods } from './basket-items';
import { shopLine } from './shop-line';
import { ticketLine } from './ticket-line';

const shirt = (size: string, uniqueId = `u-${size}`) =>
  shopLine({
    product: { public_id: 'tshirt', title: 'Футболка', price: 1500 },
    size: { name: size, public_id: `p-${size}` },
    maxCount: 3,
    uniqueId,
  });

const ticket = (uniqueId: string) =>
  ticketLine({
    format: { public_id: 'f-5k', title: '5 км', price: 1200 },
    seats: 10,
    ticketsLeft: 100,
    kind: 'athlete',
    event: { public_id: 'e', title: 'Забег' },
    eventCity: { public_id: 'ec', start_time: '2030-05-01T06:00:00.000Z', address: 'Москва' },
    promocode: null,
    now: 0,
    uniqueId,
  });

describe('basket lines', () => {
  it('keys shop lines by product and size, others by unique_id', () => {
    expect(basketKey(shirt('M'))).toBe('shop:tshirt:M');
    expect(basketKey(ticket('t1'))).toBe('ticket:t1');
  });

  it('adds a shop line once per size and replaces a repeated one', () => {
    let goods: BasketItem[] = [];
    goods = addItem(goods, shirt('M'));
    goods = addItem(goods, shirt('L'));
    goods = addItem(goods, shirt('M', 'again'));
    expect(goods.map(basketKey)).toEqual(['shop:tshirt:M', 'shop:tshirt:L']);
    expect(goods[0]?.unique_id).toBe('again');
    expect(basketCount(goods)).toBe(2);
  });

  it('keeps every ticket line (each has its own unique_id)', () => {
    const goods = addItem(addItem([], ticket('t1')), ticket('t2'));
    expect(basketCount(goods)).toBe(2);
  });

  it('removes a line and reports it', () => {
    const { goods, removed } = removeItem([shirt('M'), shirt('L')], 'shop:tshirt:M');
    expect(goods.map(basketKey)).toEqual(['shop:tshirt:L']);
    expect(removed?.unique_id).toBe('u-M');
    expect(removeItem(goods, 'shop:nothing:').removed).toBeNull();
  });

  it('drops what does not look like a basket line', () => {
    expect(sanitizeGoods('nope')).toEqual([]);
    expect(sanitizeGoods([null, 1, { selector: 'shop' }, shirt('S')])).toHaveLength(1);
  });
});

describe('shopLine', () => {
  it('adds count 1 at the item price, capped by what is left', () => {
    expect(shirt('M')).toMatchObject({
      selector: 'shop',
      count: 1,
      totalCost: 1500,
      promocode: null,
      size: 'M',
      proportion_public_id: 'p-M',
    });
    const none = shopLine({ product: { public_id: 'x', title: 'x', price: 10 }, size: null, maxCount: 0, uniqueId: 'u' });
    expect(none.count).toBe(0);
  });
});

describe('ticketLine', () => {
  it('starts an individual ticket at one, athlete kind, held from now', () => {
    expect(ticket('t1')).toMatchObject({
      selector: 'ticket',
      count: 1,
      totalCost: 1200,
      kind: 'athlete',
      max_count: 10,
      isErrorTab: true,
      addTicketToBasketTime: 0,
    });
  });

  it('starts a fixed team at its full size (ticketing-shop §4)', () => {
    const team = ticketLine({
      format: { public_id: 'relay', title: 'Эстафета', price: 1600, is_team: true, fixed_count: true },
      seats: 4,
      ticketsLeft: null,
      kind: 'athlete',
      event: { public_id: 'e', title: 'Забег' },
      eventCity: { public_id: 'ec', start_time: '2030-05-01T06:00:00.000Z' },
      promocode: 'HERO10',
      now: 5,
      uniqueId: 'team',
    });
    expect(team).toMatchObject({ count: 4, totalCost: 6400, isTeam: true, promocode: 'HERO10' });
  });
});
