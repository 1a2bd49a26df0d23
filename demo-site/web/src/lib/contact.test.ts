import { describe, expect, it } from 'vitest';
import { emailPattern, isValidPhone, phoneCountry, phoneDigits } from './contact';

describe('phones (ticketing-shop §5)', () => {
  it.each([
    ['+7 (999) 123-45-67', true, 'RU'],
    ['8 999 123 45 67', true, 'RU'],
    ['+7 701 123 45 67', true, 'KZ'],
    ['+375 29 123 45 67', true, 'BY'],
    ['+992 93 123 45 67', true, 'TJ'],
    ['+7 999 123 45', false, 'RU'],
    ['+375 29 123 45 6', false, 'BY'],
    ['+1 202 555 0101', false, null],
    ['+7 000 000 00 00', false, null],
    ['+375 00 000 00 00', false, 'BY'],
    ['', false, null],
  ])('%s → valid %s, %s', (value, valid, country) => {
    expect(isValidPhone(value)).toBe(valid);
    expect(phoneCountry(value)).toBe(country);
  });

  it('sends digits without the plus', () => {
    expect(phoneDigits('+7 (999) 123-45-67')).toBe('79991234567');
  });
});

describe('e-mail pattern', () => {
  it.each([
    ['hero@geroi.example', true],
    ['герой@почта.рф', true],
    ['a.b+c@mail.ru', true],
    ['no-at-sign.ru', false],
    ['short@tld.x', false],
    ['long@tld.abcdefghijklm', false],
  ])('%s → %s', (value, valid) => {
    expect(emailPattern.test(value)).toBe(valid);
  });
});
