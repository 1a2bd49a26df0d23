import { describe, expect, it } from 'vitest';
import { sizeOptions } from './sizes';

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
