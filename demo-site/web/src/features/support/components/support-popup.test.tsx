import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

// accounts-sso §2.14 and §5: the clubs support popup.
describe('clubs support popup', () => {
  it('validates with the spec messages, needs the consent, sends support_type clubs and thanks', async () => {
    const user = userEvent.setup();
    let body: unknown;
    server.use(
      http.post('*/api/support', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    renderApp('/clubs');
    await user.click(await screen.findByRole('button', { name: 'Создать клуб' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ответим за пару часов' });
    const form = within(dialog);
    const submit = form.getByRole('button', { name: 'Отправить' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    await user.click(form.getByRole('checkbox', { name: 'Я согласен на обработку персональных данных' }));
    expect(submit.disabled).toBe(false);
    await user.type(form.getByLabelText('E-mail'), 'not-an-email');
    await user.type(form.getByLabelText('Телефон'), '+7 999');
    await user.click(submit);
    expect(await form.findByText('Заполните имя')).toBeTruthy();
    expect(form.getByText('Введите корректный email')).toBeTruthy();
    expect(form.getByText('Введите корректный телефон')).toBeTruthy();
    expect(body).toBeUndefined();

    await user.type(form.getByLabelText('Имя'), 'Анна');
    await user.clear(form.getByLabelText('E-mail'));
    await user.type(form.getByLabelText('E-mail'), 'Anna@Geroi.example');
    await user.clear(form.getByLabelText('Телефон'));
    await user.type(form.getByLabelText('Телефон'), '+7 (999) 123-45-67');
    await user.type(form.getByLabelText('Пожелания'), 'Хотим клуб в Туле');
    await user.click(form.getByRole('checkbox', { name: 'Хочу получать новости и предложения' }));
    await user.click(submit);

    const thanks = await screen.findByRole('dialog', { name: 'Лучший вклад в твою команду' });
    expect(within(thanks).getByText('Спасибо! Ваша заявка отправлена. Наши менеджеры свяжутся с вами в ближайшее время.')).toBeTruthy();
    expect(body).toEqual({
      name: 'Анна',
      email: 'anna@geroi.example',
      phone: '79991234567',
      text: 'Хотим клуб в Туле',
      support_type: 'clubs',
      mailing: true,
    });
    await user.click(within(thanks).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
