import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { renderCabinet } from '../../../testing/render-cabinet';
import { server } from '../../../testing/server';

const long = 'Клуб любителей бега. '.repeat(10);
const clubs = [
  { public_id: 'c1', public_name: 'runners', title: 'Runners', description: long, picture: null, created_date: '2024-03-01T00:00:00Z' },
  {
    public_id: 'c2',
    public_name: 'ezhiki',
    title: 'Ёжики',
    description: 'Плаваем в Казани',
    picture: null,
    created_date: '2024-01-01T00:00:00Z',
  },
];

const titles = () =>
  screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => text === 'Runners' || text === 'Ёжики');

describe('/me/club, «Клубы» (accounts-sso §2.11)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('no clubs: «Вы не состоите ни в одном клубе» and «Выбрать клуб»', async () => {
    localStorage.setItem(storageKeys.token, 't');
    await renderCabinet('/me/club');
    expect(await screen.findByText('Вы не состоите ни в одном клубе')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Выбрать клуб' }).getAttribute('href')).toBe('/clubs');
  });

  it('search, the two sort toggles, «Перейти в клуб», descriptions cut to 130', async () => {
    localStorage.setItem(storageKeys.token, 't');
    const user = userEvent.setup();
    server.use(http.get('*/api/user/clubs', () => HttpResponse.json({ values: clubs })));
    await renderCabinet('/me/club');
    expect(await screen.findByPlaceholderText('Введите название клуба')).toBeTruthy();
    expect(titles()).toEqual(['Ёжики', 'Runners']);
    expect(screen.getByText(`${long.slice(0, 130)}...`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /По дате/ }));
    expect(titles()).toEqual(['Runners', 'Ёжики']);
    await user.click(screen.getByRole('button', { name: /По названию/ }));
    expect(titles()).toEqual(['Ёжики', 'Runners']);
    await user.click(screen.getByRole('button', { name: /По названию/ }));
    expect(titles()).toEqual(['Runners', 'Ёжики']);
    await user.type(screen.getByPlaceholderText('Введите название клуба'), 'казани');
    expect(titles()).toEqual(['Ёжики']);
    const card = screen.getByRole('heading', { name: 'Ёжики' }).closest('article') as HTMLElement;
    expect(
      within(card)
        .getByRole('link', { name: /Перейти в клуб/ })
        .getAttribute('href'),
    ).toBe('/clubs/ezhiki');
  });

  it('up to 768 px wide, descriptions are cut to 70', async () => {
    localStorage.setItem(storageKeys.token, 't');
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 768px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    server.use(http.get('*/api/user/clubs', () => HttpResponse.json({ values: clubs })));
    await renderCabinet('/me/club');
    expect(await screen.findByText(`${long.slice(0, 70)}...`)).toBeTruthy();
  });
});
