import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { phoneDigits } from './contact-rules';

/**
 * Phones of ticketing-shop §5: the country comes from the prefix (992 TJ, 375 BY, 79 RU, 77 KZ) and
 * fixes the number of digits (RU and KZ 11, BY and TJ 12). Numbers are sent as digits, no plus.
 */
export type PhoneCountry = 'RU' | 'KZ' | 'BY' | 'TJ';

const countries: { country: PhoneCountry; prefix: string; digits: number }[] = [
  { country: 'TJ', prefix: '992', digits: 12 },
  { country: 'BY', prefix: '375', digits: 12 },
  { country: 'RU', prefix: '79', digits: 11 },
  { country: 'KZ', prefix: '77', digits: 11 },
];

export { emailPattern, phoneDigits } from './contact-rules';

export function phoneCountry(value: string): PhoneCountry | null {
  const digits = phoneDigits(value);
  return countries.find((entry) => digits.startsWith(entry.prefix))?.country ?? null;
}

const allowed: readonly CountryCode[] = ['RU', 'KZ', 'BY', 'TJ'];

/**
 * Full length for its country (ticketing-shop §5), and a number that can exist there: the
 * country's numbering plan by libphonenumber-js (so +7 000 000-00-00 is not a phone).
 */
export function isValidPhone(value: string): boolean {
  const digits = phoneDigits(value);
  const entry = countries.find((candidate) => digits.startsWith(candidate.prefix));
  if (entry === undefined || digits.length !== entry.digits) return false;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isValid() === true && parsed.country !== undefined && allowed.includes(parsed.country);
}
