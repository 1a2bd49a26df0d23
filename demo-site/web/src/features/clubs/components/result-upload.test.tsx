import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { club } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { imageProblem, RESULT_IMAGE_MAX_BYTES } from '../api/upload-result';

const page = `/clubs/${club.public_name}/upload-result`;
const picture = (name: string, bytes = 1024, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

interface Sent {
  authorization: string | null;
  contentType: string | null;
  fields: Record<string, string>;
  images: string[];
  joined?: string;
}

/** The two upload calls, answered as the server does; what they received is kept for checks. */
function uploadHandlers(options: { delayMs?: number } = {}): Sent {
  const sent: Sent = { authorization: null, contentType: null, fields: {}, images: [] };
  server.use(
    http.post('*/api/user/competition', async ({ request }) => {
      if (options.delayMs) await delay(options.delayMs);
      sent.authorization = request.headers.get('authorization');
      sent.contentType = request.headers.get('content-type');
      const form = await request.formData();
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') sent.fields[key] = value;
        else sent.images.push(value.name);
      }
      return HttpResponse.json({
        public_id: 'competition-1',
        competition_type: sent.fields.competition_type,
        value: sent.fields.value,
        comment: sent.fields.comment ?? null,
        images: sent.images.map((name) => `/uploads/${name}`),
        created: '2030-01-01T00:00:00Z',
      });
    }),
    http.put('*/api/user/club/competition/:competitionId/:clubId', ({ params }) => {
      sent.joined = `${params.competitionId}/${params.clubId}`;
      return HttpResponse.json({ public_id: 'entry-1', club: { public_id: club.public_id, title: club.title } });
    }),
  );
  return sent;
}

async function openForm() {
  localStorage.setItem(storageKeys.token, 'member-token');
  renderApp(page);
  expect(await screen.findByRole('heading', { level: 1, name: 'Загрузка результата' })).toBeTruthy();
  return userEvent.setup();
}

describe('club result upload (/clubs/{id}/upload-result)', () => {
  it('shows a loading state, then the form for the club', async () => {
    localStorage.setItem(storageKeys.token, 'member-token');
    server.use(
      http.get('*/api/list/competition/type', async () => {
        await delay(50);
        return HttpResponse.json({ values: [{ public_id: 'type-time', title: 'Бег на время', unit: 'time' }] });
      }),
    );
    renderApp(page);
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Вид соревнования' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('Московские бегуны')).toBeTruthy();
  });

  it('asks a guest to sign in instead of showing the form', async () => {
    renderApp(page);
    expect(await screen.findByRole('link', { name: 'Войдите в личный кабинет' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Вид соревнования' })).toBeNull();
  });

  it('sends the result as multipart with the token, enters it in the club and says so', async () => {
    const sent = uploadHandlers();
    const user = await openForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Вид соревнования' }), 'Бег на время');
    // The time mask puts the colons in.
    const time = screen.getByRole('textbox', { name: 'Время (ЧЧ:ММ:СС)' });
    await user.type(time, '004210');
    expect((time as HTMLInputElement).value).toBe('00:42:10');
    await user.type(screen.getByRole('textbox', { name: 'Комментарий' }), 'Личный рекорд');
    expect(screen.getByText('13 из 500 символов')).toBeTruthy();
    await user.upload(screen.getByLabelText('Фотографии результата'), [picture('finish.jpg'), picture('medal.png', 2048, 'image/png')]);
    const chosen = screen.getByRole('list', { name: 'Выбранные фотографии' });
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Загрузить результат' }));

    expect(await screen.findByText('Ваши результаты успешно загружены')).toBeTruthy();
    expect(sent.authorization).toBe('Bearer member-token');
    expect(sent.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.fields).toEqual({ competition_type: 'type-time', value: '00:42:10', comment: 'Личный рекорд' });
    expect(sent.images).toEqual(['finish.jpg', 'medal.png']);
    expect(sent.joined).toBe(`competition-1/${club.public_id}`);
    // The form is ready for the next result.
    expect((screen.getByRole('combobox', { name: 'Вид соревнования' }) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('textbox', { name: 'Расстояние, км' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('list', { name: 'Выбранные фотографии' })).toBeNull();
  });

  it('takes a distance with a comma as a decimal number', async () => {
    const sent = uploadHandlers();
    const user = await openForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Вид соревнования' }), 'Бег на дистанцию');
    await user.type(screen.getByRole('textbox', { name: 'Расстояние, км' }), '10,5');
    await user.click(screen.getByRole('button', { name: 'Загрузить результат' }));
    expect(await screen.findByText('Ваши результаты успешно загружены')).toBeTruthy();
    expect(sent.fields.value).toBe('10.5');
    expect(sent.fields.comment).toBeUndefined();
  });

  it('shows «Загружаем…» while the upload runs', async () => {
    uploadHandlers({ delayMs: 100 });
    const user = await openForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Вид соревнования' }), 'Бег на дистанцию');
    await user.type(screen.getByRole('textbox', { name: 'Расстояние, км' }), '5');
    await user.click(screen.getByRole('button', { name: 'Загрузить результат' }));
    const busy = await screen.findByRole('button', { name: 'Загружаем…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Ваши результаты успешно загружены')).toBeTruthy();
  });

  it('checks the fields before sending anything', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/user/competition', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const user = await openForm();
    await user.click(screen.getByRole('button', { name: 'Загрузить результат' }));
    expect(await screen.findByText('Выберите вариант')).toBeTruthy();
    expect(screen.getByText('Заполните поле')).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Вид соревнования' }), 'Бег на время');
    await user.type(screen.getByRole('textbox', { name: 'Время (ЧЧ:ММ:СС)' }), '007');
    await user.click(screen.getByRole('button', { name: 'Загрузить результат' }));
    expect(await screen.findByText('Введите корректное время')).toBeTruthy();
    expect(calls).toBe(0);
  });

  it('turns away pictures of the wrong type, over 2 MB, or beyond six', async () => {
    const user = userEvent.setup({ applyAccept: false });
    localStorage.setItem(storageKeys.token, 'member-token');
    renderApp(page);
    const input = await screen.findByLabelText('Фотографии результата');
    await user.upload(input, [
      picture('scan.pdf', 100, 'application/pdf'),
      picture('huge.jpg', RESULT_IMAGE_MAX_BYTES + 1),
      picture('ok.jpeg'),
      picture('blank.png', 0, 'image/png'),
    ]);
    const alert = await screen.findByRole('alert');
    // accounts-sso §5's words as written.
    expect(within(alert).getByText('scan.pdf: Неподдерживаемый формат')).toBeTruthy();
    expect(within(alert).getByText('huge.jpg: Размер изображения слишком большой')).toBeTruthy();
    expect(within(alert).getByText('blank.png: Загрузите файл')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Выбранные фотографии' })).getAllByRole('listitem')).toHaveLength(1);

    await user.upload(
      input,
      Array.from({ length: 6 }, (_, index) => picture(`photo-${index}.png`, 10, 'image/png')),
    );
    expect(await screen.findByText('Можно загрузить не больше 6 фотографий')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Выбранные фотографии' })).getAllByRole('listitem')).toHaveLength(6);
    expect((input as HTMLInputElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Убрать ok.jpeg' }));
    expect(within(screen.getByRole('list', { name: 'Выбранные фотографии' })).getAllByRole('listitem')).toHaveLength(5);
    expect((input as HTMLInputElement).disabled).toBe(false);
  });

  it("shows the failure and the server's message on a 400", async () => {
    server.use(http.post('*/api/user/competition', () => HttpResponse.json({ message: 'Результат уже загружен' }, { status: 400 })));
    const user = await openForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Вид соревнования' }), 'Бег на дистанцию');
    await user.type(screen.getByRole('textbox', { name: 'Расстояние, км' }), '21.1');
    await user.click(screen.getByRole('button', { name: 'Загрузить результат' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить ваши результаты')).toBeTruthy();
    expect(within(alert).getByText('Результат уже загружен')).toBeTruthy();
    // The screen says it; no global popup on top.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the failure when entering the result in the club fails', async () => {
    uploadHandlers();
    server.use(http.put('*/api/user/club/competition/:competitionId/:clubId', () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    const user = await openForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Вид соревнования' }), 'Бег на дистанцию');
    await user.type(screen.getByRole('textbox', { name: 'Расстояние, км' }), '3');
    await user.click(screen.getByRole('button', { name: 'Загрузить результат' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить ваши результаты')).toBeTruthy();
  });

  it('a 401 on upload goes to the login', async () => {
    server.use(http.post('*/api/user/competition', () => HttpResponse.json({ message: 'Требуется авторизация' }, { status: 401 })));
    const user = await openForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Вид соревнования' }), 'Бег на дистанцию');
    await user.type(screen.getByRole('textbox', { name: 'Расстояние, км' }), '3');
    await user.click(screen.getByRole('button', { name: 'Загрузить результат' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(localStorage.getItem(storageKeys.token)).toBe('member-token');
  });
});

describe('imageProblem (accounts-sso §5: jpg, jpeg, png; 2 097 152 bytes)', () => {
  it.each([
    ['a.jpg', 'image/jpeg', 10, null],
    ['a.JPEG', 'image/jpeg', 10, null],
    ['a.png', 'image/png', RESULT_IMAGE_MAX_BYTES, null],
    ['a.png', '', 10, null],
    ['a.png', 'image/png', RESULT_IMAGE_MAX_BYTES + 1, 'size'],
    ['a.gif', 'image/gif', 10, 'type'],
    ['a.jpg', 'application/pdf', 10, 'type'],
    ['jpg', '', 10, 'type'],
  ])('%s (%s, %i bytes) → %s', (name, type, size, problem) => {
    expect(imageProblem({ name, type, size })).toBe(problem);
  });
});
