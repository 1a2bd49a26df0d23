import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { TicketLine } from '../basket-items';
import { paymentPayload } from '../basket-model';
import { basketActions, getBasket, useBasket } from '../basket-store';
import { ticketLine } from '../ticket-line';
import { TicketDeliveryPicker } from './ticket-delivery-picker';

const courier = { public_id: 'kit-courier', name: 'Доставка стартового пакета курьером', pickup: false };
const expo = { public_id: 'expo', name: 'Получение стартового пакета на выставке', pickup: true };

const line = (formatId: string): TicketLine =>
  ticketLine({
    format: { public_id: formatId, title: '10 км', price: 1800 },
    seats: 4,
    ticketsLeft: 100,
    kind: 'athlete',
    event: { public_id: 'e1', title: 'Весенний забег' },
    eventCity: { public_id: 'ec1', start_time: '2030-05-31T06:00:00Z' },
    promocode: null,
    now: Date.parse('2030-01-01T00:00:00Z'),
    uniqueId: `u-${formatId}`,
  });

function Harness() {
  const ticket = useBasket().goods[0] as TicketLine;
  return <TicketDeliveryPicker ticket={ticket} />;
}

let asked: string[] = [];
beforeEach(() => {
  asked = [];
  server.use(
    http.get('*/api/delivery/ticket', ({ request }) => {
      const format = new URL(request.url).searchParams.get('format_public_id') ?? '';
      asked.push(format);
      return HttpResponse.json({ values: format === 'with-delivery' ? [expo, courier] : [] });
    }),
  );
});

describe('the start pack’s delivery on a basket ticket line', () => {
  it('a format with delivery offers its methods; the courier chosen is the line’s delivery_public_id in the payment', async () => {
    basketActions.reset([line('with-delivery')]);
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const select = await screen.findByRole('combobox', { name: 'Получение стартового пакета' });
    expect(screen.getByRole('option', { name: 'На мероприятии' })).toBeTruthy();
    await user.selectOptions(select, courier.name);
    await waitFor(() => expect((getBasket().goods[0] as TicketLine).delivery_public_id).toBe('kit-courier'));
    expect(await screen.findByText('Адрес доставки — в разделе «Доставка» ниже')).toBeTruthy();
    const body = paymentPayload(getBasket().goods, { email: 'a@b.ru', register: false, infoOf: () => null });
    expect(body.tickets[0]).toMatchObject({ format_public_id: 'with-delivery', delivery_public_id: 'kit-courier' });
    await user.selectOptions(select, 'На мероприятии');
    await waitFor(() => expect((getBasket().goods[0] as TicketLine).delivery_public_id).toBeNull());
    expect(paymentPayload(getBasket().goods, { email: 'a@b.ru', register: false, infoOf: () => null }).tickets[0]).not.toHaveProperty(
      'delivery_public_id',
    );
  });

  it('a format without delivery shows no choice', async () => {
    basketActions.reset([line('no-delivery')]);
    renderWithProviders(<Harness />);
    await waitFor(() => expect(asked).toEqual(['no-delivery']));
    expect(screen.queryByRole('combobox', { name: 'Получение стартового пакета' })).toBeNull();
  });
});
