import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadIMask } from '../../../components/ui/masked-input';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });

describe("the organiser's pages (/corp, /logistics, /smi, /newyear_2022, /virtualEvents, /photo)", () => {
  it.each([
    ['/corp', 'Корпоративным клиентам', 'Заявка для компании', 'corporate', '/images/pages/corp.svg'],
    ['/logistics', 'Логистика', 'Вопрос логистам', 'logistics', '/images/pages/logistics.svg'],
    ['/smi', 'СМИ', 'Заявка на аккредитацию', 'smi', '/images/pages/smi.svg'],
  ])('%s: its picture, its sections and a request form sent with its support_type', async (path, title, form, supportType, picture) => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('*/api/support', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ message: 'Спасибо! Ваша заявка отправлена. Наши менеджеры свяжутся с вами в ближайшее время.' });
      }),
    );
    // The phone mask's chunk, there as it is after a page's first paint: typed into while it comes, the
    // field's caret is imask's and user-event's own idea of it differs (a digit goes astray).
    await loadIMask();
    const user = userEvent.setup();
    const { container } = renderApp(path);
    await heading(title);
    expect(container.querySelector(`img[src="${picture}"]`)).not.toBeNull();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(4);
    const section = screen.getByRole('region', { name: form });
    await user.type(within(section).getByLabelText('Имя'), 'Ольга');
    await user.type(within(section).getByLabelText('E-mail'), 'olga@geroi.example');
    await user.type(within(section).getByLabelText('Телефон'), '79161234567');
    await user.click(within(section).getByLabelText('Я согласен на обработку персональных данных'));
    await user.click(within(section).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Ольга', email: 'olga@geroi.example', support_type: supportType });
    expect((await within(section).findByRole('status')).textContent).toContain('Ваша заявка отправлена');
  });

  it('/virtualEvents: the virtual races on sale with links to their formats, the four steps, the ways on', async () => {
    const virtual = {
      public_id: 'f-online',
      title: 'Онлайн 5 км',
      description: 'Бегите где угодно',
      price: 900,
      start_time: '2030-09-20T07:00:00Z',
      timezone: 'Europe/Moscow',
      tickets_left: { athlete: 40 },
      event: { public_id: 'e-autumn', title: 'Осенний забег' },
      event_city: { public_id: 'ec-rostov' },
      city: { id: 501175, name_ru: 'Ростов-на-Дону' },
    };
    server.use(
      http.get('*/api/event_format/virtual', () =>
        HttpResponse.json({ values: [virtual, { ...virtual, public_id: 'f-gone', title: 'Онлайн 10 км', tickets_left: { athlete: 0 } }] }),
      ),
    );
    renderApp('/virtualEvents');
    await heading('Виртуальные забеги');
    const list = screen.getByRole('region', { name: 'Ближайшие виртуальные забеги' });
    const race = await within(list).findByRole('article', { name: 'Онлайн 5 км' });
    expect(within(race).getByText('Осенний забег')).toBeTruthy();
    expect(within(race).getByText('20 сентября 2030')).toBeTruthy();
    expect(within(race).getByRole('link', { name: 'Выбрать билет: Онлайн 5 км' }).getAttribute('href')).toBe(
      '/event/e-autumn/f-online?city=ec-rostov',
    );
    const gone = within(list).getByRole('article', { name: 'Онлайн 10 км' });
    expect(within(gone).queryByRole('link')).toBeNull();
    expect(within(gone).getByText('Билеты закончились')).toBeTruthy();
    const steps = screen.getByRole('region', { name: 'Четыре шага' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(4);
    expect(within(steps).getByRole('link', { name: 'Мои билеты' }).getAttribute('href')).toBe('/me');
  });

  it('/photo: an album of each latest race and the search by bib number, both opening the photo bank', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    const open = window.open;
    window.open = ((url: string) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
    const view = renderApp('/photo');
    await heading('Фото');
    const albums = screen.getByRole('region', { name: 'Альбомы последних стартов' });
    const album = await within(albums).findByRole('article', { name: 'Зимний забег Героев — Москва' }, { timeout: 5000 });
    const link = within(album).getByRole('link', { name: 'Смотреть фото: Зимний забег Героев — Москва' });
    expect(link.getAttribute('href')).toBe('https://photo.geroi.example/?event=ec-winter-moscow');
    expect(link.getAttribute('target')).toBe('_blank');
    const find = screen.getByRole('region', { name: 'Найти себя по стартовому номеру' });
    await user.type(within(find).getByRole('textbox', { name: 'Стартовый номер' }), '12a7');
    await user.click(within(find).getByRole('button', { name: 'Найти фото' }));
    window.open = open;
    expect(opened).toEqual(['https://photo.geroi.example/?event=ec-winter-moscow&number=127']);
    view.unmount();
  });

  it('/newyear_2022: the upcoming starts of December and January, and the way to the calendar', async () => {
    const base = (await import('../../../testing/fixtures')).springRun;
    const newYear = new Date(Date.UTC(new Date().getUTCFullYear(), 11, 31, 9)).toISOString();
    const summer = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 6, 1, 9)).toISOString();
    server.use(
      http.get('*/api/event/list', () =>
        HttpResponse.json({
          values: [
            { ...base, public_id: 'ny', title: 'Новогодний забег Героев', event_city: [{ ...base.event_city[0], start_time: newYear }] },
            { ...base, public_id: 'summer', title: 'Летний забег', event_city: [{ ...base.event_city[0], start_time: summer }] },
          ],
        }),
      ),
    );
    renderApp('/newyear_2022');
    await heading('Новогодний забег');
    const races = screen.getByRole('region', { name: 'Новогодние старты' });
    expect(await within(races).findByRole('link', { name: 'Новогодний забег Героев' }, { timeout: 5000 })).toBeTruthy();
    expect(within(races).queryByRole('link', { name: 'Летний забег' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Даты и города в календаре' }).getAttribute('href')).toBe('/calendar');
  });
});
