import { describe, expect, it } from 'vitest';
import { discountedPrice } from './service';

describe('discountedPrice (kopecks)', () => {
  it.each([
    [180_000, 10, 'percent', 162_000],
    [180_000, 100, 'percent', 0],
    [99_900, 15, 'percent', 84_915],
    [180_000, 50_000, 'fixed', 130_000],
    [30_000, 50_000, 'fixed', 0],
  ])('%i − %i %s = %i', (price, discount, form, expected) => expect(discountedPrice(price, discount, form)).toBe(expected));
});
