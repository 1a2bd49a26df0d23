import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';
import { i18n, setLanguage } from './i18n';
import { formatRubles } from './money';
import { storageKeys } from './storage';

afterEach(() => setLanguage('ru'));

describe('the site’s language', () => {
  const start = '2026-05-01T06:00:00.000Z';

  it('in English: English months, the ruble sign first, English plurals, and it is stored', async () => {
    await setLanguage('en');
    expect(localStorage.getItem(storageKeys.language)).toBe('en');
    expect(formatDate(start, 'Europe/Moscow')).toBe('1 May 2026');
    expect(formatDateTime(start, 'Asia/Vladivostok')).toBe('1 May 2026, 16:00');
    expect(formatRubles(1800)).toBe('₽1,800');
    expect(i18n.t('calendar.found', { count: 1 })).toBe('1 event found');
    expect(i18n.t('calendar.found', { count: 21 })).toBe('21 events found');
  });

  it('back in Russian: Russian months, «1 800 ₽», the three Russian plural forms', async () => {
    await setLanguage('en');
    await setLanguage('ru');
    expect(formatDate(start, 'Europe/Moscow')).toBe('1 мая 2026');
    expect(formatRubles(1800)).toBe('1\u00a0800 ₽');
    expect(i18n.t('calendar.found', { count: 1 })).toBe('Найдено 1 событие');
    expect(i18n.t('calendar.found', { count: 3 })).toBe('Найдено 3 события');
    expect(i18n.t('calendar.found', { count: 5 })).toBe('Найдено 5 событий');
    expect(i18n.t('calendar.found', { count: 21 })).toBe('Найдено 21 событие');
  });
});
