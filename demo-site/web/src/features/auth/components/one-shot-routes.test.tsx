import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { keepLinkProof } from '../../settings/api/links';
import { buildSocialRedirect } from '../social';
import { testProviders, testUser } from '../testing/handlers';

const location = () => screen.getByTestId('location').textContent;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

function signIn() {
  localStorage.setItem(storageKeys.token, 'session-token');
  localStorage.setItem(storageKeys.user, JSON.stringify(testUser));
}

describe('GID callback (/auth/gid, /test)', () => {
  it('a forged callback: «Ошибка авторизации», the description, «На главную», no one signed in', async () => {
    window.history.replaceState(null, '', '/auth/gid?code=forged&state=forged&scope=openid');
    renderApp('/auth/gid?code=forged&state=forged&scope=openid');
    expect(await heading('Ошибка авторизации')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Произошла непредвиденная ошибка. Обратитесь в службу поддержки');
    expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('nothing to process on /test: the error, not an endless wait', async () => {
    window.history.replaceState(null, '', '/test');
    renderApp('/test');
    expect(await heading('Ошибка авторизации')).toBeTruthy();
  });
});

describe('social return (/user/auth/{network}, /user/add/auth/{network})', () => {
  it('posts the code with its verifier and redirect_uri, then signs in', async () => {
    const href = await buildSocialRedirect(testProviders.vk, 'vk', 'signin', window.location.origin);
    const state = new URL(href).searchParams.get('state');
    const flow = JSON.parse(sessionStorage.getItem('gid-demo:social:vk') ?? '{}');
    let body: unknown;
    server.use(
      http.post('*/api/user/vk', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 'vk-token', user: testUser });
      }),
    );
    renderApp(`/user/auth/vk?code=the-code&state=${state}`);
    await waitFor(() => expect(location()).toBe('/me'));
    expect(body).toEqual({ code: 'the-code', redirect_uri: `${window.location.origin}/user/auth/vk`, code_verifier: flow.verifier, state });
    expect(localStorage.getItem(storageKeys.token)).toBe('vk-token');
  });

  it('refuses a state it did not send, without calling the server', async () => {
    let called = false;
    server.use(
      http.post('*/api/user/google', () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    renderApp('/user/auth/google?code=x&state=forged');
    expect(await heading('Ошибка авторизации')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Ответ сервиса авторизации не совпал с запросом. Попробуйте войти ещё раз');
    expect(called).toBe(false);
    expect(location()).toBe('/user/auth/google');
  });

  it('linking: a 409 says the account belongs to someone else', async () => {
    signIn();
    keepLinkProof('proof-from-add');
    const href = await buildSocialRedirect(testProviders.google, 'google', 'link', window.location.origin);
    const state = new URL(href).searchParams.get('state');
    server.use(
      http.post('*/api/user/add/google', () =>
        HttpResponse.json({ message: 'Этот аккаунт уже привязан к другому пользователю' }, { status: 409 }),
      ),
    );
    renderApp(`/user/add/auth/google?code=x&state=${state}`);
    expect(await heading('Ошибка авторизации')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Этот аккаунт уже привязан к другому пользователю');
    expect(localStorage.getItem(storageKeys.token)).toBe('session-token');
  });

  it('linking: success keeps the session and updates the user', async () => {
    signIn();
    const href = await buildSocialRedirect(testProviders.google, 'google', 'link', window.location.origin);
    const state = new URL(href).searchParams.get('state');
    // The proof /add got before the trip to the network goes with the code (issue 20).
    keepLinkProof('proof-from-add');
    let sent: unknown = null;
    server.use(
      http.post('*/api/user/add/google', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ user: { ...testUser, name: 'Связанный' } });
      }),
    );
    renderApp(`/user/add/auth/google?code=x&state=${state}`);
    expect(await screen.findByText('Аккаунт Google привязан к вашему профилю', {}, { timeout: 5000 })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? '{}').name).toBe('Связанный');
    expect(sent).toMatchObject({ code: 'x', proof: 'proof-from-add' });
  });

  it('linking without the proof of /add sends nothing and says to start again', async () => {
    signIn();
    const href = await buildSocialRedirect(testProviders.google, 'google', 'link', window.location.origin);
    const state = new URL(href).searchParams.get('state');
    let called = false;
    server.use(
      http.post('*/api/user/add/google', () => {
        called = true;
        return HttpResponse.json({ user: testUser });
      }),
    );
    renderApp(`/user/add/auth/google?code=x&state=${state}`);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Привязка не подтверждена. Начните заново со страницы настроек',
    );
    expect(called).toBe(false);
  });
});

describe('e-mail links', () => {
  it('/verify/email/{code} of an account made with a password shows whose it is and asks for that password, then confirms (issues 20, 33)', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/user/verify/email/check', () => HttpResponse.json({ email: 'anna@example.ru', password_required: true })),
      http.post('*/api/user/verify/email', async ({ request }) => {
        const body = (await request.json()) as { password?: string };
        bodies.push(body);
        return body.password === 'Abcd1'
          ? HttpResponse.json({ token: 'fresh-token', user: testUser, message: 'Почта подтверждена' })
          : HttpResponse.json({ message: 'Пароль не совпадает с указанным при регистрации', password_required: true }, { status: 400 });
      }),
    );
    renderApp('/verify/email/abc_123');
    const field = await screen.findByLabelText('Пароль, указанный при регистрации', {}, { timeout: 5000 });
    expect(screen.getByText(/Ссылка подтверждает почту anna@example\.ru/)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Wrong1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить и войти' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Пароль не совпадает с указанным при регистрации');
    fireEvent.change(field, { target: { value: 'Abcd1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Подтвердить и войти' }));
    await waitFor(() => expect(localStorage.getItem(storageKeys.token)).toBe('fresh-token'));
    expect(bodies).toEqual([
      { code: 'abc_123', password: 'Wrong1' },
      { code: 'abc_123', password: 'Abcd1' },
    ]);
  });

  it('/verify/email/{code} posts nothing on load: it names the account, and only «Подтвердить и войти» confirms and signs in (issue 33)', async () => {
    let code: unknown;
    let checked: unknown;
    server.use(
      http.post('*/api/user/verify/email/check', async ({ request }) => {
        checked = await request.json();
        return HttpResponse.json({ email: 'anna@example.ru', password_required: false });
      }),
      http.post('*/api/user/verify/email', async ({ request }) => {
        code = await request.json();
        return HttpResponse.json({ token: 'confirmed', user: { ...testUser, email: 'anna@example.ru' }, message: 'Почта подтверждена' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/verify/email/abc_123');
    const ask = await screen.findByRole('button', { name: 'Подтвердить и войти' }, { timeout: 5000 });
    expect(screen.getByText(/Ссылка подтверждает почту anna@example\.ru/)).toBeTruthy();
    expect(checked).toEqual({ code: 'abc_123' });
    expect(code).toBeUndefined();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(screen.getByRole('link', { name: 'Отмена' }).getAttribute('href')).toBe('/');
    await user.click(ask);
    // isVerifyPopup (accounts-sso §2.3): a popup of the login screen, over its form, signed in already.
    const popup = await screen.findByRole('dialog', { name: 'Почта подтверждена' }, { timeout: 5000 });
    expect(location()).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Авторизация' })).toBeTruthy();
    expect(popup.textContent).toContain('anna@example.ru');
    expect(code).toEqual({ code: 'abc_123' });
    expect(localStorage.getItem(storageKeys.token)).toBe('confirmed');
    await user.click(within(popup).getByRole('button', { name: 'В личный кабинет' }));
    await waitFor(() => expect(location()).toBe('/me'));
    expect(screen.queryByRole('dialog', { name: 'Почта подтверждена' })).toBeNull();
  });

  it('«Почта подтверждена» closed by its cross also goes on, to where the guard had stopped the person', async () => {
    server.use(
      http.post('*/api/user/verify/email/check', () => HttpResponse.json({ email: 'anna@example.ru', password_required: false })),
      http.post('*/api/user/verify/email', () =>
        HttpResponse.json({ token: 'confirmed', user: { ...testUser, email: 'anna@example.ru' }, message: 'Почта подтверждена' }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/verify/email/abc_123', { from: '/me/shop' });
    await user.click(await screen.findByRole('button', { name: 'Подтвердить и войти' }, { timeout: 5000 }));
    const popup = await screen.findByRole('dialog', { name: 'Почта подтверждена' }, { timeout: 5000 });
    expect(location()).toBe('/login');
    await user.click(within(popup).getByRole('button', { name: 'Закрыть окно' }));
    await waitFor(() => expect(location()).toBe('/me/shop'));
  });

  it("/verify/email/{code} of someone else's account while signed in: the server's message, and the visitor stays signed in as they are (issue 33)", async () => {
    signIn();
    let confirmed = false;
    server.use(
      http.post('*/api/user/verify/email/check', () =>
        HttpResponse.json({ message: 'Ссылка подтверждения принадлежит другому пользователю' }, { status: 403 }),
      ),
      http.post('*/api/user/verify/email', () => {
        confirmed = true;
        return HttpResponse.json({ token: 'other', user: testUser });
      }),
    );
    renderApp('/verify/email/abc');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Ссылка подтверждения принадлежит другому пользователю',
    );
    expect(screen.queryByRole('button', { name: 'Подтвердить и войти' })).toBeNull();
    expect(confirmed).toBe(false);
    expect(localStorage.getItem(storageKeys.token)).toBe('session-token');
  });

  it('/verify/new/email/{code} confirms the changed address', async () => {
    signIn();
    server.use(http.post('*/api/user/verify/new/email', () => HttpResponse.json({ email: 'new@example.ru' })));
    renderApp('/verify/new/email/abc');
    expect(await screen.findByText('Новая почта new@example.ru подтверждена', {}, { timeout: 5000 })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(storageKeys.user) ?? '{}').email).toBe('new@example.ru');
  });
});

describe('password reset: /verify/resetpassword/{code} → /newpass → «Пароль успешно изменен!» → login', () => {
  it('walks the whole way with the password rules', async () => {
    const calls: unknown[] = [];
    server.use(
      http.put('*/api/auth/resetpassword', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ secure: 'secure-token' });
      }),
      http.post('*/api/auth/resetpassword/update', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ message: 'Пароль успешно изменен!' });
      }),
    );
    renderApp('/verify/resetpassword/reset-code');
    expect(await heading('Новый пароль')).toBeTruthy();
    expect(location()).toBe('/newpass');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Новый пароль'), 'abc1');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('В пароле должна быть заглавная буква')).toBeTruthy();
    await user.clear(screen.getByLabelText('Новый пароль'));
    await user.type(screen.getByLabelText('Новый пароль'), 'Abc12');
    await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    // The popup is the login screen's (accounts-sso §2.3), over its form.
    const dialog = await screen.findByRole('dialog', { name: 'Пароль успешно изменен!' }, { timeout: 5000 });
    expect(location()).toBe('/login');
    expect(calls).toEqual([{ code: 'reset-code' }, { secure: 'secure-token', password: 'Abc12' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Авторизация' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Пароль успешно изменен!' })).toBeNull());
    expect(screen.getByLabelText('Введите пароль:')).toBeTruthy();
  });

  it('a bad link shows the server message', async () => {
    server.use(
      http.put('*/api/auth/resetpassword', () =>
        HttpResponse.json({ message: 'Ссылка для восстановления пароля недействительна или устарела' }, { status: 400 }),
      ),
    );
    renderApp('/verify/resetpassword/old');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Ссылка для восстановления пароля недействительна или устарела',
    );
  });

  it('/newpass without a checked link asks for a new one', async () => {
    renderApp('/newpass');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toMatch(/недействительна или устарела/);
  });
});

describe('/exit', () => {
  it('ends the server session and clears token, user and basket', async () => {
    signIn();
    localStorage.setItem(storageKeys.basket, JSON.stringify([{ selector: 'shop', public_id: 'x', unique_id: 'u' }]));
    let auth: string | null = null;
    server.use(
      http.post('*/api/auth/logout', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ message: 'Вы вышли из аккаунта' });
      }),
    );
    renderApp('/exit');
    expect(await screen.findByText('Вы вышли из аккаунта', {}, { timeout: 5000 })).toBeTruthy();
    expect(auth).toBe('Bearer session-token');
    expect([
      localStorage.getItem(storageKeys.token),
      localStorage.getItem(storageKeys.user),
      localStorage.getItem(storageKeys.basket),
    ]).toEqual([null, null, null]);
  });

  it('clears the local sign-in even when the server cannot be reached', async () => {
    signIn();
    server.use(http.post('*/api/auth/logout', () => HttpResponse.error()));
    renderApp('/exit');
    expect(await screen.findByText('Вы вышли из аккаунта', {}, { timeout: 5000 })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });
});

describe('sign-in links (/token/{id}, /loginlink)', () => {
  const code = 'C'.repeat(43);
  const sessionToken = 'T'.repeat(43);
  const linkServer = (onSession?: (body: unknown) => void) =>
    server.use(
      http.post('*/api/auth/link/check', () => HttpResponse.json({ email: 'anna@example.ru', name: 'Анна' })),
      http.post('*/api/auth/link/session', async ({ request }) => {
        onSession?.(await request.json());
        return HttpResponse.json({ token: sessionToken, user: testUser });
      }),
    );

  it('says whose account the link opens, signs in only on «Войти» (a POST of the code) and goes to a same-site target only', async () => {
    let sent: unknown = null;
    linkServer((body) => {
      sent = body;
    });
    window.history.replaceState(null, '', `/loginlink#code=${code}&redirect=${encodeURIComponent('//evil.example/x')}`);
    renderApp('/loginlink');
    expect(await screen.findByText('Ссылка открывает аккаунт anna@example.ru. Войти в него?')).toBeTruthy();
    expect(window.location.hash).toBe('');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(location()).toBe('/me'), { timeout: 5000 });
    expect(sent).toEqual({ code });
    expect(localStorage.getItem(storageKeys.token)).toBe(sessionToken);
  });

  it('/token/{id} follows a same-site redirect after «Войти»', async () => {
    linkServer();
    renderApp(`/token/${code}?redirect=${encodeURIComponent('/basket')}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(location()).toBe('/basket'), { timeout: 5000 });
  });

  it('«Отмена» signs nobody in', async () => {
    linkServer();
    renderApp(`/token/${code}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Отмена' }));
    await waitFor(() => expect(location()).toBe('/'), { timeout: 5000 });
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('a code the server does not know (or a session token in its place) is refused and nothing is stored', async () => {
    server.use(
      http.post('*/api/auth/link/check', () =>
        HttpResponse.json({ message: 'Ссылка для входа недействительна или устарела. Запросите новую' }, { status: 400 }),
      ),
    );
    renderApp(`/token/${code}`);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Ссылка для входа недействительна или устарела');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });
});
