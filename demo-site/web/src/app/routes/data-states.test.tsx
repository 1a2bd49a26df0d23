import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/storage';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

// Loading, empty and error states of the screens backed by the read calls (ticketing-shop §7), and the
// error catalogue of both specs' §8 as the person sees it.
describe('data states', () => {
  it('news: loading, then the list', async () => {
    server.use(
      http.get('*/api/news', async () => {
        await delay(50);
        return HttpResponse.json({
          values: [{ public_id: 'n1', title: 'Первая новость', description: null, picture: null, date: '2030-01-01T00:00:00Z' }],
          count: 1,
        });
      }),
    );
    renderApp('/news');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Первая новость' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('news: empty', async () => {
    server.use(http.get('*/api/news', () => HttpResponse.json({ values: [], count: 0 })));
    renderApp('/news');
    expect(await screen.findByText('Новостей пока нет')).toBeTruthy();
  });

  it('news: a 500 shows the error state and the global popup, «Понятно» closes it', async () => {
    const user = userEvent.setup();
    server.use(http.get('*/api/news', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderApp('/news');
    expect(await screen.findByText('Не удалось загрузить данные')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Ошибка' });
    expect(within(dialog).getByText('Произошла ошибка, попробуйте позже')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The retry asks again.
    server.use(http.get('*/api/news', () => HttpResponse.json({ values: [], count: 0 })));
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Новостей пока нет')).toBeTruthy();
  });

  it("a 400 shows the server's message in the global popup", async () => {
    server.use(http.post('*/api/event_city/filtered', () => HttpResponse.json({ message: 'Введите корректную дату' }, { status: 400 })));
    renderApp('/calendar');
    const dialog = await screen.findByRole('dialog', { name: 'Ошибка' });
    expect(within(dialog).getByText('Введите корректную дату')).toBeTruthy();
  });

  it('a 401 goes to login and keeps the token; a 403 goes to login and removes it', async () => {
    localStorage.setItem(storageKeys.token, 't');
    server.use(http.get('*/api/clubs', () => HttpResponse.json({ message: 'Требуется авторизация' }, { status: 401 })));
    const first = renderApp('/clubs');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(localStorage.getItem(storageKeys.token)).toBe('t');
    first.unmount();

    server.use(http.get('*/api/clubs', () => HttpResponse.json({ message: 'Нет доступа' }, { status: 403 })));
    renderApp('/clubs');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('a 404 shows «not found» in place, with no popup', async () => {
    renderApp('/calendar/no-such-event');
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('calendar: filters by city, type and month', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/event_city/filtered', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ values: [], count: 0 });
      }),
    );
    renderApp('/calendar');
    expect(await screen.findByText('По выбранным условиям событий нет')).toBeTruthy();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Город' }), 'Казань');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ city_id: 551487 }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Вид события' }), 'Забег');
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ city_id: 551487, event_type: 'type-run' }));
    const month = screen.getByRole('combobox', { name: 'Месяц' }) as HTMLSelectElement;
    await user.selectOptions(month, month.options[2]!.value);
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ date_from: `${month.options[2]!.value}-01` }));
    expect(screen.getByTestId('location').textContent).toContain('city=551487');
  });

  it('clubs: empty and loaded', async () => {
    server.use(http.get('*/api/clubs', () => HttpResponse.json({ values: [] })));
    const view = renderApp('/clubs');
    expect(await screen.findByText('Клубов пока нет')).toBeTruthy();
    view.unmount();
    server.resetHandlers();
    renderApp('/clubs');
    expect(await screen.findByRole('link', { name: 'Московские бегуны' })).toBeTruthy();
  });

  it('shop search: nothing found', async () => {
    server.use(http.get('*/api/shop/search', () => HttpResponse.json({ values: [] })));
    renderApp('/shop/search?text=зонт');
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Поиск: «зонт»');
  });

  it("shop: a load failure says «Проблема при загрузке» and «Попробуйте позже», or the server's own message (ticketing-shop §8)", async () => {
    server.use(http.get('*/api/shop/search', () => HttpResponse.error()));
    const view = renderApp('/shop/search?text=зонт');
    const alert = await screen.findByText('Проблема при загрузке');
    expect(alert.parentElement?.textContent).toContain('Попробуйте позже');
    view.unmount();
    server.use(http.get('*/api/shop/product/:id', () => HttpResponse.json({ message: 'Товар снят с продажи' }, { status: 409 })));
    renderApp('/shop/product/p-1');
    const refused = await screen.findByText('Проблема при загрузке');
    expect(refused.parentElement?.textContent).toContain('Товар снят с продажи');
    expect(refused.parentElement?.textContent).not.toContain('Попробуйте позже');
  });

  it("news: «Подписка на новости» checks the address, sends PUT /api/user/subscribe/news and shows the server's message", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/news', () => HttpResponse.json({ values: [], count: 0 })),
      http.put('*/api/user/subscribe/news', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: bodies.length === 1 ? 'Вы подписались на новости' : 'Вы уже подписаны на новости' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/news');
    const section = await screen.findByRole('region', { name: 'Подписка на новости' });
    const field = within(section).getByRole('textbox', { name: 'Ваш e-mail' });
    await user.type(field, 'anna@');
    await user.click(within(section).getByRole('button', { name: 'Подписаться' }));
    expect(within(section).getByRole('alert').textContent).toBe('Введите валидный email');
    expect(bodies).toEqual([]);
    await user.clear(field);
    await user.type(field, 'Anna@Geroi.example');
    await user.click(within(section).getByRole('button', { name: 'Подписаться' }));
    expect((await within(section).findByRole('status')).textContent).toBe('Вы подписались на новости');
    expect(bodies).toEqual([{ email: 'anna@geroi.example' }]);
  });

  it('results table: the column labels of accounts-sso §9', async () => {
    renderApp('/results/ec-winter-moscow');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Участник',
      'Стартовый номер',
      'Дистанция',
      'Статус',
      'Время старта',
      'Время финиша',
      'Место в абсолюте',
      'Место среди пола',
      'Место в возрастной группе',
      'Чистое время',
      'Официальное время',
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Петров Иван' })).toBeTruthy();
  });
});
