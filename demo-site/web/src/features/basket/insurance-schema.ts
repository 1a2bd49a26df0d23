import * as z from 'zod/mini';
import { isFullPhone, phoneDigits } from '../../lib/contact-rules';
import { parseMaskedDate } from '../../lib/masks';
import '../../locales/basket';

/**
 * The insurance form of ticketing-shop §5 (and the server's features/payment/insurance-rules.ts): the
 * insured person, their age on the policy's start day (5 to 86), a full phone for its country, and —
 * when the offer lets the person pick it (isStartDate 'false') — a start date not before 1 December
 * 2024 nor before now + the activation delay.
 */
export const EARLIEST_INSURANCE_START = Date.UTC(2024, 11, 1);
export const START_OFFSET_MS = 5 * 60_000;
export const INSURED_AGE = { min: 5, max: 86 } as const;

/** Phone digits by prefix (ticketing-shop §5): 992 TJ and 375 BY 12 digits, 79 RU and 77 KZ 11. */
export const fullPhone = isFullPhone;

export interface InsuranceTerms {
  activation_delay: number;
  /** Unix seconds. */
  format_start_time: number | null;
  isStartDate: string;
}

export interface InsuranceValues {
  last_name: string;
  first_name: string;
  second_name: string;
  birth_date: string;
  phone: string;
  gender: '' | 'male' | 'female';
  start_date: string;
}

export const emptyInsurance: InsuranceValues = {
  last_name: '',
  first_name: '',
  second_name: '',
  birth_date: '',
  phone: '',
  gender: '',
  start_date: '',
};

export const ddmmyyyy = (time: number): string => {
  const date = new Date(time);
  return `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`;
};

/** The earliest start: now + the activation delay, and never before 1 December 2024. */
export const earliestStart = (terms: InsuranceTerms, now: number): number =>
  Math.max(now + terms.activation_delay * 1000, EARLIEST_INSURANCE_START);

/** The default start: the earliest, or the format's start when later (ticketing-shop §5). */
export function defaultStart(terms: InsuranceTerms, now: number): number {
  const earliest = earliestStart(terms, now);
  const format = terms.format_start_time ? terms.format_start_time * 1000 : 0;
  return Math.max(earliest, format);
}

/** A picked day at the current time of day plus 5 minutes (ticketing-shop §5). */
export function pickedStart(day: Date, now: number): number {
  const timeOfDay = now - Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  return day.getTime() + timeOfDay + START_OFFSET_MS;
}

const userPicks = (terms: InsuranceTerms) => terms.isStartDate === 'false';

const ageOn = (birth: Date, at: number): number => {
  const day = new Date(at);
  let age = day.getUTCFullYear() - birth.getUTCFullYear();
  if (day.getUTCMonth() < birth.getUTCMonth() || (day.getUTCMonth() === birth.getUTCMonth() && day.getUTCDate() < birth.getUTCDate()))
    age -= 1;
  return age;
};

export type InsuranceMessageKey =
  | 'basket.insuranceForm.errors.fill'
  | 'basket.insuranceForm.errors.date'
  | 'basket.insuranceForm.errors.age'
  | 'basket.insuranceForm.errors.phone'
  | 'basket.insuranceForm.errors.gender'
  | 'basket.insuranceForm.errors.beforeEarliest'
  | 'basket.insuranceForm.errors.beforeDelay';

export type InsuranceTranslate = (key: InsuranceMessageKey, params?: { date: string }) => string;

/** Which rule failed: the age and start-date violations set preReg false (ticketing-shop §4). */
export function buildInsuranceSchema(terms: InsuranceTerms, t: InsuranceTranslate, now: () => number = Date.now) {
  return z
    .object({
      last_name: z.string(),
      first_name: z.string(),
      second_name: z.string(),
      birth_date: z.string(),
      phone: z.string(),
      gender: z.enum(['', 'male', 'female']),
      start_date: z.string(),
    })
    .check(
      z.superRefine((values, ctx) => {
        const issue = (path: string, message: string, params?: Record<string, unknown>) =>
          ctx.addIssue({ code: 'custom', path: [path], message, input: values, ...(params ? { params } : {}) });
        const at = now();
        if (!values.last_name.trim()) issue('last_name', t('basket.insuranceForm.errors.fill'));
        if (!values.first_name.trim()) issue('first_name', t('basket.insuranceForm.errors.fill'));
        if (!fullPhone(values.phone)) issue('phone', t('basket.insuranceForm.errors.phone'));
        if (values.gender !== 'male' && values.gender !== 'female') issue('gender', t('basket.insuranceForm.errors.gender'));
        let start = defaultStart(terms, at);
        if (userPicks(terms)) {
          const day = parseMaskedDate(values.start_date);
          if (!day) {
            issue('start_date', t('basket.insuranceForm.errors.date'));
            start = Number.NaN;
          } else {
            start = pickedStart(day, at);
            if (start < EARLIEST_INSURANCE_START) issue('start_date', t('basket.insuranceForm.errors.beforeEarliest'), { violation: true });
            else if (start < at + terms.activation_delay * 1000) {
              issue('start_date', t('basket.insuranceForm.errors.beforeDelay', { date: ddmmyyyy(earliestStart(terms, at)) }), {
                violation: true,
              });
            }
          }
        }
        const birth = parseMaskedDate(values.birth_date);
        if (!birth || birth.getTime() > at) issue('birth_date', t('basket.insuranceForm.errors.date'));
        else if (!Number.isNaN(start)) {
          const age = ageOn(birth, start);
          if (age < INSURED_AGE.min || age > INSURED_AGE.max)
            issue('birth_date', t('basket.insuranceForm.errors.age'), { violation: true });
        }
      }),
    );
}

/** The line's state after a change: 'ok' when valid, false on an age or start-date violation, else ''. */
export function insurancePreReg(
  terms: InsuranceTerms,
  values: InsuranceValues,
  t: InsuranceTranslate,
  now = Date.now(),
): 'ok' | '' | false {
  const result = buildInsuranceSchema(terms, t, () => now).safeParse(values);
  if (result.success) return 'ok';
  const violation = result.error.issues.some((issue) => (issue as { params?: { violation?: boolean } }).params?.violation === true);
  return violation ? false : '';
}

/** The insured person as POST /api/payment takes an insurance line. */
export function insuranceInfo(terms: InsuranceTerms, values: InsuranceValues) {
  const day = parseMaskedDate(values.start_date);
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    second_name: values.second_name.trim() || null,
    gender: values.gender === 'female' ? ('female' as const) : ('male' as const),
    phone: phoneDigits(values.phone),
    birth_date: parseMaskedDate(values.birth_date)?.toISOString().slice(0, 10) ?? values.birth_date,
    // The day as typed: the server adds the time of day and the 5 minutes itself.
    start_date: userPicks(terms) && day ? values.start_date : null,
  };
}
