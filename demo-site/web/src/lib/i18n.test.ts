import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';
import { i18n, type MessageKey, setLanguage, useTranslation } from './i18n';
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

describe('the texts', () => {
  it('fills {{name}} from the options, the same name twice, and an absent one with nothing', () => {
    expect(i18n.t('home.slideOf', { index: 2, total: 5 })).toBe('2 из 5');
    expect(i18n.t('home.slideOf', { index: 2 })).toBe('2 из ');
    expect(i18n.t('home.slideOf')).toBe('{{index}} из {{total}}');
  });

  it('a count picks the plural form where the key has them, and is only a value where it has not', () => {
    expect(i18n.t('header.basket', { count: 3 })).toBe('Корзина, товаров: 3');
    expect(i18n.t('calendar.found', { count: 0 })).toBe('Найдено 0 событий');
    expect(i18n.t('calendar.found', { count: 1.5 })).toBe('Найдено 1.5 события');
  });

  it('a list with returnObjects, its key without; a missing key shows itself', () => {
    const steps = i18n.t('content.virtualEvents.steps', { returnObjects: true }) as unknown as string[];
    expect(steps).toHaveLength(4);
    expect(steps[0]).toBe('Купите билет на виртуальный забег в календаре');
    expect(i18n.t('content.virtualEvents.steps')).toBe('content.virtualEvents.steps');
    expect(i18n.t('content.nothing.here' as MessageKey)).toBe('content.nothing.here');
  });

  it('a component renders again in the new language, and its t stays the same function until then', async () => {
    const { result, rerender } = renderHook(() => useTranslation());
    const russian = result.current.t;
    expect(russian('calendar.found', { count: 2 })).toBe('Найдено 2 события');
    rerender();
    expect(result.current.t).toBe(russian);
    await act(() => setLanguage('en'));
    expect(result.current.t('calendar.found', { count: 2 })).toBe('2 events found');
    expect(result.current.i18n.language).toBe('en');
  });
});
