import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { testUser } from '../testing/handlers';

const location = () => screen.getByTestId('location').textContent;

afterEach(() => vi.restoreAllMocks());

const format = {
  public_id: 'format-1',
  title: '5 км',
  price: 1500,
  max_count: 5,
  tickets_left: { athlete: 120 },
  is_team: false,
  start_time: '2030-05-01T06:00:00.000Z',
  address: 'Парк Горького',
  event: { public_id: 'spring-run', title: 'Весенний забег' },
  event_city: { public_id: 'ec-1' },
};

describe('/basket-fill-outside/{format_public_id}', () => {
  it('puts one ticket of the format into the basket, once, and opens the basket', async () => {
    server.use(http.get('*/api/event_format/:id', ({ params }) => HttpResponse.json({ ...format, public_id: params.id })));
    const first = renderApp('/basket-fill-outside/format-1');
    await waitFor(() => expect(location()).toBe('/basket'));
    const goods = JSON.parse(localStorage.getItem(storageKeys.basket) ?? '[]');
    expect(goods).toEqual([
      expect.objectContaining({
        selector: 'ticket',
        public_id: 'format-1',
        price: 1500,
        count: 1,
        event: { public_id: 'spring-run', title: 'Весенний забег' },
      }),
    ]);
    first.unmount();
    renderApp('/basket-fill-outside/format-1');
    await waitFor(() => expect(location()).toBe('/basket'));
    expect(JSON.parse(localStorage.getItem(storageKeys.basket) ?? '[]')).toHaveLength(1);
  });

  it('an unknown format says so and adds nothing', async () => {
    server.use(http.get('*/api/event_format/:id', () => HttpResponse.json({ message: 'Не найдено' }, { status: 404 })));
    renderApp('/basket-fill-outside/nope');
    expect(await screen.findByText('Такой формат участия не найден', {}, { timeout: 5000 })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(storageKeys.basket) ?? '[]')).toEqual([]);
  });

  it('an id that is not an id is not even asked for', async () => {
    let asked = false;
    server.use(
      http.get('*/api/event_format/:id', () => {
        asked = true;
        return HttpResponse.json(format);
      }),
    );
    renderApp(`/basket-fill-outside/${encodeURIComponent('../user')}`);
    expect(await screen.findByText('Такой формат участия не найден', {}, { timeout: 5000 })).toBeTruthy();
    expect(asked).toBe(false);
  });
});

describe('/add (link a network to the account)', () => {
  it('sends a guest to /login', async () => {
    renderApp('/add');
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('asks for a proof, then offers «Вконтакте» and «Google» in link mode for a signed-in person', async () => {
    const proofs: unknown[] = [];
    server.use(
      http.post('*/api/user/add/proof', async ({ request }) => {
        proofs.push(await request.json());
        return HttpResponse.json({ proof: 'single-use-proof' });
      }),
    );
    localStorage.setItem(storageKeys.token, 'session-token');
    localStorage.setItem(storageKeys.user, JSON.stringify(testUser));
    renderApp('/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Привязка социальной сети' }, { timeout: 5000 })).toBeTruthy();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    // No network is offered before the proof.
    expect(screen.queryByRole('button', { name: 'Google' })).toBeNull();
    await user.type(await screen.findByLabelText('Пароль от аккаунта'), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    await user.click(await screen.findByRole('button', { name: 'Google' }, { timeout: 5000 }));
    expect(proofs).toEqual([{ current_password: 'Secret12' }]);
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const url = new URL(String(assign.mock.calls[0]?.[0]));
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/user/add/auth/google`);
    expect(url.searchParams.get('client_id')).toBe('google');
  });
});
