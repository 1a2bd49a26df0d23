import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { renderApp, renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { MyWaitlist } from './components/my-waitlist';
import { WaitlistJoin } from './components/waitlist-join';
import { readOffer } from './offer-store';

// Issue 35, the web side of the waiting list: joining from a sold-out format, the cabinet's places with
// a way to leave, and the letter's link opening the basket with the held place.
describe('the waiting list', () => {
  it('a guest joins a sold-out format with an e-mail and sees the place', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/waitlist', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ position: 3, status: 'waiting' });
      }),
    );
    renderWithProviders(<WaitlistJoin formatPublicId="format-10k" title="10 км" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Сообщить, если появятся билеты\s?: 10 км$/ }));
    const form = screen.getByRole('form', { name: 'Сообщить, если появятся билеты' });
    await user.type(within(form).getByLabelText('E-mail для письма о билете'), 'нет');
    await user.click(within(form).getByRole('button', { name: 'Встать в лист ожидания' }));
    expect(screen.getByRole('alert').textContent).toBe('Введите валидный email');
    await user.clear(within(form).getByLabelText('E-mail для письма о билете'));
    await user.type(within(form).getByLabelText('E-mail для письма о билете'), 'Anna@Example.ru');
    await user.click(within(form).getByRole('button', { name: 'Встать в лист ожидания' }));
    expect((await screen.findByRole('status')).textContent).toBe('Вы в листе ожидания: место 3');
    expect(sent).toEqual([{ format_public_id: 'format-10k', email: 'anna@example.ru' }]);
    expect(
      screen.getByText('Мы отправили письмо на anna@example.ru: в нём ваше место и ссылка, чтобы покинуть лист ожидания.'),
    ).toBeTruthy();
  });

  it('the letter’s leave link asks first (opening it changes nothing) and leaves on the button, without signing in', async () => {
    const calls: string[] = [];
    server.use(
      http.get('*/api/waitlist/leave/:token', ({ params }) => {
        calls.push(`GET ${params.token}`);
        return HttpResponse.json({ event_title: 'Ночной забег', format_title: '10 км' });
      }),
      http.post('*/api/waitlist/leave/:token', ({ params }) => {
        calls.push(`POST ${params.token}`);
        return HttpResponse.json({ ok: true });
      }),
    );
    renderApp('/waitlist/leave/12.abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Покинуть лист ожидания?' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('«Ночной забег», формат «10 км»')).toBeTruthy();
    expect(calls).toEqual(['GET 12.abc']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Покинуть лист ожидания' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Вы покинули лист ожидания' })).toBeTruthy();
    expect(calls).toEqual(['GET 12.abc', 'POST 12.abc']);
  });

  it('a leave link no longer valid says so and offers no button', async () => {
    server.use(
      http.get('*/api/waitlist/leave/:token', () =>
        HttpResponse.json({ message: 'Ссылка недействительна или вы уже не в листе ожидания' }, { status: 404 }),
      ),
    );
    renderApp('/waitlist/leave/12.old');
    expect(await screen.findByText('Ссылка недействительна или вы уже не в листе ожидания', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Покинуть лист ожидания' })).toBeNull();
  });

  it('the cabinet lists the waiting places and leaves one', async () => {
    let values = [
      {
        format_public_id: 'format-10k',
        format_title: '10 км',
        event_public_id: 'night-run',
        event_title: 'Ночной забег',
        event_city_public_id: 'ec-moscow',
        start_time: '2030-06-01T18:00:00Z',
        status: 'waiting',
        position: 2,
        offer_expires_at: null,
      },
    ];
    const left: string[] = [];
    server.use(
      http.get('*/api/user/waitlist', () => HttpResponse.json({ values })),
      http.delete('*/api/waitlist/:format', ({ params }) => {
        left.push(String(params.format));
        values = [];
        return HttpResponse.json({ ok: true });
      }),
    );
    renderWithProviders(<MyWaitlist />);
    const section = await screen.findByRole('region', { name: 'Лист ожидания' });
    expect(within(section).getByText('Вы в листе ожидания: место 2')).toBeTruthy();
    await userEvent.setup().click(within(section).getByRole('button', { name: /^Выйти из листа ожидания\s?: 10 км$/ }));
    await waitFor(() => expect(within(section).getByText('Вы вышли из листа ожидания')).toBeTruthy());
    expect(left).toEqual(['format-10k']);
  });

  it('the letter’s link puts the held place into the basket and keeps its code for the payment', async () => {
    onTestFinished(() => localStorage.removeItem('waitlistOffer'));
    server.use(
      http.get('*/api/waitlist/offer/:code', () =>
        HttpResponse.json({
          format_public_id: 'format-10k',
          event_public_id: 'night-run',
          event_city_public_id: 'ec-moscow',
          email: 'anna@example.ru',
          offer_expires_at: '2030-05-02T18:00:00Z',
        }),
      ),
      http.get('*/api/event_format/format-10k', () =>
        HttpResponse.json({
          public_id: 'format-10k',
          title: '10 км',
          price: 1900,
          max_count: 10,
          start_time: '2030-06-01T18:00:00Z',
          event: { public_id: 'night-run', title: 'Ночной забег' },
          event_city: { public_id: 'ec-moscow' },
        }),
      ),
    );
    renderApp('/waitlist/offer/code-1');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/basket'), { timeout: 10_000 });
    expect(readOffer()).toEqual({ code: 'code-1', format_public_id: 'format-10k', email: 'anna@example.ru' });
  });
});
