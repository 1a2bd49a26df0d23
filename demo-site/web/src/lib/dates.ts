import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ru';
import utc from 'dayjs/plugin/utc';
import type { Language } from './content-language';

dayjs.extend(utc);

/**
 * ticketing-shop §9: dates in the Russian locale with weeks from Monday. English uses en-gb, whose
 * weeks also start on Monday, so week maths agree in both languages.
 */
const dayjsLocale: Record<Language, string> = { ru: 'ru', en: 'en-gb' };

export function setDateLanguage(language: Language): void {
  dayjs.locale(dayjsLocale[language]);
}
setDateLanguage('ru');

/**
 * One formatter per time zone, kept: building an `Intl.DateTimeFormat` is the slow part (dayjs's
 * timezone plugin builds one per call through `toLocaleString`, which made a list of events cost
 * hundreds of milliseconds on a phone).
 */
const zoneFormatters = new Map<string, Intl.DateTimeFormat | null>();
function zoneFormatter(zone: string): Intl.DateTimeFormat | null {
  let formatter = zoneFormatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      formatter = null; // an unknown zone
    }
    zoneFormatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * Russia's zones, whose offsets have not changed since Volgograd's last move (27 December 2020).
 * Events are mostly in them; knowing their offsets spares the page loading the browser's time
 * zone data (the first Intl formatter with a time zone costs a phone ~100 ms of main thread).
 */
export const russianZoneOffsets: Record<string, number> = {
  'Europe/Kaliningrad': 120,
  'Europe/Moscow': 180,
  'Europe/Kirov': 180,
  'Europe/Volgograd': 180,
  'Europe/Simferopol': 180,
  'Europe/Samara': 240,
  'Europe/Saratov': 240,
  'Europe/Ulyanovsk': 240,
  'Europe/Astrakhan': 240,
  'Asia/Yekaterinburg': 300,
  'Asia/Omsk': 360,
  'Asia/Novosibirsk': 420,
  'Asia/Barnaul': 420,
  'Asia/Tomsk': 420,
  'Asia/Novokuznetsk': 420,
  'Asia/Krasnoyarsk': 420,
  'Asia/Irkutsk': 480,
  'Asia/Chita': 540,
  'Asia/Yakutsk': 540,
  'Asia/Khandyga': 540,
  'Asia/Vladivostok': 600,
  'Asia/Ust-Nera': 600,
  'Asia/Magadan': 660,
  'Asia/Sakhalin': 660,
  'Asia/Srednekolymsk': 660,
  'Asia/Kamchatka': 720,
  'Asia/Anadyr': 720,
};
const FIXED_SINCE = Date.UTC(2020, 11, 28);

/** The offset of `zone` from UTC at the instant `time`, in minutes (e.g. 180 for Moscow). */
export function zoneOffsetMinutes(time: number, zone: string): number | undefined {
  const fixed = russianZoneOffsets[zone];
  if (fixed !== undefined && time >= FIXED_SINCE) return fixed;
  const formatter = zoneFormatter(zone);
  if (!formatter) return undefined;
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(time)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wallClock = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return Math.round((wallClock - (time - (time % 1000))) / 60_000);
}

/** A moment in the event's own time zone (falls back to Moscow time) in the current locale. */
export function eventMoment(iso: string, zone?: string | null): Dayjs {
  const moment = dayjs(iso);
  if (!moment.isValid()) return moment;
  const offset = zoneOffsetMinutes(moment.valueOf(), zone || 'Europe/Moscow') ?? zoneOffsetMinutes(moment.valueOf(), 'Europe/Moscow');
  return offset === undefined ? moment : moment.utcOffset(offset);
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
