import { describe, expect, it } from 'vitest';
import { inLanguage, pickLanguage, placeNames } from './language';

describe('pickLanguage (Accept-Language)', () => {
  it('answers English when English is asked, alone or first, with or without a region', () => {
    expect(pickLanguage('en')).toBe('en');
    expect(pickLanguage('en-GB')).toBe('en');
    expect(pickLanguage('EN-us,en;q=0.9')).toBe('en');
    expect(pickLanguage('de-DE,en;q=0.8,ru;q=0.5')).toBe('en');
    expect(pickLanguage(['fr', 'en;q=0.4'])).toBe('en');
  });

  it('answers Russian by default, for Russian, for unknown languages and for what cannot be read', () => {
    expect(pickLanguage(undefined)).toBe('ru');
    expect(pickLanguage('')).toBe('ru');
    expect(pickLanguage('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
    expect(pickLanguage('de, fr;q=0.9, *')).toBe('ru');
    expect(pickLanguage('english')).toBe('ru');
    expect(pickLanguage(';;;,,,q=1')).toBe('ru');
  });

  it('follows the weights, the earlier language on a tie, and q=0 refuses', () => {
    expect(pickLanguage('ru;q=0.5, en;q=0.6')).toBe('en');
    expect(pickLanguage('en;q=0.5, ru;q=0.5')).toBe('en');
    expect(pickLanguage('ru;q=0.5, en;q=0.5')).toBe('ru');
    expect(pickLanguage('en;q=0')).toBe('ru');
    expect(pickLanguage('en;q=0, ru;q=0')).toBe('ru');
  });

  it('reads only the start of a huge header', () => {
    expect(pickLanguage(`${'x;q=0.1,'.repeat(10_000)}en`)).toBe('ru');
    expect(pickLanguage(`en,${'x;q=0.1,'.repeat(10_000)}`)).toBe('en');
  });

  it('answers a header it has read before the same way, also after many others', () => {
    expect(pickLanguage('en-GB,en;q=0.9')).toBe('en');
    for (let i = 0; i < 600; i++)
      expect(pickLanguage(`ru;q=0.${(i % 9) + 1}, en;q=0.${((i + 1) % 9) + 1}, x-${i}`)).toBe(
        (i % 9) + 1 >= ((i + 1) % 9) + 1 ? 'ru' : 'en',
      );
    expect(pickLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(pickLanguage('ru-RU,ru;q=0.9,en;q=0.8')).toBe('ru');
  });
});

describe('inLanguage', () => {
  const row = { id: 1, title: 'Забег', titleEn: 'Run', description: 'Описание', descriptionEn: null, nameRu: 'Москва', nameEn: 'Moscow' };

  it('puts the English texts in place of the Russian ones, keeping Russian where there is no English', () => {
    expect(inLanguage(row, 'en')).toMatchObject({ id: 1, title: 'Run', description: 'Описание', nameRu: 'Москва' });
    expect(inLanguage({ title: 'Забег', titleEn: '' }, 'en').title).toBe('Забег');
    const select = { title: 'Стартовая волна', values: ['Первая волна'] };
    expect(inLanguage({ select, selectEn: { ...select, title: 'Start wave' } }, 'en').select).toEqual({
      title: 'Start wave',
      values: ['Первая волна'],
    });
    expect(inLanguage({ select, selectEn: null }, 'en').select).toBe(select);
  });

  it('points the seed’s drawn pictures at their English copies, and nothing else', () => {
    const pictures = {
      logo: '/images/event-types/run.svg',
      picture: '/images/en/products/cap.svg',
      file: '/api/files/x.pdf',
      link: 'https://x.example/images/a.svg',
    };
    expect(inLanguage(pictures, 'en')).toEqual({ ...pictures, logo: '/images/en/event-types/run.svg' });
    expect(inLanguage(pictures, 'ru')).toBe(pictures);
  });

  it('leaves a Russian row as it is', () => {
    expect(inLanguage(row, 'ru')).toBe(row);
  });

  it('adds name_en to a place only in English', () => {
    expect(placeNames(row, 'ru')).toEqual({ name_ru: 'Москва' });
    expect(placeNames(row, 'en')).toEqual({ name_ru: 'Москва', name_en: 'Moscow' });
    expect(placeNames({ nameRu: 'Москва', nameEn: null }, 'en')).toEqual({ name_ru: 'Москва' });
  });
});
