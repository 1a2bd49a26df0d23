import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { ticket } from '../../../testing/cabinet-fixtures';
import { renderCabinet } from '../../../testing/render-cabinet';
import { server } from '../../../testing/server';

const unregistered = {
  ...ticket({ info: { registered: false, first_name: null, last_name: null } }),
  event_city: { public_id: 'ec-moscow' },
  participant: { first_name: null, last_name: null, phone: null, gender: null, birth_date: null, additional: {} },
};

describe('/me/ticket/{id} (accounts-sso §2.6, §4.5)', () => {
  it('the date «D MMMM / HH:mm», the place and start number; registration with the participant form', async () => {
    localStorage.setItem(storageKeys.token, 't');
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/user/ticket/ticket-1', () => HttpResponse.json(unregistered)),
      http.get('*/api/event_format/format-10k', () =>
        HttpResponse.json({ public_id: 'format-10k', start_time: '2030-06-07T06:00:00.000Z', age_min: 16, shirt_unavailable: true }),
      ),
      http.put('*/api/user/ticket', async ({ request }) => {
        const body = (await request.json()) as { info: Record<string, unknown> };
        bodies.push(body);
        if (body.info.last_name === 'Ошибкин')
          return HttpResponse.json({ message: 'Введите корректный телефон', field: 'phone' }, { status: 400 });
        return HttpResponse.json({ ...unregistered, info: { ...unregistered.info, registered: true } });
      }),
    );
    await renderCabinet('/me/ticket/ticket-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Забег Героев. Весна' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('7 июня / 09:00').length).toBeGreaterThan(0);
    expect(screen.getByText('Москва, Лужники')).toBeTruthy();
    expect(screen.getByText('Стартовый номер').nextElementSibling?.textContent).toBe('17');

    const form = await screen.findByRole('region', { name: 'Регистрация участника' });
    await user.type(within(form).getByRole('textbox', { name: 'Фамилия' }), 'Ошибкин');
    await user.type(within(form).getByRole('textbox', { name: 'Имя' }), 'Анна');
    await user.type(within(form).getByRole('textbox', { name: 'Телефон' }), '79161234567');
    await user.click(within(form).getByRole('radio', { name: 'Женский' }));
    await user.type(within(form).getByRole('textbox', { name: 'Дата рождения' }), '01011990');
    await user.click(within(form).getByRole('button', { name: 'Зарегистрироваться' }));
    // The server's refusal of one field shows beside that field.
    expect(await within(form).findByText('Введите корректный телефон')).toBeTruthy();
    await user.clear(within(form).getByRole('textbox', { name: 'Фамилия' }));
    await user.type(within(form).getByRole('textbox', { name: 'Фамилия' }), 'Смирнова');
    await user.click(within(form).getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({
      public_id: 'ticket-1',
      info: { last_name: 'Смирнова', first_name: 'Анна', phone: '79161234567', gender: 'female', birth_date: '1990-01-01' },
    });
    // accounts-sso §4.5: after the registration the visitor goes to «Билеты» (/me).
    expect(await screen.findByRole('heading', { level: 1, name: 'Билеты' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/me');
  });

  it('a refunded ticket says «Возврат выполнен» and offers no action; one awaiting it «Ожидайте возврат»', async () => {
    localStorage.setItem(storageKeys.token, 't');
    let status = 'processing';
    server.use(http.get('*/api/user/ticket/ticket-1', () => HttpResponse.json({ ...unregistered, status, returnable: false })));
    const { unmount } = await renderCabinet('/me/ticket/ticket-1');
    expect(await screen.findByText('Ожидайте возврат', {}, { timeout: 5000 })).toBeTruthy();
    unmount();
    status = 'returned';
    await renderCabinet('/me/ticket/ticket-1');
    expect(await screen.findByText('Возврат выполнен', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Ожидайте возврат')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отменить покупку' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Регистрация участника' })).toBeNull();
  });

  it("someone else's ticket is «not found»", async () => {
    localStorage.setItem(storageKeys.token, 't');
    server.use(http.get('*/api/user/ticket/:id', () => HttpResponse.json({ message: 'Билет не найден' }, { status: 404 })));
    await renderCabinet('/me/ticket/other');
    expect(await screen.findByText('Ничего не найдено', {}, { timeout: 5000 })).toBeTruthy();
  });
});
