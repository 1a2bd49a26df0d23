import { afterEach, describe, expect, it } from 'vitest';
import { formatRubles, setMoneyLanguage } from './money';

const values = [0, 5, 999, 1000, 1200, 9999, 10_000, 123_456, 1_234_567, -1500, 1199.5, 0.4];

afterEach(() => setMoneyLanguage('ru'));

describe('formatRubles', () => {
  it.each(values)('%d as Intl ru-RU writes it', (value) => {
    const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 }).format(Math.round(value));
    expect(formatRubles(value)).toBe(`${intl} ₽`);
  });

  it.each(values)('%d in English as Intl en writes it', (value) => {
    const intl = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: 'RUB',
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    }).format(Math.round(value));
    expect(formatRubles(value, 'en')).toBe(intl);
  });

  it('follows the language it is set to', () => {
    setMoneyLanguage('en');
    expect(formatRubles(1800)).toBe('₽1,800');
    setMoneyLanguage('ru');
    expect(formatRubles(1800)).toBe('1\u00a0800 ₽');
  });
});
