import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { eventType, springRun } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';

const slide = (id: string, title: string) => ({ ...springRun, public_id: id, title });
const threeBanners = [slide('spring-run', 'Забег Героев. Весна'), slide('night-run', 'Ночной забег'), slide('bike-night', 'Велоночь')];

const nightType = {
  ...eventType,
  public_id: 'type-night',
  title: 'Ночной забег',
  description: 'Старт после заката.',
  video_promo: 'https://video.geroi.example/night.mp4',
};

describe('home: the banner carousel', () => {
  it('keeps the banner space while the events load, then shows the first slide', async () => {
    server.use(
      http.get('*/api/event/list', async () => {
        await delay(50);
        return HttpResponse.json({ values: threeBanners });
      }),
    );
    const { container } = renderApp('/');
    await waitFor(() => expect(container.querySelector('.banner-slider--placeholder')).not.toBeNull());
    const carousel = await screen.findByRole('region', { name: 'Главные события' });
    expect(container.querySelector('.banner-slider--placeholder')).toBeNull();
    expect(within(carousel).getByRole('heading', { level: 2, name: 'Забег Героев. Весна' })).toBeTruthy();
    expect(within(carousel).getByText('1 / 3')).toBeTruthy();
    // The first picture is the page's most important one.
    const picture = carousel.querySelector('img.banner__image');
    expect(picture?.getAttribute('fetchpriority')).toBe('high');
    expect(picture?.getAttribute('width')).toBe('1200');
    expect(picture?.getAttribute('height')).toBe('640');
  });

  it('turns the slides with the buttons (Swiper takes over), wrapping around', async () => {
    server.use(http.get('*/api/event/list', () => HttpResponse.json({ values: threeBanners })));
    const user = userEvent.setup();
    const { container } = renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'Главные события' });
    await user.click(within(carousel).getByRole('button', { name: 'Следующий слайд' }));
    expect(await within(carousel).findByText('2 / 3')).toBeTruthy();
    // Swiper, loaded on the first reach, now holds every slide, each named for screen readers.
    await waitFor(() => expect(container.querySelector('.swiper')).not.toBeNull());
    expect(within(carousel).getByRole('listitem', { name: '3 из 3' })).toBeTruthy();
    const participate = within(carousel).getByRole('link', { name: /^Участвовать\s*: Ночной забег$/ });
    expect(participate.getAttribute('tabindex')).toBe('0');
    expect(
      within(carousel)
        .getByRole('link', { name: /^Участвовать\s*: Велоночь$/ })
        .getAttribute('tabindex'),
    ).toBe('-1');
    await user.click(within(carousel).getByRole('button', { name: 'Предыдущий слайд' }));
    await user.click(within(carousel).getByRole('button', { name: 'Предыдущий слайд' }));
    expect(await within(carousel).findByText('3 / 3')).toBeTruthy();
  });

  it('keeps the keyboard focus on the slide link when Swiper takes over', async () => {
    server.use(http.get('*/api/event/list', () => HttpResponse.json({ values: threeBanners })));
    const { container } = renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'Главные события' });
    within(carousel)
      .getByRole('link', { name: /Забег Героев\. Весна$/ })
      .focus();
    await waitFor(() => expect(container.querySelector('.swiper')).not.toBeNull());
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Участвовать: Забег Героев. Весна'));
    expect(container.querySelector('.swiper')?.contains(document.activeElement)).toBe(true);
  });

  it('turns the slides with the arrow keys', async () => {
    server.use(http.get('*/api/event/list', () => HttpResponse.json({ values: threeBanners })));
    renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'Главные события' });
    fireEvent.keyDown(within(carousel).getByRole('button', { name: 'Следующий слайд' }), { key: 'ArrowRight' });
    expect(await within(carousel).findByText('2 / 3')).toBeTruthy();
    fireEvent.keyDown(within(carousel).getByRole('button', { name: 'Следующий слайд' }), { key: 'ArrowLeft' });
    expect(await within(carousel).findByText('1 / 3')).toBeTruthy();
  });

  it('one banner: no carousel controls', async () => {
    renderApp('/');
    const carousel = await screen.findByRole('region', { name: 'Главные события' });
    expect(within(carousel).queryByRole('button', { name: 'Следующий слайд' })).toBeNull();
  });
});

describe('home: stories', () => {
  it('keeps the row while the stories load, then shows one story per kind of event', async () => {
    server.use(
      http.get('*/api/event_type/list', async () => {
        await delay(50);
        return HttpResponse.json({ values: [eventType, nightType] });
      }),
    );
    const { container } = renderApp('/');
    await waitFor(() => expect(container.querySelector('.stories__list--placeholder')).not.toBeNull());
    const stories = await screen.findByRole('region', { name: 'Истории' });
    await waitFor(() => expect(within(stories).getAllByRole('button')).toHaveLength(2));
    expect(within(stories).getByRole('button', { name: 'Забег' })).toBeTruthy();
    expect(within(stories).getByRole('button', { name: 'Ночной забег' })).toBeTruthy();
  });

  it('opens a story, goes to the next one, marks them seen and closes', async () => {
    server.use(http.get('*/api/event_type/list', () => HttpResponse.json({ values: [eventType, nightType] })));
    const user = userEvent.setup();
    renderApp('/');
    const stories = await screen.findByRole('region', { name: 'Истории' });
    const first = await within(stories).findByRole('button', { name: 'Забег' });
    await user.click(first);
    let dialog = await screen.findByRole('dialog', { name: 'Забег' });
    expect(within(dialog).getByText('История 1 из 2')).toBeTruthy();
    expect(within(dialog).getByText('Беговые события')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'События в календаре' }).getAttribute('href')).toBe('/calendar?type=type-run');
    expect(within(dialog).queryByRole('link', { name: /Смотреть видео/ })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Следующая история' }));
    dialog = await screen.findByRole('dialog', { name: 'Ночной забег' });
    expect(within(dialog).getByText('История 2 из 2')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Смотреть видео/ })
        .getAttribute('href'),
    ).toBe(nightType.video_promo);

    await user.click(within(dialog).getByRole('button', { name: 'Закрыть окно' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    for (const name of ['Забег', 'Ночной забег']) {
      expect(within(stories).getByRole('button', { name }).className).toContain('story--seen');
    }
  });

  it('a story link goes to the calendar filtered by its kind', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Забег' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Забег' })).getByRole('link', { name: 'События в календаре' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/calendar?type=type-run'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('no stories (or a failed load): no block at all', async () => {
    server.use(http.get('*/api/event_type/list', () => HttpResponse.json({ values: [] })));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Ближайшие события' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Истории' })).toBeNull());
  });
});
