import { describe, expect, it } from 'vitest';
import { insuredName, policyPhone, policyStart, validityDays } from './policy';

describe('insurance cards (accounts-sso §2.12)', () => {
  it('validity in days from seconds, the start date DD MMMM YYYY, the name and the phone with +', () => {
    expect(validityDays(86_400)).toBe(1);
    expect(validityDays(365 * 86_400)).toBe(365);
    expect(policyStart('2026-06-07T12:00:00')).toBe('07 июня 2026');
    expect(insuredName({ start_date: '', last_name: 'Петров', first_name: 'Иван', second_name: null })).toBe('Петров Иван');
    expect(policyPhone('79161234567')).toBe('+79161234567');
    expect(policyPhone('+79161234567')).toBe('+79161234567');
    expect(policyPhone(null)).toBe('');
  });
});
