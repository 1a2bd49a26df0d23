/** Offset of a time zone from UTC at an instant, in minutes (Moscow → 180). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/** The instant of a local wall-clock time (`HH:MM`) on a UTC calendar day in a time zone. */
export function zonedTime(dayUtc: Date, time: string, timeZone: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const guess = Date.UTC(dayUtc.getUTCFullYear(), dayUtc.getUTCMonth(), dayUtc.getUTCDate(), hours, minutes);
  return new Date(guess - zoneOffsetMinutes(timeZone, new Date(guess)) * 60_000);
}

export const DAY_MS = 86_400_000;

/** Midnight UTC of the day of `at`. */
export const startOfUtcDay = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

/** Seconds as HH:MM:SS (results tables). */
export function clockTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((part) => String(part).padStart(2, '0')).join(':');
}
