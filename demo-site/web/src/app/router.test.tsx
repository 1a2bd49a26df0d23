import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render';
import { routeTable } from './router';

/** accounts-sso §2.1 and §2.2 with their parameters filled in. */
const specPaths = [
  '/',
  '/404',
  '/notsupport',
  '/exit',
  '/loginlink',
  '/newpass',
  '/verify/resetpassword/CODE',
  '/verify/email/CODE',
  '/verify/new/email/CODE',
  '/user/auth/vk',
  '/user/auth/google',
  '/user/add/auth/vk',
  '/user/add/auth/google',
  '/auth/gid',
  '/test',
  '/token/abc',
  '/basket-fill-outside/abc',
  '/add',
  '/event/spring-run',
  '/event/spring-run/format-5k',
  '/me/ticket/abc',
  '/me/shop/abc',
  '/clubs',
  '/clubs/moscow-runners',
  '/clubs/moscow-runners/upload-result',
  '/news',
  '/news/news-1',
  '/basket',
  '/basket/thanks',
  '/basket/certificateThanks',
  '/calendar',
  '/calendar/spring-run',
  '/calendar/spring-run/HERO10',
  '/about',
  '/partners',
  '/corp',
  '/feedback',
  '/smi',
  '/shop',
  '/shop/category/clothes',
  '/shop/product/tshirt',
  '/shop/search',
  '/merch',
  '/logistics',
  '/results',
  '/results/ec-winter-moscow',
  '/newyear_2022',
  '/virtualEvents',
  '/photo',
  '/registration/sms',
  '/auth',
  '/login',
  '/registration',
  '/me',
  '/me/shop',
  '/me/insurances',
  '/me/club',
  '/me/setting',
  '/me/session',
];

describe('routes', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has a route for every path of the spec', () => {
    const patterns = routeTable.map((route) => route.path);
    for (const path of [
      '/verify/resetpassword/:code',
      '/calendar/:eventId/:promocode',
      '/results/:eventCityId',
      '/me/session',
      '/docs',
      '*',
    ]) {
      expect(patterns).toContain(path);
    }
  });

  it.each(specPaths)('%s renders a screen with a heading', async (path) => {
    renderApp(path);
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(heading.textContent).not.toBe('');
    if (path !== '/404') expect(screen.queryByRole('heading', { name: 'Страница не найдена' })).toBeNull();
  });

  it('shows the not-found page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Назад на главную' }).getAttribute('href')).toBe('/');
  });

  it('redirects /docs to the home page', async () => {
    renderApp('/docs');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: /Лига Героев/ })).toBeTruthy();
  });

  it('sends old Microsoft browsers to /notsupport', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko');
    renderApp('/calendar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ваш браузер не поддерживается' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/notsupport');
  });

  it('scrolls to the top on every path change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'О нас' });
    const calls = scrollTo.mock.calls.length;
    screen.getAllByRole('link', { name: 'Новости' })[0]!.click();
    await screen.findByRole('heading', { level: 1, name: 'Новости' });
    expect(scrollTo.mock.calls.length).toBeGreaterThan(calls);
  });
});
