import { describe, expect, it } from 'vitest';
import { orderAmount, orderDate, orderStatusView } from './order-status';

describe('orders (accounts-sso §4.5, §9)', () => {
  it('maps statuses to the three labels, ticked or clocked', () => {
    expect(orderStatusView('paid')).toEqual({ key: 'paid', done: true });
    expect(orderStatusView('authorized')).toEqual({ key: 'paid', done: true });
    expect(orderStatusView('delivered')).toEqual({ key: 'delivered', done: true });
    for (const status of ['processing', 'refunded', 'pending', ''])
      expect(orderStatusView(status)).toEqual({ key: 'processing', done: false });
  });

  it('dates DD.MM.YY, amounts grouped', () => {
    expect(orderDate('2026-03-05T12:00:00')).toBe('05.03.26');
    expect(orderAmount(2500)).toBe('2\u00a0500');
    expect(orderAmount(990)).toBe('990');
  });
});
