import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getBasket } from '../../../features/basket/basket-store';
import { storageKeys } from '../../../lib/storage';
import { springRunBase } from '../../../testing/fixtures';
import { renderCabinet } from '../../../testing/render-cabinet';
import { server } from '../../../testing/server';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const event = {
  ...springRunBase,
  event_city: [
    { public_id: 'ec-moscow', city: { id: 1, name_ru: 'Москва' }, start_time: inDays(30), address: null, timezone: 'Europe/Moscow' },
    { public_id: 'ec-kazan', city: { id: 2, name_ru: 'Казань' }, start_time: inDays(40), address: null, timezone: 'Europe/Moscow' },
  ],
};
const offer = {
  public_id: 'ins-day',
  name: 'Несчастный случай',
  title: 'Страховка на день старта',
  subtitle: 'Защита в день участия',
  description: null,
  footnote: null,
  legals: '/docs/insurance.pdf',
  price: 200,
  default: false,
  activation_delay: 0,
  isStartDate: 'true',
  format_public_id: 'f-10k',
  format_start_time: 1_900_000_000,
};

describe('«Выбор события страхования» (accounts-sso §2.8, §4.7, §5)', () => {
  it('event → city → format, downstream cleared; the offer, the terms, «Купить» → the basket', async () => {
    localStorage.setItem(storageKeys.token, 't');
    const user = userEvent.setup();
    server.use(
      http.get('*/api/event/list', () => HttpResponse.json({ values: [event] })),
      http.get('*/api/insurance/event/city/formats/:id', ({ params }) =>
        HttpResponse.json({
          values:
            params.id === 'ec-moscow'
              ? [{ public_id: 'f-10k', title: '10 км', start_time: inDays(30) }]
              : [{ public_id: 'f-5k', title: '5 км', start_time: inDays(40) }],
        }),
      ),
      // The signed-in basket is kept on the server too (ticketing-shop §4).
      http.post('*/api/user/basket', () => HttpResponse.json({ message: 'ok' })),
      http.get('*/api/user/basket', () => HttpResponse.json({ goods: [] })),
      http.get('*/api/event_format/active/insurances/:id', ({ params }) =>
        HttpResponse.json({ values: params.id === 'f-10k' ? [offer] : [] }),
      ),
    );
    await renderCabinet('/me/insurances');
    await user.click(screen.getByRole('button', { name: 'Купить страховку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выбор события страхования' });
    const buy = within(dialog).getByRole('button', { name: 'Купить' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);

    await waitFor(() => expect(within(dialog).getAllByRole('option', { name: 'Забег Героев. Весна' })).toHaveLength(1));
    await user.selectOptions(within(dialog).getByLabelText('Событие'), 'spring-run');
    await user.selectOptions(within(dialog).getByLabelText('Город'), 'ec-kazan');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: '5 км' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('Формат'), 'f-5k');
    expect(await within(dialog).findByText('Для выбранного события страховка недоступна')).toBeTruthy();

    // A new city clears the format; the offer of the new format loads.
    await user.selectOptions(within(dialog).getByLabelText('Город'), 'ec-moscow');
    expect((within(dialog).getByLabelText('Формат') as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: '10 км' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('Формат'), 'f-10k');
    expect(await within(dialog).findByRole('heading', { name: 'Страховка на день старта' })).toBeTruthy();
    expect(within(dialog).getByText('Стоимость: 200 ₽')).toBeTruthy();
    expect(buy.disabled).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Соглашаюсь с Условиями страхования' }));
    expect(buy.disabled).toBe(false);

    // A new event clears both city and format.
    await user.selectOptions(within(dialog).getByLabelText('Событие'), '');
    expect((within(dialog).getByLabelText('Город') as HTMLSelectElement).value).toBe('');
    expect((within(dialog).getByLabelText('Формат') as HTMLSelectElement).value).toBe('');
    expect(buy.disabled).toBe(true);

    await user.selectOptions(within(dialog).getByLabelText('Событие'), 'spring-run');
    await user.selectOptions(within(dialog).getByLabelText('Город'), 'ec-moscow');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: '10 км' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('Формат'), 'f-10k');
    await within(dialog).findByRole('heading', { name: 'Страховка на день старта' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Соглашаюсь с Условиями страхования' }));
    await user.click(buy);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/basket'));
    expect(getBasket().goods).toEqual([
      expect.objectContaining({
        selector: 'insurance',
        public_id: 'ins-day',
        price: 200,
        count: 1,
        promocode: null,
        format_public_id: 'f-10k',
      }),
    ]);
  });
});
