import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { renderWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { type ParticipantRules, participantRules } from '../participant-schema';
import { ParticipantForm } from './participant-form';

const rules: ParticipantRules = participantRules(
  {
    start_time: '2030-05-31T06:00:00Z',
    age_min: 16,
    age_max: 70,
    regions: [
      { id: 524894, name_ru: 'Москва' },
      { id: 536203, name_ru: 'Санкт-Петербург' },
    ],
    select: { title: 'Стартовая волна', values: ['Первая', 'Вторая'] },
    clusters: [
      { name: 'Любители', document: false },
      { name: 'Элита', document: true },
    ],
    license_file: true,
    additional_fields: [
      { name: 'emergency_phone', label: 'Телефон близкого', required: true },
      { name: 'club_name', label: 'Клуб', required: false },
    ],
  },
  [
    { name: 'S', count: 0 },
    { name: 'M', count: 3 },
  ],
);

const file = (name: string, bytes: number, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** POST /api/user/file as the server answers it; the names it received are kept. */
function uploads(): string[] {
  const received: string[] = [];
  server.use(
    http.post('*/api/user/file', async ({ request }) => {
      if (!request.headers.get('authorization')) return HttpResponse.json({ message: 'Требуется авторизация' }, { status: 401 });
      const form = await request.formData();
      const sent = form.get('file') as File;
      received.push(sent.name);
      return HttpResponse.json({ public_id: `file-${received.length}`, name: sent.name, mime: sent.type, size: sent.size, url: '/x' });
    }),
  );
  return received;
}

async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Фамилия' }), 'Смирнова');
  await user.type(screen.getByRole('textbox', { name: 'Имя' }), 'Анна');
  await user.type(screen.getByRole('textbox', { name: 'Телефон' }), '79161234567');
  await user.click(screen.getByRole('radio', { name: 'Женский' }));
  await user.type(screen.getByRole('textbox', { name: 'Дата рождения' }), '01011990');
}

describe('ParticipantForm', () => {
  it('shows every message of ticketing-shop §5 when sent empty, and sends nothing', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ParticipantForm rules={rules} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findAllByText('Заполните поле')).toHaveLength(4); // last, first name, phone, required additional
    for (const message of [
      'Выберите одно из значений',
      'Введите корректную дату',
      'Выберите регион',
      'Выберите размер',
      'Выберите вариант',
      'Выберите кластер',
      'Выберите файл',
    ]) {
      expect(screen.getByText(message, { selector: '.field-error' })).toBeTruthy();
    }
    expect(screen.getByRole('textbox', { name: 'Фамилия' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Клуб' }).getAttribute('aria-invalid')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('masks the birth date and phone and checks the ages against the event start', async () => {
    renderWithProviders(<ParticipantForm rules={rules} onSubmit={vi.fn()} />);
    const user = userEvent.setup();
    const birth = screen.getByRole('textbox', { name: 'Дата рождения' });
    await user.type(birth, '0106201a4');
    expect((birth as HTMLInputElement).value).toBe('01.06.2014');
    await user.tab();
    expect(await screen.findByText('Участие старше 16')).toBeTruthy();
    await user.clear(birth);
    await user.type(birth, '30051959');
    expect(await screen.findByText('Участие младше 70')).toBeTruthy();
    await user.clear(birth);
    await user.type(birth, '3102199');
    expect(await screen.findByText('Введите корректную дату')).toBeTruthy();
    await user.clear(birth);
    await user.type(birth, '31051960');
    await waitFor(() => expect(screen.queryByText('Введите корректную дату')).toBeNull());

    const phone = screen.getByRole('textbox', { name: 'Телефон' });
    await user.type(phone, '791612345');
    await user.tab();
    expect(await screen.findByText('Введите корректный номер телефона')).toBeTruthy();
    await user.type(phone, '67');
    expect((phone as HTMLInputElement).value).toBe('+7 (916) 123-45-67');
    await waitFor(() => expect(screen.queryByText('Введите корректный номер телефона')).toBeNull());
  });

  it('disables sizes with nothing left', () => {
    renderWithProviders(<ParticipantForm rules={rules} />);
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'S — нет в наличии' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'M' }).disabled).toBe(false);
  });

  it('refuses a large or foreign file before sending it, uploads a good one and sends the whole form', async () => {
    localStorage.setItem(storageKeys.token, 'member-token');
    const received = uploads();
    const onSubmit = vi.fn();
    renderWithProviders(<ParticipantForm rules={rules} onSubmit={onSubmit} />);
    const user = userEvent.setup({ applyAccept: false });
    await fillPerson(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Регион' }), 'Санкт-Петербург');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Размер футболки' }), 'M');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Стартовая волна' }), 'Вторая');
    expect(screen.queryByLabelText('Документ для кластера')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Кластер' }), 'Элита');
    const licence = screen.getByLabelText('Лицензия');
    await user.upload(licence, file('big.pdf', 4 * 1024 * 1024 + 1, 'application/pdf'));
    expect(await screen.findByText('Размер файла больше допустимого!')).toBeTruthy();
    await user.upload(licence, file('notes.txt', 10, 'text/plain'));
    expect(await screen.findByText('Подходят только файлы pdf, jpeg, png, jpg')).toBeTruthy();
    expect(received).toEqual([]);
    await user.upload(licence, file('licence.jpg', 2048, 'image/jpeg'));
    expect(await screen.findByText('Загружен файл: licence.jpg')).toBeTruthy();
    await user.upload(screen.getByLabelText('Документ для кластера'), file('elite.pdf', 2048, 'application/pdf'));
    expect(await screen.findByText('Загружен файл: elite.pdf')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Телефон близкого' }), '79160000000');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(received).toEqual(['licence.jpg', 'elite.pdf']);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      last_name: 'Смирнова',
      first_name: 'Анна',
      second_name: null,
      phone: '79161234567',
      gender: 'female',
      birth_date: '1990-01-01',
      region: 536203,
      item_size: 'M',
      select_field: 'Вторая',
      cluster: 'Элита',
      cluster_document: 'file-2',
      license: 'file-1',
      emergency_phone: '79160000000',
      club_name: null,
    });
  });

  it('asks a guest to sign in when the upload needs an account', async () => {
    uploads();
    renderWithProviders(<ParticipantForm rules={rules} />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Лицензия'), file('licence.pdf', 100, 'application/pdf'));
    expect(await screen.findByText('Чтобы загрузить файл, войдите в личный кабинет')).toBeTruthy();
  });

  it('starts from given values, reports each change with its validity and shows a server message on its field', async () => {
    const onChange = vi.fn();
    const simple = participantRules({ start_time: '2030-05-31T06:00:00Z' });
    const { rerender } = renderWithProviders(
      <ParticipantForm
        rules={simple}
        onChange={onChange}
        defaultValues={{
          last_name: 'Смирнова',
          first_name: 'Анна',
          phone: '+7 (916) 123-45-67',
          gender: 'female',
          birth_date: '01.01.1990',
        }}
      />,
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Фамилия' }).value).toBe('Смирнова');
    expect(screen.queryByRole('button')).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Отчество (если есть)' }), 'И');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ second_name: 'И' }), true));
    await user.clear(screen.getByRole('textbox', { name: 'Имя' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ first_name: '' }), false));
    rerender(<ParticipantForm rules={simple} serverError={{ field: 'phone', message: 'Номер уже занят' }} />);
    expect(await screen.findByText('Номер уже занят')).toBeTruthy();
  });

  it('shows the messages of a form never touched when asked to (an errored basket tab)', async () => {
    const simple = participantRules({ start_time: '2030-05-31T06:00:00Z' });
    const { rerender } = renderWithProviders(<ParticipantForm rules={simple} />);
    expect(screen.queryByText('Заполните поле')).toBeNull();
    rerender(<ParticipantForm rules={simple} validateSignal={1} />);
    expect(await screen.findAllByText('Заполните поле')).toHaveLength(3);
  });

  describe('a school from the state register (additional field with register: obrnadzor)', () => {
    const entry = (public_id: string, region_name: string, short_name: string, inn: string) => ({
      public_id,
      region_name,
      organization: short_name.replace('МБУ ДО', 'Муниципальное бюджетное учреждение дополнительного образования'),
      short_name,
      inn,
      ogrn: '1',
      license_number: 'Л035-1',
      license_date: '2020-01-01',
      address: `г. ${region_name}`,
      activity: 'Дополнительное образование детей',
      status: 'Действующая',
    });
    const balashikha = entry('o1', 'Московская область', 'МБУ ДО «Спортивная школа «Балашиха»»', '5001000001');
    const kazan = entry('o2', 'Республика Татарстан', 'МБУ ДО «Спортивная школа по триатлону»', '1655000002');
    const kazanRun = entry('o3', 'Республика Татарстан', 'АНО ДО «Академия бега «Казань»»', '1655000003');
    const schoolRules = participantRules({
      start_time: '2030-05-31T06:00:00Z',
      additional_fields: [{ name: 'sport_school', label: 'Спортивная школа', required: true, register: 'obrnadzor' }],
    });

    /** The register as the server answers it; the paths asked are kept. */
    function register(): string[] {
      const asked: string[] = [];
      server.use(
        http.get('*/api/obrnadzor/regions', () => HttpResponse.json({ region_names: ['Московская область', 'Республика Татарстан'] })),
        http.get('*/api/obrnadzor/search/:text', ({ params }) => {
          const text = String(params.text);
          asked.push(`search/${text}`);
          const found = [balashikha, kazan, kazanRun].filter((candidate) =>
            `${candidate.short_name} ${candidate.inn} ${candidate.address}`.toLowerCase().includes(text.toLowerCase()),
          );
          return HttpResponse.json({ values: found });
        }),
        http.get('*/api/obrnadzor/region/:name', ({ params }) => {
          asked.push(`region/${String(params.name)}`);
          return HttpResponse.json({ values: [kazan, kazanRun].filter((candidate) => candidate.region_name === params.name) });
        }),
      );
      return asked;
    }

    it('typing searches the register; arrows and Enter choose; the short name is what is sent', async () => {
      const asked = register();
      const onSubmit = vi.fn();
      renderWithProviders(<ParticipantForm rules={schoolRules} onSubmit={onSubmit} />);
      const user = userEvent.setup();
      await fillPerson(user);
      const school = screen.getByRole('combobox', { name: 'Спортивная школа' });
      await user.type(school, 'балаш');
      const list = await screen.findByRole('listbox', { name: 'Спортивная школа' });
      await waitFor(() => expect(list.querySelectorAll('[role="option"]')).toHaveLength(1));
      expect(asked.filter((path) => path.startsWith('search/')).at(-1)).toBe('search/балаш');
      expect(screen.getByText('Найдена 1 организация')).toBeTruthy();
      await user.keyboard('{ArrowDown}');
      const option = within(list).getByRole('option', { name: /Балашиха/ });
      expect(option.getAttribute('aria-selected')).toBe('true');
      expect(school.getAttribute('aria-activedescendant')).toBe(option.id);
      await user.keyboard('{Enter}');
      expect((school as HTMLInputElement).value).toBe(balashikha.short_name);
      expect(screen.queryByRole('option', { name: /ИНН/ })).toBeNull();
      expect(onSubmit).not.toHaveBeenCalled(); // Enter chose; it did not send the form
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ sport_school: balashikha.short_name });
      expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('register_pending');
    });

    it('a region lists its organisations and narrows a search; typed text that is not chosen is refused', async () => {
      const asked = register();
      const onSubmit = vi.fn();
      renderWithProviders(<ParticipantForm rules={schoolRules} onSubmit={onSubmit} />);
      const user = userEvent.setup();
      await fillPerson(user);
      const region = screen.getByRole('combobox', { name: 'Регион организации' });
      await screen.findByRole('option', { name: 'Республика Татарстан' });
      await user.selectOptions(region, 'Республика Татарстан');
      await waitFor(() => expect(screen.getAllByRole('option', { name: /ИНН/ })).toHaveLength(2));
      expect(asked).toContain('region/Республика Татарстан');

      const school = screen.getByRole('combobox', { name: 'Спортивная школа' });
      await user.type(school, 'школа');
      // «школа» matches Балашиха too; the region keeps the triathlon school only.
      await waitFor(() =>
        expect(screen.getAllByRole('option', { name: /ИНН/ }).map((option) => option.textContent)).toEqual([
          expect.stringContaining('по триатлону'),
        ]),
      );
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      expect(await screen.findByText('Выберите организацию из реестра', { selector: '.field-error' })).toBeTruthy();
      expect(school.getAttribute('aria-invalid')).toBe('true');
      expect(onSubmit).not.toHaveBeenCalled();

      await user.click(school);
      await user.click(await screen.findByRole('option', { name: /по триатлону/ }));
      await waitFor(() => expect(screen.queryByText('Выберите организацию из реестра', { selector: '.field-error' })).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      expect(onSubmit.mock.calls[0]![0]).toMatchObject({ sport_school: kazan.short_name });
    });
  });
});
