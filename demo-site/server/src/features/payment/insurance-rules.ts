import { badRequest } from '../../lib/errors';
import { normalizePhone } from '../../lib/phone';

/** ticketing-shop §5 and §9: the insurance form's rules, checked again by the server. */
export const EARLIEST_INSURANCE_START = new Date('2024-12-01T00:00:00Z');
export const START_OFFSET_MS = 5 * 60_000;
export const INSURED_AGE = { min: 5, max: 86 } as const;

export const insuranceMessages = {
  date: 'Введите корректную дату!',
  age: 'Допускается возраст от 5 до 86 лет',
  phone: 'Введите корректный номер телефона!',
  beforeEarliest: 'Начало действия страховки не может быть меньше 1 декабря 2024',
  beforeDelay: (date: Date) => `Начало действия страховки не может быть меньше ${formatRuDate(date)}`,
} as const;

export const formatRuDate = (date: Date): string =>
  `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`;

/** A calendar date from `DD.MM.YYYY` (the form's mask) or an ISO date/time; null when not a real date. */
export function parseDay(value: string): Date | null {
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(value.trim());
  const [year, month, day] = ru ? [ru[3], ru[2], ru[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCDate() === Number(day) && date.getUTCMonth() === Number(month) - 1 ? date : null;
}

/** Full years between a birth date and a day. */
export function ageOn(birth: Date, day: Date): number {
  let age = day.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    day.getUTCMonth() < birth.getUTCMonth() || (day.getUTCMonth() === birth.getUTCMonth() && day.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export interface InsuranceInput {
  start_date?: string | null | undefined;
  birth_date: string;
  phone: string;
}

/**
 * The policy's start: a user-picked date at the current time of day plus 5 minutes, or by default the
 * later of now + activation delay and 1 December 2024, or the format's start if later. Then the
 * insured's age on that day and the phone.
 */
export function checkInsurance(
  input: InsuranceInput,
  offer: { activationDelay: number; userPicksStart: boolean },
  now: Date,
  formatStart: Date | undefined,
): { startDate: Date; phone: string; birthDate: string } {
  const earliest = new Date(Math.max(now.getTime() + offer.activationDelay * 1000, EARLIEST_INSURANCE_START.getTime()));
  let start: Date;
  if (offer.userPicksStart) {
    const day = input.start_date ? parseDay(input.start_date) : null;
    if (!day) throw badRequest(insuranceMessages.date);
    const timeOfDay = now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    start = new Date(day.getTime() + timeOfDay + START_OFFSET_MS);
    if (start < EARLIEST_INSURANCE_START) throw badRequest(insuranceMessages.beforeEarliest);
    if (start.getTime() < now.getTime() + offer.activationDelay * 1000) throw badRequest(insuranceMessages.beforeDelay(earliest));
  } else {
    start = formatStart && formatStart > earliest ? formatStart : earliest;
  }
  const birth = parseDay(input.birth_date);
  if (!birth || birth > now) throw badRequest(insuranceMessages.date);
  const age = ageOn(birth, start);
  if (age < INSURED_AGE.min || age > INSURED_AGE.max) throw badRequest(insuranceMessages.age);
  const phone = normalizePhone(input.phone);
  if (!phone) throw badRequest(insuranceMessages.phone);
  return { startDate: start, phone, birthDate: birth.toISOString().slice(0, 10) };
}
