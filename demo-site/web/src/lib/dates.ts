import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ru';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Language } from './i18n';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * ticketing-shop §9: dates in the Russian locale with weeks from Monday. English uses en-gb, whose
 * weeks also start on Monday, so week maths agree in both languages.
 */
const dayjsLocale: Record<Language, string> = { ru: 'ru', en: 'en-gb' };

export function setDateLanguage(language: Language): void {
  dayjs.locale(dayjsLocale[language]);
}
setDateLanguage('ru');

/** A moment in the event's own time zone (falls back to Moscow time) in the current locale. */
export function eventMoment(iso: string, zone?: string | null): Dayjs {
  const moment = dayjs(iso);
  try {
    return moment.tz(zone || 'Europe/Moscow');
  } catch {
    return moment;
  }
}

export const formatDate = (iso: string, zone?: string | null) => eventMoment(iso, zone).format('D MMMM YYYY');
export const formatDayMonth = (iso: string, zone?: string | null) => eventMoment(iso, zone).format('D MMMM');
export const formatTime = (iso: string, zone?: string | null) => eventMoment(iso, zone).format('HH:mm');
export const formatDateTime = (iso: string, zone?: string | null) => eventMoment(iso, zone).format('D MMMM YYYY, HH:mm');

/** The first day of a month as YYYY-MM (the calendar's month filter value). */
export function monthKey(date: Dayjs): string {
  return date.format('YYYY-MM');
}

/** The next `count` months from `from`, for the calendar's month filter. */
export function upcomingMonths(from: Dayjs, count = 12): { value: string; label: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const month = from.startOf('month').add(index, 'month');
    return { value: monthKey(month), label: month.format('MMMM YYYY') };
  });
}

/** The date_from and date_to (inclusive, YYYY-MM-DD) of a YYYY-MM month. */
export function monthRange(value: string): { date_from: string; date_to: string } {
  const start = dayjs(`${value}-01`);
  return { date_from: start.format('YYYY-MM-DD'), date_to: start.endOf('month').format('YYYY-MM-DD') };
}

/** The first weekday of the locale: 1 (Monday) in both languages. */
export const weekStart = () => (dayjs.Ls[dayjs.locale()]?.weekStart ?? 1) as number;

export { dayjs };
