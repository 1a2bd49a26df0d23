import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getBasket } from '../../features/basket/basket-store';
import * as fixtures from '../../testing/fixtures';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

const vip = {
  ...fixtures.formats[0]!,
  public_id: 'format-vip',
  title: 'VIP 10 км',
  hidden: true,
  notes: 'Доступно по приглашению.',
};
const otherVip = { ...vip, public_id: 'format-vip-2', title: 'VIP 21 км' };

describe('event page', () => {
  it('through the invitation link asks for the hidden formats too and shows only the invited one, marked', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/event_format/event/:id', ({ request, params }) => {
        const hidden = new URL(request.url).searchParams.get('hidden') === 'true';
        asked.push(`${params.id as string}${hidden ? '?hidden=true' : ''}`);
        return HttpResponse.json({ values: hidden ? [...fixtures.formats, vip, otherVip] : fixtures.formats });
      }),
    );
    renderApp('/event/spring-run/format-vip');
    const card = await screen.findByRole('article', { name: 'VIP 10 км' }, { timeout: 10_000 });
    expect(within(card).getByText('Доступно по приглашению')).toBeTruthy();
    expect(screen.getByRole('article', { name: '5 км' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'VIP 21 км' })).toBeNull();
    expect(asked).toContain('spring-run?hidden=true');
  });

  it('without the invitation shows no hidden format, and lists the partner formats with the partner’s link', async () => {
    server.use(
      http.get('*/api/external/formats/:id', ({ params }) =>
        HttpResponse.json({
          values:
            params.id === 'ec-moscow'
              ? [
                  {
                    public_id: 'ext-1',
                    title: 'Каникросс 3 км',
                    description: 'Забег с собакой.',
                    price: 1500,
                    link: 'https://partner.example/canicross',
                    start_time: fixtures.eventCityMoscow.start_time,
                  },
                ]
              : [],
        }),
      ),
    );
    renderApp('/calendar/spring-run');
    const partner = await screen.findByRole('region', { name: 'Участие через партнёров' }, { timeout: 10_000 });
    const link = within(partner).getByRole('link', { name: 'Регистрация на сайте партнёра: Каникросс 3 км' });
    expect(link.getAttribute('href')).toBe('https://partner.example/canicross');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('article', { name: 'VIP 10 км' })).toBeNull();
  });

  it('shows the formats of the next city with price, tickets left and the seats label', async () => {
    renderApp('/calendar/spring-run');
    expect(await screen.findByRole('heading', { level: 1, name: 'Забег Героев. Весна' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Форматы участия — Москва' })).toBeTruthy();
    const fiveK = await screen.findByRole('article', { name: '5 км' });
    expect(within(fiveK).getByText('1 200 ₽')).toBeTruthy();
    expect(within(fiveK).getByText('1500')).toBeTruthy();
    // No max_count from the server: the default 10 seats (ticketing-shop §9).
    expect(within(fiveK).getByText('10 мест')).toBeTruthy();
    const relay = screen.getByRole('article', { name: 'Эстафета 4×5 км' });
    expect(within(relay).getByText('4 места')).toBeTruthy();
    expect((within(relay).getByRole('button', { name: /Билеты закончились/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds a ticket to the basket, and the header counter follows', async () => {
    const user = userEvent.setup();
    renderApp('/calendar/spring-run/HERO10');
    expect(await screen.findByText('Промокод HERO10 будет применён к билетам в корзине')).toBeTruthy();
    const basket = screen.getByRole('link', { name: 'Корзина, товаров: 0' });
    const fiveK = await screen.findByRole('article', { name: '5 км' });
    await user.click(within(fiveK).getByRole('button', { name: /Добавить в корзину/ }));
    expect(basket.getAttribute('aria-label')).toBe('Корзина, товаров: 1');
    expect(within(fiveK).getByRole('link', { name: 'В корзине — оформить' })).toBeTruthy();
    expect(getBasket().goods).toMatchObject([
      {
        selector: 'ticket',
        public_id: 'format-5k',
        format_public_id: 'format-5k',
        promocode: 'HERO10',
        count: 1,
        kind: 'athlete',
        event_city: { public_id: 'ec-moscow' },
      },
    ]);
  });

  it('switches the city in the city popup', async () => {
    const user = userEvent.setup();
    renderApp('/calendar/spring-run');
    await user.click(await screen.findByRole('button', { name: 'Сменить город' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выберите город' });
    await user.click(within(dialog).getByRole('button', { name: /Казань/ }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Форматы участия — Казань' })).toBeTruthy());
    expect(screen.getByTestId('location').textContent).toContain('city=ec-kazan');
  });
});
