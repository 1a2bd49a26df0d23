import { describe, expect, it } from 'vitest';
import { formatRubles } from './money';

describe('formatRubles', () => {
  it.each([0, 5, 999, 1000, 1200, 9999, 10_000, 123_456, 1_234_567, -1500, 1199.5, 0.4])('%d as Intl ru-RU writes it', (value) => {
    const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }).format(Math.round(value));
    expect(formatRubles(value)).toBe(`${intl} ₽`);
  });
});
