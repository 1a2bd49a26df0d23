import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { renderCabinet } from '../../../testing/render-cabinet';
import { server } from '../../../testing/server';

const signIn = () => localStorage.setItem(storageKeys.token, 'token-1');
const good = { public_id: 'tshirt', title: 'Футболка Героя', picture: null, size: 'M', count: 2, price: 1250, total: 2500 };

describe('/me/shop, «Товары» (accounts-sso §2.7, §4.5)', () => {
  it('lists orders with their status, date DD.MM.YY and amount in «Руб.», each opening its page', async () => {
    signIn();
    server.use(
      http.get('*/api/user/shop/orders', () =>
        HttpResponse.json({
          values: [
            { public_id: 'o-paid', created: '2026-03-05T12:00:00', status: 'paid', amount: 2500, items: [{ shop: [good] }] },
            { public_id: 'o-sent', created: '2026-02-01T12:00:00', status: 'delivered', amount: 990, items: [] },
            { public_id: 'o-wait', created: '2026-01-10T12:00:00', status: 'processing', amount: 12000, items: [] },
          ],
        }),
      ),
    );
    await renderCabinet('/me/shop');
    const paid = (await screen.findByRole('link', { name: 'Заказ от 05.03.26' })).closest('article')!;
    expect(paid.getAttribute('class')).toContain('card');
    expect(within(paid as HTMLElement).getByText('Оплачен')).toBeTruthy();
    expect(within(paid as HTMLElement).getByText('✓')).toBeTruthy();
    expect(within(paid as HTMLElement).getByText('2 500 Руб.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Заказ от 05.03.26' }).getAttribute('href')).toBe('/me/shop/o-paid');
    expect(screen.getByText('Заказ доставлен')).toBeTruthy();
    const waiting = screen.getByRole('link', { name: 'Заказ от 10.01.26' }).closest('article') as HTMLElement;
    expect(within(waiting).getByText('Заказ обрабатывается')).toBeTruthy();
    expect(within(waiting).getByText('🕓')).toBeTruthy();
    expect(within(waiting).getByText('12 000 Руб.')).toBeTruthy();
  });

  it('empty: a way to the shop', async () => {
    signIn();
    await renderCabinet('/me/shop');
    expect(await screen.findByText('Вы ещё ничего не покупали')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти в магазин' }).getAttribute('href')).toBe('/shop');
  });

  it('the order page lists its goods', async () => {
    signIn();
    server.use(http.get('*/api/user/shop/soldgood/o-paid', () => HttpResponse.json({ values: [good] })));
    await renderCabinet('/me/shop/o-paid');
    const list = await screen.findByRole('list', { name: 'Товары заказа' });
    expect(within(list).getByRole('link', { name: 'Футболка Героя' }).getAttribute('href')).toBe('/shop/product/tshirt');
    expect(within(list).getByText('Размер: M')).toBeTruthy();
    expect(within(list).getByText('Количество: 2')).toBeTruthy();
    expect(within(list).getByText('2 500 Руб.')).toBeTruthy();
  });

  it("someone else's order is «not found»", async () => {
    signIn();
    server.use(http.get('*/api/user/shop/soldgood/:id', () => HttpResponse.json({ message: 'Заказ не найден' }, { status: 404 })));
    await renderCabinet('/me/shop/other');
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
  });
});

describe('/me/insurances, «Страховки» (accounts-sso §2.12)', () => {
  const policy = {
    public_id: 'p1',
    status: 'valid',
    info: {
      number: 'GH-0001',
      start_date: '2030-06-07T12:00:00',
      last_name: 'Петров',
      first_name: 'Иван',
      second_name: 'Сергеевич',
      phone: '79161234567',
    },
    insurance: {
      name: 'Страховка от несчастного случая',
      title: null,
      logo: '/images/ins.svg',
      validity_time: 86_400,
      legals: '/docs/insurance.pdf',
    },
  };

  it('active policies as cards; «Предыдущие страховки» loads on click, with its empty text', async () => {
    signIn();
    const user = userEvent.setup();
    const asked: string[] = [];
    server.use(
      http.get('*/api/user/insurances/:which', ({ params }) => {
        asked.push(String(params.which));
        return HttpResponse.json({ values: params.which === 'valid' ? [policy] : [] });
      }),
    );
    await renderCabinet('/me/insurances');
    const card = (await screen.findByRole('heading', { name: 'Страховка от несчастного случая' })).closest('article') as HTMLElement;
    expect(within(card).getByText('Полис № GH-0001')).toBeTruthy();
    expect(within(card).getByText('07 июня 2030')).toBeTruthy();
    expect(within(card).getByText('1 день')).toBeTruthy();
    expect(within(card).getByText('Петров Иван Сергеевич')).toBeTruthy();
    expect(within(card).getByText('+79161234567')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Условия страхования/ })
        .getAttribute('href'),
    ).toBe('/docs/insurance.pdf');
    expect(asked).toEqual(['valid']);
    await user.click(screen.getByRole('button', { name: 'Предыдущие страховки' }));
    expect(await screen.findByText('Предыдущие страховки не найдены!')).toBeTruthy();
    expect(asked).toEqual(['valid', 'past']);
  });

  it('no active policies: «Нет данных»', async () => {
    signIn();
    await renderCabinet('/me/insurances');
    expect(await screen.findByText('Нет данных')).toBeTruthy();
  });
});
