import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { cabinetUser } from '../../../testing/cabinet-fixtures';
import { renderCabinet } from '../../../testing/render-cabinet';
import { server } from '../../../testing/server';

const user = cabinetUser;

async function openSettings() {
  localStorage.setItem(storageKeys.token, 't');
  await renderCabinet('/me/setting');
  return screen.findByRole('region', { name: 'Личные данные' }, { timeout: 5000 });
}

describe('/me/setting (accounts-sso §2.9, §4.6, §5)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows every section in the order of the spec', async () => {
    await openSettings();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
      expect.arrayContaining(['Личные данные', 'E-mail', 'Телефон', 'Пароль', 'Пол', 'Экстренный контакт']),
    );
    const order = ['Получать рекламную рассылку', 'Имя', 'Новый e-mail', 'Новый телефон', 'Новый пароль', 'Мужской', 'Имя контакта'];
    await userEvent.setup().click(screen.getByRole('button', { name: 'Изменить' }));
    const positions = order.map((label) => {
      const element = screen.getByLabelText(label);
      return [...document.querySelectorAll('input, select')].indexOf(element as Element);
    });
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('profile: «Данные не изменились», a bad date, then only the changed field is sent; the button rests 3 s', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/user', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ message: 'Данные успешно обновлены', user: { ...user, ...body } });
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const section = await openSettings();
    const save = within(section).getByRole('button', { name: 'Сохранить' });
    await person.click(save);
    expect(within(section).getByText('Данные не изменились')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    act(() => vi.advanceTimersByTime(3000));
    expect((save as HTMLButtonElement).disabled).toBe(false);
    act(() => vi.advanceTimersByTime(2000));
    expect(within(section).queryByText('Данные не изменились')).toBeNull();

    const date = within(section).getByLabelText('Дата рождения (ДД.ММ.ГГГГ)');
    await person.clear(date);
    await person.type(date, '31021990');
    await person.click(save);
    expect(within(section).getByText('Введите дату в правильном формате')).toBeTruthy();
    expect(bodies).toEqual([]);

    act(() => vi.advanceTimersByTime(3000));
    await person.clear(date);
    await person.type(date, '01051990');
    await person.clear(within(section).getByLabelText('Имя'));
    await person.type(within(section).getByLabelText('Имя'), 'Пётр');
    await person.click(save);
    expect(await within(section).findByText('Данные успешно обновлены')).toBeTruthy();
    expect(bodies).toEqual([{ name: 'Пётр' }]);
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? '{}').name).toBe('Пётр');
  });

  it('password: too short, both needed, then «Пароль успешно изменен!» and an empty form', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/user/password', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Пароль изменён' });
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openSettings();
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const section = screen.getByRole('region', { name: 'Пароль' });
    // accounts-sso §9: the button rests 3 s after each click.
    const unlocked = () => act(() => vi.advanceTimersByTime(3000));
    await person.type(within(section).getByLabelText('Новый пароль'), 'Ab1');
    await person.click(within(section).getByRole('button', { name: 'Изменить пароль' }));
    expect(within(section).getByText('Пароль должен состоять минимум из 4 символов')).toBeTruthy();
    await unlocked();
    await person.type(within(section).getByLabelText('Новый пароль'), '23');
    await person.click(within(section).getByRole('button', { name: 'Изменить пароль' }));
    expect(within(section).getByText('Введите текущий и новый пароль')).toBeTruthy();
    expect(bodies).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await waitFor(
      () => expect((within(section).getByRole('button', { name: 'Изменить пароль' }) as HTMLButtonElement).disabled).toBe(false),
      {
        timeout: 4000,
      },
    );
    await person.type(within(section).getByLabelText('Текущий пароль'), 'Demo1234');
    await person.click(within(section).getByRole('button', { name: 'Изменить пароль' }));
    expect(await within(section).findByText('Пароль успешно изменен!')).toBeTruthy();
    expect(bodies).toEqual([{ old_password: 'Demo1234', new_password: 'Ab123' }]);
    expect((within(section).getByLabelText('Новый пароль') as HTMLInputElement).value).toBe('');
  });

  it('e-mail: checked on leaving the field; the change asks for the current password as proof', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/user/change/email', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Ссылка отправлена' });
      }),
    );
    await openSettings();
    const person = userEvent.setup();
    const section = screen.getByRole('region', { name: 'E-mail' });
    expect(within(section).getByText('Ваш email подтвержден')).toBeTruthy();
    await person.click(within(section).getByRole('button', { name: 'Изменить' }));
    await person.type(within(section).getByLabelText('Новый e-mail'), 'new@mail');
    await person.tab();
    expect(within(section).getByText('Укажите действительный адрес')).toBeTruthy();
    await person.clear(within(section).getByLabelText('Новый e-mail'));
    await person.type(within(section).getByLabelText('Новый e-mail'), 'new@geroi.example');
    await person.type(within(section).getByLabelText('Текущий пароль (для подтверждения)'), 'Demo1234');
    await person.click(within(section).getByRole('button', { name: 'Отправить ссылку' }));
    expect(await within(section).findByText('Ваш email не подтвержден')).toBeTruthy();
    expect(bodies).toEqual([{ email: 'new@geroi.example', current_password: 'Demo1234' }]);
  });

  it('e-mail: a well-formed address is checked as a real one on leaving the field (POST /api/user/real/email)', async () => {
    const checked: unknown[] = [];
    server.use(
      http.post('*/api/user/real/email', async ({ request }) => {
        const body = (await request.json()) as { email: string };
        checked.push(body);
        return body.email.endsWith('@mailinator.com')
          ? HttpResponse.json({ message: 'Укажите действительный адрес' }, { status: 400 })
          : HttpResponse.json({ message: 'Адрес действителен' });
      }),
    );
    await openSettings();
    const person = userEvent.setup();
    const section = screen.getByRole('region', { name: 'E-mail' });
    await person.click(within(section).getByRole('button', { name: 'Изменить' }));
    const field = within(section).getByLabelText('Новый e-mail');
    await person.type(field, 'Anna@Mailinator.com');
    await person.tab();
    expect(await within(section).findByText('Укажите действительный адрес')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(checked).toEqual([{ email: 'anna@mailinator.com' }]);
    await person.clear(field);
    await person.type(field, 'anna@geroi.example');
    await person.tab();
    await waitFor(() => expect(checked).toHaveLength(2));
    expect(within(section).queryByText('Укажите действительный адрес')).toBeNull();
    // A malformed address is refused locally, without asking the server.
    await person.clear(field);
    await person.type(field, 'anna@');
    await person.tab();
    expect(within(section).getByText('Укажите действительный адрес')).toBeTruthy();
    expect(checked).toHaveLength(2);
  });

  it('phone: the code field appears, the number is read-only, four digits confirm it', async () => {
    const calls: unknown[] = [];
    server.use(
      http.post('*/api/user/phone/code', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ message: 'Код отправлен' });
      }),
      http.post('*/api/user/new/phone', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ message: 'Телефон подтверждён', user: { ...user, phone: '79161234567' } });
      }),
    );
    await openSettings();
    const person = userEvent.setup();
    const section = screen.getByRole('region', { name: 'Телефон' });
    await person.type(within(section).getByLabelText('Новый телефон'), '+7 916 123-45-67');
    await person.type(within(section).getByLabelText('Текущий пароль (для подтверждения)'), 'Demo1234');
    await person.click(within(section).getByRole('button', { name: 'Получить код' }));
    const code = await within(section).findByLabelText('Код из СМС');
    expect((within(section).getByLabelText('Новый телефон') as HTMLInputElement).readOnly).toBe(true);
    expect(within(section).getByText('Ваш телефон не подтвержден')).toBeTruthy();
    await person.type(code, '1234');
    expect(await within(section).findAllByText('Ваш телефон подтвержден')).not.toHaveLength(0);
    expect(calls).toEqual([
      { phone: '79161234567', current_password: 'Demo1234' },
      { phone: '79161234567', phone_code: '1234' },
    ]);
  });

  it('emergency contact: all three required with their messages, then sent together', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put('*/api/user', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return HttpResponse.json({ message: 'ok', user: { ...user, ...body } });
      }),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openSettings();
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const section = screen.getByRole('region', { name: 'Экстренный контакт' });
    await person.click(within(section).getByRole('button', { name: 'Сохранить контакт' }));
    expect(within(section).getByText('Укажите имя контакта')).toBeTruthy();
    expect(within(section).getByText('Выберите, кем вам приходится контакт')).toBeTruthy();
    expect(within(section).getByText('Введите корректный телефон')).toBeTruthy();
    expect(
      within(section)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Выберите вариант',
      'Партнер',
      'Родитель',
      'Родственник',
      'Друг',
      'Коллега',
      'Россия (+7)',
      'Таджикистан (+992)',
      'Беларусь (+375)',
    ]);
    await person.type(within(section).getByLabelText('Имя контакта'), 'Мария');
    await person.selectOptions(within(section).getByLabelText('Кем приходится'), 'Родитель');
    await person.selectOptions(within(section).getByLabelText('Страна телефона'), 'BY');
    await person.type(within(section).getByLabelText('Телефон контакта'), '29 123-45-67');
    await waitFor(
      () => expect((within(section).getByRole('button', { name: 'Сохранить контакт' }) as HTMLButtonElement).disabled).toBe(false),
      {
        timeout: 4000,
      },
    );
    await person.click(within(section).getByRole('button', { name: 'Сохранить контакт' }));
    expect(await within(section).findByText('Контакт сохранён')).toBeTruthy();
    expect(bodies).toEqual([{ extra_contact: 'Мария', type_relate: 'Родитель', contact_phone: '375291234567' }]);
  });
  it('«Вход через соцсети»: «Отвязать» asks for the password, says a refusal, can be cancelled, then unlinks and says so', async () => {
    const sent: unknown[] = [];
    let linked = [{ provider: 'vk', email: null, proven_by: 'password', created: '2026-11-01T10:00:00Z' }];
    server.use(
      http.get('*/api/user/links', () => HttpResponse.json({ values: linked })),
      http.post('*/api/user/unlink/vk', async ({ request }) => {
        const body = (await request.json()) as { current_password?: string };
        sent.push(body);
        if (body.current_password !== 'Secret12') return HttpResponse.json({ message: 'Неверный текущий пароль' }, { status: 400 });
        linked = [];
        return HttpResponse.json({ message: 'Аккаунт отвязан', user, values: linked });
      }),
    );
    const person = userEvent.setup();
    await openSettings();
    const section = screen.getByRole('region', { name: 'Вход через соцсети' });
    const list = await within(section).findByRole('list', { name: 'Привязанные аккаунты' });
    await person.click(within(list).getByRole('button', { name: 'Отвязать Вконтакте' }));
    // Cancel closes the proof form and sends nothing.
    await person.click(within(list).getByRole('button', { name: 'Отмена' }));
    expect(within(list).queryByLabelText('Пароль от аккаунта, чтобы отвязать Вконтакте')).toBeNull();
    expect(sent).toEqual([]);

    await person.click(within(list).getByRole('button', { name: 'Отвязать Вконтакте' }));
    await person.type(within(list).getByLabelText('Пароль от аккаунта, чтобы отвязать Вконтакте'), 'Wrong123');
    await person.click(within(list).getByRole('button', { name: 'Отвязать Вконтакте' }));
    expect(await within(list).findByText('Неверный текущий пароль')).toBeTruthy();

    const password = within(list).getByLabelText('Пароль от аккаунта, чтобы отвязать Вконтакте');
    await person.clear(password);
    await person.type(password, 'Secret12');
    await person.click(within(list).getByRole('button', { name: 'Отвязать Вконтакте' }));
    expect(
      await within(section).findByText(
        'Аккаунт Вконтакте отвязан: входить через него больше нельзя. Все другие сеансы входа, и открытые через него, завершены.',
      ),
    ).toBeTruthy();
    expect(within(section).getByText('Привязанных аккаунтов нет.')).toBeTruthy();
    expect(sent).toEqual([{ current_password: 'Wrong123' }, { current_password: 'Secret12' }]);
  });
});

describe('/me/setting of an account nobody proved (the guest checkout’s)', () => {
  it('shows the e-mail and why the rest waits; no profile, contact, phone, password or network to fill in (issue 33)', async () => {
    server.use(http.get('*/api/user', () => HttpResponse.json({ user: { ...user, email_confirmed: false, phone_confirmed: false } })));
    localStorage.setItem(storageKeys.token, 't');
    await renderCabinet('/me/setting');
    expect(
      (await screen.findByText(/нельзя привязать соцсеть, задать пароль, изменить почту, телефон и личные данные/, {}, { timeout: 5000 }))
        .textContent,
    ).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toContain('E-mail');
    for (const hidden of ['Личные данные', 'Телефон', 'Пароль', 'Пол', 'Экстренный контакт']) expect(headings).not.toContain(hidden);
    expect(screen.queryByRole('region', { name: 'Личные данные' })).toBeNull();
  });
});

describe('/me/setting with an ended session', () => {
  it('a 401 on a change goes to /login, the token kept (a 403 would remove it)', async () => {
    server.use(http.put('*/api/user', () => HttpResponse.json({ message: 'Требуется авторизация' }, { status: 401 })));
    await openSettings();
    const person = userEvent.setup();
    await person.click(screen.getByRole('checkbox', { name: 'Получать рекламную рассылку' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(localStorage.getItem(storageKeys.token)).toBe('t');
  });
});
