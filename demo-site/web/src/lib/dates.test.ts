import { describe, expect, it } from 'vitest';
import { eventMoment, formatDateTime, russianZoneOffsets, zoneOffsetMinutes } from './dates';

describe("event times in the event's own time zone", () => {
  it.each([
    ['2030-06-01T08:00:00Z', 'Europe/Moscow', 180],
    ['2030-06-01T08:00:00Z', 'Asia/Vladivostok', 600],
    ['2030-06-01T08:00:00Z', 'Europe/Kaliningrad', 120],
    ['2030-06-01T08:00:00Z', 'UTC', 0],
    ['2030-01-15T08:00:00Z', 'Europe/Berlin', 60],
    ['2030-07-15T08:00:00Z', 'Europe/Berlin', 120],
    ['2030-06-01T08:00:00Z', 'Asia/Kolkata', 330],
  ])('%s in %s is UTC%+i min', (iso, zone, offset) => {
    expect(zoneOffsetMinutes(Date.parse(iso), zone)).toBe(offset);
    expect(eventMoment(iso, zone).utcOffset()).toBe(offset);
  });

  it('shows the wall-clock time of the zone, in Russian', () => {
    expect(formatDateTime('2030-06-01T08:00:00Z', 'Asia/Vladivostok')).toBe('1 июня 2030, 18:00');
    expect(formatDateTime('2030-06-01T08:00:00Z', 'Europe/Moscow')).toBe('1 июня 2030, 11:00');
  });

  it('an unknown or missing zone falls back to Moscow time', () => {
    expect(formatDateTime('2030-06-01T08:00:00Z', 'Mars/Olympus')).toBe('1 июня 2030, 11:00');
    expect(formatDateTime('2030-06-01T08:00:00Z', null)).toBe('1 июня 2030, 11:00');
  });
});

describe("Russia's fixed offsets", () => {
  it.each(Object.entries(russianZoneOffsets))('%s: UTC%+i min, as the browser’s time zone data says', (zone, offset) => {
    for (const iso of ['2021-01-15T12:00:00Z', '2026-07-15T12:00:00Z', '2031-03-01T00:00:00Z']) {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(Date.parse(iso));
      const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
      const [, sign, hours, minutes] = /GMT([+-])(\d{2}):(\d{2})/.exec(name) ?? [];
      expect((sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)), `${zone} at ${iso}`).toBe(offset);
    }
  });

  it('before 2021 the browser decides (Volgograd was UTC+4 in 2020)', () => {
    expect(zoneOffsetMinutes(Date.parse('2020-06-01T12:00:00Z'), 'Europe/Volgograd')).toBe(240);
  });
});
