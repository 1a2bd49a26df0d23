import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import type { OrderDetail } from '../api';
import { OrderPage } from './orders';

// The order page of the back office when the payment service refused a refund: the refusal with its reason,
// and the button that asks again — for one line, and for a whole order left waiting for its money.
const order = (over: Partial<OrderDetail>): OrderDetail => ({
  public_id: 'o-refused',
  status: 'paid',
  email: 'buyer@example.test',
  buyer: null,
  amount: 3000,
  delivery_cost: 0,
  refunded_amount: 0,
  payment: { id: 'p-1', created_at: '2026-11-01T10:00:00Z', paid_at: '2026-11-01T10:01:00Z', closed_at: null },
  refunds: [],
  lines: [],
  tickets: [],
  history: [],
  ...over,
});
const line = {
  public_id: 'line-1',
  kind: 'ticket',
  title: 'Забег Героев — 5 км',
  count: 1,
  unit_price: 1500,
  discount: 0,
  total: 1500,
  refund: null,
};

/** The order as the server has it: `detail`, then `after` once a refund was asked. */
function serve(detail: OrderDetail, asked: string[], after: OrderDetail = detail) {
  server.use(
    http.get('*/api/organizer/orders/o-refused', () => HttpResponse.json(asked.length ? after : detail)),
    http.post('*/api/organizer/orders/o-refused/refund', async ({ request }) => {
      asked.push(await request.text());
      return HttpResponse.json({ sum: 1500, status: 'refunding' });
    }),
  );
}

describe('a refund the payment service refused', () => {
  it('on a line: the refusal with its reason, and «Вернуть» for that line again', async () => {
    const asked: string[] = [];
    serve(
      order({
        lines: [
          {
            ...line,
            refund: { public_id: 'r-1', status: 'failed', amount: 1500, failure_reason: 'rejected_by_payee' },
          },
        ],
      }),
      asked,
    );
    renderWithProviders(<OrderPage orderId="o-refused" canWrite />);
    const row = (await screen.findByText('Забег Героев — 5 км')).closest('tr')!;
    expect(within(row).getByText('Платёжный сервис отказал в возврате (rejected_by_payee)')).toBeTruthy();
    const confirm = window.confirm;
    window.confirm = () => true;
    try {
      await userEvent.click(within(row).getByRole('button', { name: 'Вернуть позицию «Забег Героев — 5 км»' }));
    } finally {
      window.confirm = confirm;
    }
    expect(await screen.findByText('Возврат запрошен')).toBeTruthy();
    expect(asked.map((body) => JSON.parse(body))).toEqual([{ line_public_id: 'line-1' }]);
  });

  it('a viewer sees the refusal, without the button', async () => {
    serve(
      order({ lines: [{ ...line, refund: { public_id: 'r-1', status: 'failed', amount: 1500, failure_reason: 'rejected_by_payee' } }] }),
      [],
    );
    renderWithProviders(<OrderPage orderId="o-refused" canWrite={false} />);
    expect(await screen.findByText('Платёжный сервис отказал в возврате (rejected_by_payee)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Вернуть/ })).toBeNull();
  });

  it('on a whole order left refunding: the refusal and «Повторить возврат»; once asked, the answer stays and they go', async () => {
    const asked: string[] = [];
    const whole = { public_id: 'r-1', line_public_id: null, amount: 3000, status: 'failed' as const, failure_reason: 'insufficient_funds' };
    const pending = { ...whole, public_id: 'r-2', status: 'pending' as const, failure_reason: null };
    serve(
      order({ status: 'refunding', lines: [line], refunds: [whole] }),
      asked,
      order({ status: 'refunding', lines: [line], refunds: [whole, pending] }),
    );
    renderWithProviders(<OrderPage orderId="o-refused" canWrite />);
    expect(await screen.findByText('Платёжный сервис отказал в возврате (insufficient_funds)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Повторить возврат' }));
    expect(await screen.findByText('Возврат запрошен')).toBeTruthy();
    expect(asked).toHaveLength(1);
    // The page, read again, has a pending refund: the refusal and the button go, the answer stays.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Повторить возврат' })).toBeNull());
    expect(screen.queryByText(/отказал в возврате/)).toBeNull();
    expect(screen.getByText('Возврат запрошен')).toBeTruthy();
  });
});
