import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeToken } from '../../../lib/auth';
import { storageKeys } from '../../../lib/storage';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { authHandlers, testUser } from '../testing/handlers';

beforeEach(() => server.use(...authHandlers));
// A 401 marks the session refused for the tab (lib/auth.ts): each test starts afresh.
afterEach(() => removeToken());

async function openLogin(path = '/login') {
  renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: 'Авторизация' }, { timeout: 5000 })).toBeTruthy();
  return userEvent.setup();
}

const form = () => screen.getByRole('group', { name: 'Форма входа' });
const location = () => screen.getByTestId('location').textContent;

describe('login screen: e-mail mode', () => {
  it('is the default, with the spec labels and «Войти»', async () => {
    await openLogin();
    expect(within(form()).getByLabelText('Введите ваш Еmail:')).toBeTruthy();
    expect(within(form()).getByLabelText('Введите пароль:')).toBeTruthy();
    expect(within(form()).getByRole('button', { name: 'Войти' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Авторизация по смс' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Зарегистрироваться' }).getAttribute('href')).toBe('/registration');
    expect(screen.getByRole('button', { name: 'Вконтакте' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Google' })).toBeTruthy();
  });

  it('checks both fields before sending anything', async () => {
    let sent = 0;
    server.use(
      http.put('*/api/auth', () => {
        sent += 1;
        return HttpResponse.json({});
      }),
    );
    const user = await openLogin();
    await user.click(within(form()).getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Заполните поле', { selector: '[id$="-email-error"]' })).toBeTruthy();
    expect(screen.getByText('Заполните поле', { selector: '[id$="-password-error"]' })).toBeTruthy();
    await user.type(screen.getByLabelText('Введите ваш Еmail:'), 'ivan@example');
    await user.click(within(form()).getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите валидный email')).toBeTruthy();
    expect(screen.getByLabelText('Введите ваш Еmail:').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);
  });

  it('shows the password while the eye is pressed', async () => {
    const user = await openLogin();
    const password = screen.getByLabelText('Введите пароль:');
    const eye = screen.getByRole('button', { name: 'Показать пароль (удерживайте)' });
    expect(password.getAttribute('type')).toBe('password');
    await user.pointer({ keys: '[MouseLeft>]', target: eye });
    expect(password.getAttribute('type')).toBe('text');
    await user.pointer({ keys: '[/MouseLeft]', target: eye });
    expect(password.getAttribute('type')).toBe('password');
  });

  it('disables «Войти» while sending, then stores the token and user and opens the cabinet', async () => {
    let body: unknown;
    server.use(
      http.put('*/api/auth', async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ token: 'session-token', user: testUser });
      }),
    );
    const user = await openLogin();
    await user.type(screen.getByLabelText('Введите ваш Еmail:'), ' Ivan@Example.ru ');
    await user.type(screen.getByLabelText('Введите пароль:'), 'Secret1');
    await user.click(within(form()).getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect((within(form()).getByRole('button', { name: 'Войти' }) as HTMLButtonElement).disabled).toBe(true));
    await waitFor(() => expect(location()).toBe('/me'));
    expect(body).toEqual({ email: 'Ivan@Example.ru', password: 'Secret1' });
    expect(localStorage.getItem(storageKeys.token)).toBe('session-token');
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? '{}').public_id).toBe('user-1');
  });

  it("shows the server's refusal in the form and keeps what was typed", async () => {
    server.use(http.put('*/api/auth', () => HttpResponse.json({ message: 'Неверный email или пароль' }, { status: 400 })));
    const user = await openLogin();
    await user.type(screen.getByLabelText('Введите ваш Еmail:'), 'ivan@example.ru');
    await user.type(screen.getByLabelText('Введите пароль:'), 'wrong');
    await user.click(within(form()).getByRole('button', { name: 'Войти' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('Неверный email или пароль');
    expect((screen.getByLabelText('Введите ваш Еmail:') as HTMLInputElement).value).toBe('ivan@example.ru');
    expect((screen.getByLabelText('Введите пароль:') as HTMLInputElement).value).toBe('wrong');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('418: «Подтвердить почту» replaces «Войти», resends the letter, and focusing the e-mail brings «Войти» back', async () => {
    let resent: unknown;
    server.use(
      http.put('*/api/auth', () =>
        HttpResponse.json({ message: 'Почта не подтверждена. Подтвердите её по ссылке из письма' }, { status: 418 }),
      ),
      http.post('*/api/user/confirm/email', async ({ request }) => {
        resent = await request.json();
        return HttpResponse.json({ message: 'Письмо для подтверждения почты отправлено' });
      }),
    );
    const user = await openLogin();
    await user.type(screen.getByLabelText('Введите ваш Еmail:'), 'new@example.ru');
    await user.type(screen.getByLabelText('Введите пароль:'), 'Secret1');
    await user.click(within(form()).getByRole('button', { name: 'Войти' }));
    const confirm = await within(form()).findByRole('button', { name: 'Подтвердить почту' });
    expect(within(form()).queryByRole('button', { name: 'Войти' })).toBeNull();
    expect(within(form()).getByRole('alert').textContent).toBe('Почта не подтверждена. Подтвердите её по ссылке из письма');
    await user.click(confirm);
    // isSendMailPopup: «Проверьте почту» names the address and stays until closed.
    const popup = await screen.findByRole('dialog', { name: 'Проверьте почту' });
    expect(popup.textContent).toContain('new@example.ru');
    expect(resent).toEqual({ email: 'new@example.ru' });
    await user.click(within(popup).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Проверьте почту' })).toBeNull());
    await user.click(screen.getByLabelText('Введите ваш Еmail:'));
    expect(within(form()).getByRole('button', { name: 'Войти' })).toBeTruthy();
    expect(within(form()).queryByRole('button', { name: 'Подтвердить почту' })).toBeNull();
  });

  it('a 5xx shows the generic message', async () => {
    server.use(http.put('*/api/auth', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    const user = await openLogin();
    await user.type(screen.getByLabelText('Введите ваш Еmail:'), 'ivan@example.ru');
    await user.type(screen.getByLabelText('Введите пароль:'), 'Secret1');
    await user.click(within(form()).getByRole('button', { name: 'Войти' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('Произошла ошибка, попробуйте позже');
  });
});

describe('login screen: providers unavailable', () => {
  it('says the sign-in system could not start, and the e-mail form still works', async () => {
    server.use(http.get('*/api/auth/providers', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    await openLogin();
    expect(await screen.findByText('Ошибка инициализации системы авторизации')).toBeTruthy();
    expect(within(form()).getByRole('button', { name: 'Войти' })).toBeTruthy();
  });
});

describe('login screen: SMS mode', () => {
  it('toggles, disables «Забыли пароль?», and asks for a valid phone before a code', async () => {
    let asked = 0;
    server.use(
      http.post('*/api/user/code', () => {
        asked += 1;
        return HttpResponse.json({ message: 'Код отправлен' });
      }),
    );
    const user = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Авторизация по смс' }));
    await screen.findByLabelText('Введите ваш телефон:', {}, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Авторизация по email' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Забыли пароль?' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(form()).getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Заполните поле')).toBeTruthy();
    await user.type(screen.getByLabelText('Введите ваш телефон:'), '999000');
    await user.click(within(form()).getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Введите корректный номер телефона')).toBeTruthy();
    expect(asked).toBe(0);
  });

  it('sends the code, checks it is 4 digits, signs in, and shows the cooldown', async () => {
    const calls: unknown[] = [];
    server.use(
      http.post('*/api/user/code', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ message: 'Код отправлен' });
      }),
      http.put('*/api/auth/phone', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ token: 'sms-token', user: testUser });
      }),
    );
    const user = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Авторизация по смс' }));
    await screen.findByLabelText('Введите ваш телефон:', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Введите ваш телефон:'), '79990000001');
    await user.click(within(form()).getByRole('button', { name: 'Получить код' }));
    const code = await screen.findByLabelText('Введите код из СМС');
    expect(screen.getByText(/Получить код повторно можно через \d+ с/)).toBeTruthy();
    expect((within(form()).getByRole('button', { name: 'Получить код' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(code, '12');
    await user.click(within(form()).getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Код должен состоять из 4 цифр')).toBeTruthy();
    await user.clear(code);
    expect(screen.queryByText('Код должен состоять из 4 цифр')).toBeNull();
    await user.type(code, '4321');
    await user.click(within(form()).getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(location()).toBe('/me'));
    expect(calls).toEqual([
      { phone: '+79990000001', registration: false },
      { phone: '+79990000001', phone_code: '4321' },
    ]);
    expect(localStorage.getItem(storageKeys.token)).toBe('sms-token');
  });

  it("shows the server's answer to the code request (a cooldown) in the form", async () => {
    server.use(
      http.post('*/api/user/code', () => HttpResponse.json({ message: 'Повторно запросить код можно через 42 сек.' }, { status: 429 })),
    );
    const user = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Авторизация по смс' }));
    await screen.findByLabelText('Введите ваш телефон:', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Введите ваш телефон:'), '79990000001');
    await user.click(within(form()).getByRole('button', { name: 'Получить код' }));
    expect((await within(form()).findByRole('alert')).textContent).toBe('Повторно запросить код можно через 42 сек.');
    expect((screen.getByLabelText('Введите ваш телефон:') as HTMLInputElement).value).toBe('+7 (999) 000-00-01');
  });
});

describe('login screen: password reset popup', () => {
  it('flags an empty e-mail, sends a filled one and shows the server answer', async () => {
    let asked: unknown;
    server.use(
      http.post('*/api/auth/resetpassword', async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ message: 'Письмо для восстановления пароля отправлено' });
      }),
    );
    const user = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Восстановление пароля' }, { timeout: 5000 });
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    const field = within(dialog).getByLabelText('Email');
    expect(field.className).toContain('field--flash');
    expect(within(dialog).getByRole('alert').textContent).toBe('Заполните поле');
    await user.type(field, 'ivan@example.ru');
    await user.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    const sent = await screen.findByRole('dialog', { name: 'Письмо отправлено' });
    expect(within(sent).getByRole('status').textContent).toBe('Письмо для восстановления пароля отправлено');
    expect(asked).toEqual({ email: 'ivan@example.ru' });
  });

  it('«Войти по СМС» switches the login to SMS mode', async () => {
    const user = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    await user.click(within(await screen.findByRole('dialog', {}, { timeout: 5000 })).getByRole('button', { name: 'Войти по СМС' }));
    expect(await screen.findByLabelText('Введите ваш телефон:', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('access rules', () => {
  it('sends a signed-in person from /login and /registration to /me', async () => {
    localStorage.setItem(storageKeys.token, 'token');
    localStorage.setItem(storageKeys.user, JSON.stringify(testUser));
    renderApp('/registration');
    await waitFor(() => expect(location()).toBe('/me'));
  });

  it('sends a guest from the cabinet to /login and back there after sign-in', async () => {
    server.use(http.put('*/api/auth', () => HttpResponse.json({ token: 'session-token', user: testUser })));
    renderApp('/me/shop');
    await waitFor(() => expect(location()).toBe('/login'));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Введите ваш Еmail:'), 'ivan@example.ru');
    await user.type(screen.getByLabelText('Введите пароль:'), 'Secret1');
    await user.click(within(form()).getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(location()).toBe('/me/shop'));
  });

  it('a 401 to the stored token shows the login screen (no loop back to the cabinet), token kept', async () => {
    localStorage.setItem(storageKeys.token, 'expired');
    localStorage.setItem(storageKeys.user, JSON.stringify(testUser));
    server.use(http.get('*/api/clubs', () => HttpResponse.json({ message: 'Требуется авторизация' }, { status: 401 })));
    renderApp('/clubs');
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Авторизация' }, { timeout: 5000 })).toBeTruthy();
    expect(location()).toBe('/login');
    expect(localStorage.getItem(storageKeys.token)).toBe('expired');
  });

  it('drops the token of a stored user without public_id and goes to /auth', async () => {
    localStorage.setItem(storageKeys.token, 'token');
    localStorage.setItem(storageKeys.user, JSON.stringify({ name: 'Без идентификатора' }));
    renderApp('/calendar');
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Авторизация' }, { timeout: 5000 })).toBeTruthy();
  });
});

describe('guest basket after sign-in', () => {
  it('is merged into the account basket and the guest copy cleared', async () => {
    const guest = [{ selector: 'shop', public_id: 'tshirt', size: 'M', count: 1, unique_id: 'g-1' }];
    localStorage.setItem(storageKeys.guestBasket, JSON.stringify(guest));
    localStorage.setItem(storageKeys.basket, JSON.stringify(guest));
    let merged: unknown;
    server.use(
      http.put('*/api/auth', () => HttpResponse.json({ token: 'session-token', user: testUser })),
      http.post('*/api/user/basket', async ({ request }) => {
        merged = await request.json();
        return HttpResponse.json({ goods: [...guest, { selector: 'ticket', public_id: 'f-1', unique_id: 's-1' }] });
      }),
    );
    const user = await openLogin();
    await user.type(screen.getByLabelText('Введите ваш Еmail:'), 'ivan@example.ru');
    await user.type(screen.getByLabelText('Введите пароль:'), 'Secret1');
    await user.click(within(form()).getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(location()).toBe('/me'));
    expect(merged).toEqual({ goods: guest, merge: true });
    expect(localStorage.getItem(storageKeys.guestBasket)).toBeNull();
    expect(JSON.parse(localStorage.getItem(storageKeys.basket) ?? '[]')).toHaveLength(2);
  });
});
