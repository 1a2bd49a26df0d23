import { describe, expect, it } from 'vitest';
import { maxCountOf, SHOP_MAX_COUNT, sizeOptions } from './sizes';

describe('sizeOptions', () => {
  it('shows a size by its English name when the answer has one, and keeps its name for the basket', () => {
    const options = sizeOptions({
      proportions: [
        { name: 'Универсальный', name_en: 'One size', public_id: 'one', count: 3 },
        { name: 'M', public_id: 'm', count: 0 },
      ],
      size: null,
    });
    expect(options).toEqual([
      { name: 'Универсальный', label: 'One size', public_id: 'one', count: 3 },
      { name: 'M', label: 'M', public_id: 'm', count: 0 },
    ]);
  });

  it('falls back to the size list, with its English names too', () => {
    expect(sizeOptions({ proportions: [], size: [{ size: 'Универсальный', name_en: 'One size', count: 2 }] })).toEqual([
      { name: 'Универсальный', label: 'One size', public_id: null, count: 2 },
    ]);
    expect(sizeOptions({ proportions: null, size: [{ size: 'Универсальный', count: 2 }] })[0]?.label).toBe('Универсальный');
  });
});

describe("maxCountOf (one line limit for shop goods, the same as the server's)", () => {
  const sizes = [
    { name: 'M', label: 'M', public_id: 'm', count: 50 },
    { name: 'L', label: 'L', public_id: 'l', count: 3 },
  ];
  it("takes the product's max_count from the server, within the size's stock", () => {
    expect(maxCountOf(sizes, sizes[0]!, 20)).toBe(20);
    expect(maxCountOf(sizes, sizes[1]!, 20)).toBe(3);
    expect(maxCountOf([], null, 7)).toBe(7);
    expect(maxCountOf(sizes, null, 20)).toBe(0);
  });
  it("falls back to the server's figure, 20, when the product does not say", () => {
    expect(SHOP_MAX_COUNT).toBe(20);
    expect(maxCountOf([], null, null)).toBe(20);
    expect(maxCountOf(sizes, sizes[0]!)).toBe(20);
  });
});
