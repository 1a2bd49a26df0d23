import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { renderCabinet } from '../../../testing/render-cabinet';
import { server } from '../../../testing/server';

const sessions = [
  {
    public_id: 's3',
    city: 'Москва',
    country: 'Россия',
    temp: '2026-05-03T10:00:00Z',
    os: 'Windows',
    browser: 'Chrome',
    method: 'email',
    active: true,
    current: true,
  },
  {
    public_id: 's2',
    city: null,
    country: null,
    temp: '2026-05-02T10:00:00Z',
    os: 'Linux',
    browser: 'Firefox',
    method: 'sms',
    active: true,
    current: false,
  },
  {
    public_id: 's1',
    city: 'Казань',
    country: 'Россия',
    temp: '2026-04-01T10:00:00Z',
    os: null,
    browser: null,
    method: 'gid',
    active: false,
    current: false,
  },
];

describe('/me/session, «Активность» (accounts-sso §2.10)', () => {
  it('newest first, the first marked active, «D MMMM YYYY», place placeholders, OS and «from» browser', async () => {
    localStorage.setItem(storageKeys.token, 't');
    server.use(http.post('*/api/auth/history', () => HttpResponse.json({ values: sessions })));
    await renderCabinet('/me/session');
    const cards = (await screen.findAllByRole('article')).filter((card) => card.classList.contains('session-card'));
    expect(cards).toHaveLength(3);
    const [first, second, third] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Москва, Россия' })).toBeTruthy();
    expect(within(first).getByText('Активный сеанс')).toBeTruthy();
    expect(within(first).getByText('3 мая 2026')).toBeTruthy();
    expect(within(first).getByText('Windows из Chrome')).toBeTruthy();
    expect(within(first).queryByRole('button')).toBeNull();
    expect(within(second).getByRole('heading', { name: 'Город не определён, Страна не определена' })).toBeTruthy();
    expect(within(second).queryByText('Активный сеанс')).toBeNull();
    expect(within(third).getByText('Сеанс завершён')).toBeTruthy();
    expect(within(third).queryByRole('button')).toBeNull();
  });

  it('ends one other session, then all the others', async () => {
    localStorage.setItem(storageKeys.token, 't');
    const user = userEvent.setup();
    const calls: string[] = [];
    server.use(
      http.post('*/api/auth/history', () => HttpResponse.json({ values: sessions })),
      http.delete('*/api/auth/session/:id', ({ params }) => {
        calls.push(`one ${params.id}`);
        return HttpResponse.json({ message: 'Сеанс завершён', current: false });
      }),
      http.delete('*/api/auth/session', () => {
        calls.push('others');
        return HttpResponse.json({ message: 'Остальные сеансы завершены', revoked: 2 });
      }),
    );
    await renderCabinet('/me/session');
    await user.click(await screen.findByRole('button', { name: /Завершить сеанс/ }));
    await waitFor(() => expect(calls).toEqual(['one s2']));
    await waitFor(() => expect(document.querySelector('p.message')?.textContent).toBe('Сеанс завершён'));
    await user.click(screen.getByRole('button', { name: 'Завершить все другие сеансы' }));
    expect(await screen.findByText('Завершено 2 сеанса')).toBeTruthy();
    expect(calls).toEqual(['one s2', 'others']);
  });
});
