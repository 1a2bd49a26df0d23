import { describe, expect, it } from 'vitest';
import type { BasketItem } from './basket-items';
import { requiredTicketCount, requiredTicketCountError } from './required-count';

const line = (patch: Record<string, unknown>) =>
  ({ selector: 'ticket', title: 'Эстафета', isTeam: true, fixed_count: true, max_count: 4, count: 4, ...patch }) as unknown as BasketItem;

describe('requiredTicketCount / requiredTicketCountError (ticketing-shop §2, §4)', () => {
  it('a fixed-count team sells whole teams; a free-count team, an individual ticket and shop goods take any count', () => {
    expect(requiredTicketCount(line({}))).toBe(4);
    expect(requiredTicketCount(line({ fixed_count: false }))).toBeNull();
    expect(requiredTicketCount(line({ isTeam: false }))).toBeNull();
    expect(requiredTicketCount({ selector: 'shop', count: 3 } as unknown as BasketItem)).toBeNull();
  });

  it.each([
    [4, null],
    [8, null],
    [3, { title: 'Эстафета', count: 4 }],
    [6, { title: 'Эстафета', count: 4 }],
    [0, { title: 'Эстафета', count: 4 }],
  ])('a team of 4 with %i tickets: %o', (count, expected) => {
    expect(requiredTicketCountError([line({ count })])).toEqual(expected);
  });
});
