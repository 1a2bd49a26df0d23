/** The language amounts are written in; follows the site's language (lib/i18n.ts). */
let moneyLanguage: 'ru' | 'en' = 'ru';

export function setMoneyLanguage(language: 'ru' | 'en'): void {
  moneyLanguage = language;
}

/** Groups of three digits joined by `separator`. */
const grouped = (digits: string, separator: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/**
 * Whole rubles with the ruble sign (ticketing-shop §3). In Russian the Russian digit grouping:
 * groups of three joined by a no-break space, as `Intl.NumberFormat('ru-RU')` writes them
 * («1 200 ₽»); in English the sign first and commas, as `Intl.NumberFormat('en', { style:
 * 'currency', currency: 'RUB', currencyDisplay: 'narrowSymbol' })` writes whole amounts («₽1,200»).
 * Done by hand: the first Intl number format of a page loads the locale's data, which cost a phone
 * about 100 ms on the calendar.
 */
export function formatRubles(value: number, language: 'ru' | 'en' = moneyLanguage): string {
  const rounded = Math.round(value);
  const sign = rounded < 0 ? '-' : '';
  const digits = String(Math.abs(rounded));
  return language === 'en' ? `${sign}₽${grouped(digits, ',')}` : `${sign}${grouped(digits, '\u00a0')} ₽`;
}
