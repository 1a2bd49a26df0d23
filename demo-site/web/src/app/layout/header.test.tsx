import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basketActions } from '../../features/basket/basket-store';
import { storageKeys } from '../../lib/storage';
import { renderApp } from '../../testing/render';
import { routeTable } from '../router';
import { registerScreen } from '../warm-screens';

describe('header and footer', () => {
  it('lists the entries of ticketing-shop §2, merch and partners only in the collapsed menu', async () => {
    renderApp('/about');
    const nav = await screen.findByRole('navigation', { name: 'Главное меню' });
    const items = within(nav).getAllByRole('listitem');
    const labels = items
      .filter((item) => item.parentElement?.classList.contains('main-nav__list'))
      .map((item) => item.querySelector('a, button')?.textContent?.replace(/\s*\(.*\)$/, ''));
    expect(labels).toEqual([
      'Календарь',
      'Новости',
      'Магазин',
      'Мерч',
      'Партнёрам',
      'Корпоративным клиентам▾',
      'Карьера',
      'СМИ',
      'О нас',
      'Обратная связь',
      'Клубы',
      'Фото',
      'Результаты',
    ]);
    const collapsedOnly = items.filter((item) => item.classList.contains('main-nav__collapsed-only')).map((item) => item.textContent);
    expect(collapsedOnly).toEqual(['Мерч', 'Партнёрам']);
  });

  it('opens the corporate dropdown with corporate, partners, logistics and merch; Escape closes it', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    const toggle = await screen.findByRole('button', { name: /Корпоративным клиентам/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Корпоративным клиентам', 'Партнёрам', 'Логистика', 'Мерч']);
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('sends guests to /login from a «Личный кабинет» text link in the header and shows the cabinet link in the footer', async () => {
    renderApp('/about');
    await screen.findByRole('navigation', { name: 'Главное меню' });
    const header = document.querySelector<HTMLElement>('.site-header')!;
    const link = within(header).getByRole('link', { name: 'Личный кабинет' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(link.textContent).toBe('Личный кабинет');
    expect(within(document.querySelector<HTMLElement>('.site-footer')!).getByRole('link', { name: 'Личный кабинет' })).toBeTruthy();
  });

  it('sends signed-in users to /me and hides the cabinet link', async () => {
    localStorage.setItem(storageKeys.token, 't');
    renderApp('/about');
    expect((await screen.findByRole('link', { name: 'Мои события' })).getAttribute('href')).toBe('/me');
    expect(screen.queryByRole('link', { name: 'Личный кабинет' })).toBeNull();
  });

  it('derives breadcrumbs from the first segment and the child title', async () => {
    renderApp('/news/news-1');
    const trail = await screen.findByRole('navigation', { name: 'Навигационная цепочка' });
    await waitFor(() =>
      expect(
        within(trail)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Главная', 'Новости', 'Открыта регистрация на весенний забег']),
    );
  });

  it('switches to English and remembers it', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'О нас' });
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Calendar' })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.language)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches the theme and remembers it', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    const toggle = await screen.findByRole('button', { name: 'Тёмная тема' });
    expect(document.documentElement.classList.contains('white')).toBe(true);
    await user.click(toggle);
    expect(localStorage.getItem(storageKeys.theme)).toBe('dark');
    expect(document.documentElement.classList.contains('white')).toBe(false);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  describe('the basket screen loaded ahead', () => {
    // The browser's idle moment comes on the next task (happy-dom has no requestIdleCallback: the
    // hook's fallback waits 500 ms, which a loaded CI machine stretched past the wait below).
    // The basket's loader, as the router registered it, stands in for by a spy (the module may be
    // shared with other test files of the worker: no module mock).
    const loadBasket = vi.fn(async () => undefined);
    beforeEach(() => {
      registerScreen('/basket', loadBasket);
      Object.assign(window, {
        requestIdleCallback: (run: () => void) => window.setTimeout(run, 0),
        cancelIdleCallback: (handle: number) => window.clearTimeout(handle),
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(window, 'requestIdleCallback');
      Reflect.deleteProperty(window, 'cancelIdleCallback');
      basketActions.reset();
      loadBasket.mockClear();
      const basket = routeTable.find((route) => route.path === '/basket');
      if (basket?.preload) registerScreen('/basket', basket.preload);
    });

    it('is not loaded while the basket is empty; once it holds goods, it is loaded when the page is idle', async () => {
      basketActions.reset();
      renderApp('/about');
      await screen.findByRole('navigation', { name: 'Главное меню' });
      expect(loadBasket).not.toHaveBeenCalled();
      act(() => basketActions.reset([{ selector: 'shop', public_id: 'p1', unique_id: 'u1' } as never]));
      await waitFor(() => expect(loadBasket).toHaveBeenCalled(), { timeout: 5000 });
      expect(loadBasket).toHaveBeenCalledTimes(1);
    });
  });
});
