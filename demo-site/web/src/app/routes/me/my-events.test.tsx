import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { storageKeys } from '../../../lib/storage';
import { ticket } from '../../../testing/cabinet-fixtures';
import { renderCabinet } from '../../../testing/render-cabinet';
import { server } from '../../../testing/server';

const signIn = () => localStorage.setItem(storageKeys.token, 'token-1');

describe('/me, «Билеты» (accounts-sso §2.6, §4.5)', () => {
  it('registered and unregistered cards with the button labels of §4.5; the QR of the public id on request', async () => {
    signIn();
    const user = userEvent.setup();
    server.use(
      http.get('*/api/user/tickets/my', () =>
        HttpResponse.json({
          values: [
            ticket({ public_id: 't-reg' }),
            ticket({ public_id: 't-new', info: { registered: false }, event_format: { ...ticket().event_format, qr: false } }),
            ticket({ public_id: 't-refund', status: 'processing', info: { registered: false } }),
          ],
        }),
      ),
    );
    await renderCabinet('/me');
    const registered = await screen.findByRole('region', { name: 'Зарегистрированные билеты' });
    const unregistered = screen.getByRole('region', { name: 'Незарегистрированные билеты' });
    expect(within(registered).getByText('Билет зарегистрирован')).toBeTruthy();
    expect(within(unregistered).getByRole('link', { name: 'Зарегистрироваться' }).getAttribute('href')).toBe(
      '/me/ticket/t-new#registration',
    );
    expect(within(unregistered).getByText('Ожидайте возврат')).toBeTruthy();
    // Date «D MMMM / HH:mm» in the event's zone (06:00 UTC is 09:00 in Moscow).
    expect(within(registered).getByText('7 июня / 09:00')).toBeTruthy();
    // Only formats with qr set offer the code.
    expect(within(unregistered).getAllByRole('button', { name: 'Показать QR-код билета' })).toHaveLength(1);
    await user.click(within(registered).getByRole('button', { name: 'Показать QR-код билета' }));
    const image = await within(registered).findByRole('img', { name: 'QR-код билета t-reg' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(image.getAttribute('width')).toBe('200');
    await user.click(within(registered).getByRole('button', { name: 'Скрыть QR-код билета' }));
    expect(within(registered).queryByRole('img', { name: 'QR-код билета t-reg' })).toBeNull();
  });

  it('a ticket checked in at the start line is «Использован»; a card without a signed code offers no QR (issue 24)', async () => {
    signIn();
    server.use(
      http.get('*/api/user/tickets/my', () =>
        HttpResponse.json({ values: [ticket({ public_id: 't-used', qr_code: null, info: { offline_registered: true } })] }),
      ),
    );
    await renderCabinet('/me');
    const registered = await screen.findByRole('region', { name: 'Зарегистрированные билеты' });
    expect(within(registered).getByText('Использован')).toBeTruthy();
    expect(within(registered).queryByRole('button', { name: 'Показать QR-код билета' })).toBeNull();
  });

  it('in English: asks in English and shows the English event, city and format the server answers', async () => {
    signIn();
    await setLanguage('en');
    const asked: string[] = [];
    server.use(
      http.get('*/api/user/tickets/my', ({ request }) => {
        asked.push(request.headers.get('accept-language') ?? '');
        const base = ticket();
        return HttpResponse.json({
          values: [
            ticket({
              city: { name_ru: 'Москва', name_en: 'Moscow' },
              event: { ...base.event, title: 'Heroes Run: Spring' },
              event_format: { ...base.event_format, title: '10 km' },
            }),
          ],
        });
      }),
    );
    await renderCabinet('/me');
    const card = (await screen.findByRole('link', { name: 'Heroes Run: Spring' })).closest('article')!;
    expect(within(card as HTMLElement).getByText(/^Moscow · 10 km ·/)).toBeTruthy();
    expect(asked).toEqual(['en']);
  });

  it('«Прошедшие мероприятия» and «Переданные билеты» load only when expanded, with their empty texts', async () => {
    signIn();
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      http.get('*/api/user/tickets/:section', ({ params }) => {
        asked.push(String(params.section));
        return HttpResponse.json({ values: [] });
      }),
    );
    await renderCabinet('/me');
    expect(await screen.findByText('У вас пока нет билетов')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Выбрать событие' }).getAttribute('href')).toBe('/calendar');
    expect(asked).toEqual(['my']);
    await user.click(screen.getByRole('button', { name: 'Прошедшие мероприятия' }));
    expect(await screen.findByText('Прошедшие мероприятия не найдены!')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Переданные билеты' }));
    expect(await screen.findByText('Переданные билеты не найдены!')).toBeTruthy();
    expect(asked).toEqual(['my', 'old', 'transfered']);
  });

  it('a past ticket is «Завершено»; a passed-on ticket shows its holder and can be taken back', async () => {
    signIn();
    const user = userEvent.setup();
    let returned: unknown;
    server.use(
      http.get('*/api/user/tickets/my', () => HttpResponse.json({ values: [] })),
      http.get('*/api/user/tickets/old', () => HttpResponse.json({ values: [ticket({ public_id: 't-old', past: true })] })),
      http.get('*/api/user/tickets/transfered', () =>
        HttpResponse.json({
          values: [ticket({ public_id: 't-away', returnable: true, info: { email: 'friend@geroi.example', registered: false } })],
        }),
      ),
      http.put('*/api/user/ticket/return', async ({ request }) => {
        returned = await request.json();
        return HttpResponse.json(ticket({ public_id: 't-away' }));
      }),
    );
    await renderCabinet('/me');
    await user.click(await screen.findByRole('button', { name: 'Прошедшие мероприятия' }));
    expect(await screen.findByText('Завершено')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Переданные билеты' }));
    expect(await screen.findByText('Владелец билета: friend@geroi.example')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Вернуть билет' }));
    await waitFor(() => expect(returned).toEqual({ public_id: 't-away' }));
  });

  it('transfer: a bad address is refused before sending, a good one is sent', async () => {
    signIn();
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/user/tickets/my', () => HttpResponse.json({ values: [ticket()] })),
      http.put('*/api/user/ticket/transfer', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(ticket({ transfer_pending: true }));
      }),
    );
    await renderCabinet('/me');
    await user.click(await screen.findByRole('button', { name: 'Передать билет' }));
    const dialog = await screen.findByRole('dialog', { name: 'Передача билета' });
    await user.type(within(dialog).getByLabelText('E-mail получателя'), 'friend@nowhere');
    await user.click(within(dialog).getByRole('button', { name: 'Передать' }));
    expect(within(dialog).getByText('Укажите действительный адрес')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.clear(within(dialog).getByLabelText('E-mail получателя'));
    await user.type(within(dialog).getByLabelText('E-mail получателя'), 'friend@geroi.example');
    await user.click(within(dialog).getByRole('button', { name: 'Передать' }));
    await waitFor(() => expect(sent).toEqual([{ public_id: 'ticket-1', email: 'friend@geroi.example' }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Передача билета' })).toBeNull());
  });

  it('a transfer addressed to me is accepted with «Принять билет»', async () => {
    signIn();
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.get('*/api/user/tickets/my', () =>
        HttpResponse.json({
          values: [ticket({ transfer_pending: true, order_public_id: null, info: { email: null, registered: false } })],
        }),
      ),
      http.put('*/api/user/ticket/confirm/transfer', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ public_id: 'ticket-1', status: 'accepted' });
      }),
    );
    await renderCabinet('/me');
    expect(await screen.findByText('Вам передали этот билет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Передать билет' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Принять билет' }));
    await waitFor(() => expect(body).toEqual({ public_id: 'ticket-1', transfer_confirm: true }));
  });

  it('purchase cancel: the popup, then «Возврат выполнен успешно!» with the refunded sum', async () => {
    signIn();
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.get('*/api/user/tickets/my', () => HttpResponse.json({ values: [ticket()] })),
      http.post('*/api/payment/cancel', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ sum: 1800 });
      }),
    );
    await renderCabinet('/me');
    await user.click(await screen.findByRole('button', { name: 'Отменить покупку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отмена покупки' });
    await user.click(within(dialog).getByRole('button', { name: 'Отменить покупку' }));
    const done = await screen.findByRole('dialog', { name: 'Возврат выполнен успешно!' });
    expect(body).toEqual({ order_id: 'order-1' });
    expect(within(done).getByText('Сумма возврата: 1 800 ₽')).toBeTruthy();
    expect(within(done).getByRole('link', { name: 'Назад на главную' }).getAttribute('href')).toBe('/');
    await user.click(within(done).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Возврат выполнен успешно!' })).toBeNull());
  });

  it('a failed purchase cancel closes its popup (ticketing-shop §8) and says why in the error popup', async () => {
    signIn();
    const user = userEvent.setup();
    server.use(
      http.get('*/api/user/tickets/my', () => HttpResponse.json({ values: [ticket()] })),
      http.post('*/api/payment/cancel', () => HttpResponse.json({ message: 'Отмена недоступна' }, { status: 400 })),
    );
    await renderCabinet('/me');
    await user.click(await screen.findByRole('button', { name: 'Отменить покупку' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отмена покупки' });
    await user.click(within(dialog).getByRole('button', { name: 'Отменить покупку' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Отмена покупки' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Возврат выполнен успешно!' })).toBeNull();
  });
});

describe('/me’s first data (its prefetch, before the first render)', () => {
  const asked = () => {
    const paths: string[] = [];
    const listener = ({ request }: { request: Request }) => {
      paths.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', listener);
    return { paths, stop: () => server.events.removeListener('request:start', listener) };
  };

  it('the tickets fetched for the first render are not fetched again when the list mounts', async () => {
    signIn();
    const { prefetch } = await import('./my-events');
    const { useTickets } = await import('../../../features/tickets/api/get-tickets');
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const seen = asked();
    await prefetch(client);
    const { result } = renderHook(() => useTickets('my'), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen.stop();
    expect(seen.paths.filter((path) => path === '/api/user/tickets/my')).toHaveLength(1);
  });

  it('a guest’s tickets are not asked for (the guest is sent to /login)', async () => {
    localStorage.removeItem(storageKeys.token);
    const { prefetch } = await import('./my-events');
    const seen = asked();
    await prefetch(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    seen.stop();
    expect(seen.paths).not.toContain('/api/user/tickets/my');
    expect(seen.paths).toContain('/api/event/list');
  });
});
