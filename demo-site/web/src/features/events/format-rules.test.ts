import { describe, expect, it } from 'vitest';
import { DEFAULT_FORMAT_SEATS, formatKind, formatSeats, isSoldOut, ticketsLeft } from './format-rules';

describe('format rules', () => {
  it('labels a format with 10 seats when it does not say (ticketing-shop §9)', () => {
    expect(DEFAULT_FORMAT_SEATS).toBe(10);
    expect(formatSeats({ max_count: null })).toBe(10);
    expect(formatSeats({ max_count: 0 })).toBe(10);
    expect(formatSeats({ max_count: 4 })).toBe(4);
  });

  it('reads tickets left per kind, athlete by default', () => {
    expect(ticketsLeft({ tickets_left: { athlete: 12, vip: 0 } })).toBe(12);
    expect(ticketsLeft({ tickets_left: { athlete: 12, vip: 0 } }, 'vip')).toBe(0);
    expect(ticketsLeft({ tickets_left: null })).toBeNull();
    expect(isSoldOut({ tickets_left: { athlete: 0 } })).toBe(true);
    expect(isSoldOut({ tickets_left: {} })).toBe(false);
  });
});

describe('formatKind', () => {
  it('buys athletes, or a format’s only kind when it sells no athletes (a stand)', () => {
    expect(formatKind({ tickets_left: { athlete: 3, volunteer: 2 } })).toBe('athlete');
    expect(formatKind({ tickets_left: { spectator: 80 } })).toBe('spectator');
    expect(formatKind({ tickets_left: {} })).toBe('athlete');
    expect(formatKind({})).toBe('athlete');
  });
});
