import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { storageKeys } from '../lib/storage';
import * as fixtures from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';

/** The calendar's calls answered as the server does: in the language the call asks in. */
function bilingualCalendar() {
  const asked: string[] = [];
  const english = (request: Request) => request.headers.get('accept-language') === 'en';
  server.use(
    http.get('*/api/event/cities', ({ request }) =>
      HttpResponse.json({
        values: [english(request) ? { id: 551487, name_ru: 'Казань', name_en: 'Kazan' } : { id: 551487, name_ru: 'Казань' }],
      }),
    ),
    http.post('*/api/event_city/filtered', ({ request }) => {
      asked.push(request.headers.get('accept-language') ?? '');
      const place = english(request)
        ? {
            ...fixtures.eventCityKazan,
            city: { id: 551487, name_ru: 'Казань', name_en: 'Kazan' },
            address: '1 Fedoseevskaya St',
            min_price: 1200,
            event: { ...fixtures.springRunBase, title: 'Heroes Run: Spring', event_type: { ...fixtures.eventType, title: 'Run' } },
          }
        : { ...fixtures.eventCityKazan, min_price: 1200, event: fixtures.springRunBase };
      return HttpResponse.json({ values: [place], count: 1 });
    }),
  );
  return asked;
}

describe('the catalogue in the site’s language', () => {
  it('asks in the stored language and shows the English texts, city, money and plurals', async () => {
    // As main.tsx does for a reader who chose English before: the stored language, then the screen.
    await setLanguage('en');
    const asked = bilingualCalendar();
    renderApp('/calendar');
    const card = (await screen.findByRole('link', { name: 'Heroes Run: Spring' })).closest('article')!;
    expect(asked).toEqual(['en']);
    const text = within(card as HTMLElement);
    expect(text.getByText('Kazan')).toBeTruthy();
    expect(text.getByText('1 Fedoseevskaya St')).toBeTruthy();
    expect(text.getByText(/₽1,200/)).toBeTruthy();
    expect(screen.getByText('1 event found')).toBeTruthy();
  });

  it('fetches the texts again in the new language when the reader switches, and back', async () => {
    const asked = bilingualCalendar();
    const user = userEvent.setup();
    renderApp('/calendar');
    expect(await screen.findByRole('link', { name: 'Забег Героев. Весна' })).toBeTruthy();
    // The no-break space of «1 200 ₽» reads as a space to the queries.
    expect(screen.getByText(/1 200 ₽/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('link', { name: 'Heroes Run: Spring' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Забег Героев. Весна' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Kazan' })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.language)).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Русский' }));
    expect(await screen.findByRole('link', { name: 'Забег Героев. Весна' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Казань' })).toBeTruthy();
    expect(asked).toEqual(['ru', 'en', 'ru']);
  });
});
