import { describe, expect, it } from 'vitest';
import { canBuy, choose, emptyChoice, insurableWindow } from './chain';

describe('insurance chain (accounts-sso §4.7, §5, §9)', () => {
  it('an event clears city and format; a city clears the format', () => {
    const full = { event: 'e1', city: 'c1', format: 'f1' };
    expect(choose(full, 'event', 'e2')).toEqual({ event: 'e2', city: '', format: '' });
    expect(choose(full, 'city', 'c2')).toEqual({ event: 'e1', city: 'c2', format: '' });
    expect(choose(full, 'format', 'f2')).toEqual({ event: 'e1', city: 'c1', format: 'f2' });
    expect(choose(emptyChoice, 'event', 'e1')).toEqual({ event: 'e1', city: '', format: '' });
  });

  it('«Купить» needs the format, the offer and the terms', () => {
    const chosen = { event: 'e', city: 'c', format: 'f' };
    expect(canBuy(chosen, true, true)).toBe(true);
    expect(canBuy(chosen, false, true)).toBe(false);
    expect(canBuy(chosen, true, false)).toBe(false);
    expect(canBuy({ ...chosen, format: '' }, true, true)).toBe(false);
  });

  it('today to a year ahead', () => {
    const now = new Date('2026-05-01T12:00:00');
    expect(insurableWindow('2026-05-01T08:00:00', now)).toBe(true);
    expect(insurableWindow('2027-04-30T08:00:00', now)).toBe(true);
    expect(insurableWindow('2026-04-30T08:00:00', now)).toBe(false);
    expect(insurableWindow('2027-05-02T08:00:00', now)).toBe(false);
  });
});
