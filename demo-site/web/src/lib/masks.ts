import type { FactoryArg } from 'imask';

/**
 * Input masks (imask option objects) for the spec's typed values. Masks only shape what is typed;
 * the forms' schemas still check the values (a full date, a real phone).
 */

/** A date typed as DD.MM.YYYY: the spec's `99.99.9999` (ticketing-shop §5). */
export const dateMask = { mask: '00.00.0000' } satisfies FactoryArg;

/** A result time typed as HH:MM:SS (e.g. 00:42:10). */
export const timeMask = { mask: '00:00:00' } satisfies FactoryArg;

/** A distance in kilometres: a positive number with up to three decimals, a dot or a comma. */
export const distanceMask = {
  mask: Number,
  scale: 3,
  radix: '.',
  mapToRadix: [','],
  min: 0,
  max: 100_000,
  thousandsSeparator: '',
  normalizeZeros: true,
} satisfies FactoryArg;

/**
 * Phones of ticketing-shop §5 by prefix: +375 (BY) and +992 (TJ) with 12 digits, otherwise the
 * +7 numbers of Russia and Kazakhstan with 11. The mask follows the digits typed so far.
 */
export const phoneMask = {
  mask: [
    { mask: '+000 (00) 000-00-00', prefix: '375' },
    { mask: '+000 00 000-00-00', prefix: '992' },
    { mask: '+0 (000) 000-00-00', prefix: '' },
  ],
  dispatch: (appended: string, masked: { value: string; compiledMasks: { prefix?: string }[] }) => {
    const digits = (masked.value + appended).replace(/\D/g, '');
    const masks = masked.compiledMasks;
    return masks.find((candidate) => candidate.prefix && digits.startsWith(candidate.prefix)) ?? masks[masks.length - 1];
  },
} as unknown as FactoryArg;

/**
 * A DD.MM.YYYY text as a date (UTC midnight), or null when it is not complete or not a day of the
 * calendar (31.02.2024).
 */
export function parseMaskedDate(value: string): Date | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}

/** A HH:MM:SS text (minutes and seconds below 60), or null. */
export function parseMaskedTime(value: string): { hours: number; minutes: number; seconds: number } | null {
  const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return minutes < 60 && seconds < 60 && hours + minutes + seconds > 0 ? { hours, minutes, seconds } : null;
}
