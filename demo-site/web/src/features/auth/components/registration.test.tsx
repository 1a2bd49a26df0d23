import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { testUser } from '../testing/handlers';

const location = () => screen.getByTestId('location').textContent;

async function openRegistration() {
  renderApp('/registration');
  expect(await screen.findByRole('heading', { level: 1, name: 'Регистрация героя' }, { timeout: 5000 })).toBeTruthy();
  return userEvent.setup();
}

describe('registration by e-mail (/registration)', () => {
  it.each([
    ['abc', 'Пароль должен состоять минимум из 4 символов'],
    ['abcd', 'В пароле должна быть заглавная буква'],
    ['Abcd', 'В пароле должна быть цифра'],
  ])('password %j: «%s», nothing sent', async (password, message) => {
    let sent = 0;
    server.use(
      http.post('*/api/user', () => {
        sent += 1;
        return HttpResponse.json({});
      }),
    );
    const user = await openRegistration();
    await user.type(screen.getByLabelText('Email'), 'hero@example.ru');
    await user.type(screen.getByLabelText('Пароль'), password);
    await user.click(screen.getByLabelText(/Я согласен на обработку персональных данных/));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(sent).toBe(0);
  });

  it('flags an empty password without a message, and asks for the consent', async () => {
    const user = await openRegistration();
    await user.type(screen.getByLabelText('Email'), 'hero@example.ru');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Необходимо согласие на обработку персональных данных')).toBeTruthy();
    const password = screen.getByLabelText('Пароль');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/Пароль должен|В пароле/)).toBeNull();
  });

  it('sends e-mail, password and mailing, then «Проверьте почту» stays until closed', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/user', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          message: 'Регистрация прошла успешно. Подтвердите почту по ссылке из письма (оно может попасть в спам)',
        });
      }),
    );
    const user = await openRegistration();
    await user.type(screen.getByLabelText('Email'), 'hero@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'Geroi2024');
    await user.click(screen.getByLabelText(/Я согласен на обработку персональных данных/));
    await user.click(screen.getByLabelText('Хочу получать новости и предложения'));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    const dialog = await screen.findByRole('dialog', { name: 'Проверьте почту' });
    expect(within(dialog).getByText(/Подтвердите почту по ссылке из письма/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Назад на главную' }).getAttribute('href')).toBe('/');
    expect(body).toEqual({ email: 'hero@example.ru', password: 'Geroi2024', mailing: true });
    await user.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Проверьте почту' })).toBeNull());
  });

  it("shows the server's refusal in the form and keeps what was typed", async () => {
    server.use(
      http.post('*/api/user', () => HttpResponse.json({ message: 'Пользователь с таким email уже зарегистрирован' }, { status: 400 })),
    );
    const user = await openRegistration();
    await user.type(screen.getByLabelText('Email'), 'taken@example.ru');
    await user.type(screen.getByLabelText('Пароль'), 'Geroi2024');
    await user.click(screen.getByLabelText(/Я согласен на обработку персональных данных/));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Пользователь с таким email уже зарегистрирован');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('taken@example.ru');
    expect((screen.getByLabelText('Пароль') as HTMLInputElement).value).toBe('Geroi2024');
  });
});

describe('registration by SMS (/registration/sms)', () => {
  it('needs the consent before a code, then registers with phone, code and mailing', async () => {
    const calls: unknown[] = [];
    server.use(
      http.post('*/api/user/code', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ message: 'Код отправлен' });
      }),
      http.post('*/api/user/phone', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ token: 'new-token', user: testUser });
      }),
    );
    renderApp('/registration/sms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Регистрация по СМС' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Телефон'), '79991234567');
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Необходимо согласие на обработку персональных данных')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.click(screen.getByLabelText(/Я согласен на обработку персональных данных/));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    await user.type(await screen.findByLabelText('Введите код из СМС'), '1234');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(location()).toBe('/me'));
    expect(calls).toEqual([
      { phone: '+79991234567', registration: true },
      { phone: '+79991234567', phone_code: '1234', mailing: false },
    ]);
    expect(localStorage.getItem(storageKeys.token)).toBe('new-token');
  });
});
