import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ticketDeliveryMethodsQuery } from '../../../features/basket/api/delivery';
import { eventFormatOptionsQuery } from '../../../features/basket/api/event-format';
import type { BasketItem } from '../../../features/basket/basket-items';
import { basketActions, getBasket } from '../../../features/basket/basket-store';
import { FIXED_EVENT_PRODUCT_ID, FIXED_LINKED_PRODUCT_ID } from '../../../features/basket/fixed-products';
import { shopLine as sizedShopLine } from '../../../features/basket/shop-line';
import { ticketLine } from '../../../features/basket/ticket-line';
import { clubsQuery } from '../../../features/clubs/api/get-clubs';
import { productQuery } from '../../../features/shop/api/get-product';
import { relatedProductsQuery } from '../../../features/shop/api/get-related';
import { setLanguage } from '../../../lib/i18n';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { forgetLinesShown, whenReady } from './basket';
import { prefetchBasket as prefetch } from './basket-body';

const ticketInput = {
  format: { public_id: 'format-10k', title: '10 км', price: 1500 },
  seats: 10,
  ticketsLeft: 50,
  kind: 'athlete',
  event: { public_id: 'spring-run', title: 'Весенний забег' },
  eventCity: { public_id: 'ec-moscow', start_time: '2030-05-31T06:00:00Z' },
  promocode: null,
  now: Date.now(),
  uniqueId: 't1',
};
const ticket = ticketLine(ticketInput);
/** A sized shop line: a finisher's tee in men's M. */
const finisherTee = sizedShopLine({
  product: { public_id: 'tee', title: 'Футболка финишёра', price: 900 },
  size: { name: 'Мужская M', public_id: 'tee-m' },
  maxCount: 5,
  uniqueId: 's1',
});

/** The calls the basket makes, answered as the server does; what was paid is kept. */
function basketApi(options: { available?: boolean } = {}) {
  const sent: { payment?: Record<string, unknown>; checks: string[] } = { checks: [] };
  server.use(
    http.get('*/api/insurances', () =>
      HttpResponse.json({ values: [{ public_id: 'ins-day', title: 'Страховка на день', price: 200, default: true, isStartDate: 'true' }] }),
    ),
    http.get('*/api/event_format/:id', () => HttpResponse.json({ public_id: 'format-10k', insurance_available: true, clubs: true })),
    // No format here delivers its start pack (ticket-delivery-picker.test.tsx has those that do).
    http.get('*/api/delivery/ticket', () => HttpResponse.json({ values: [] })),
    http.get('*/api/event_format/check/:id', ({ request }) => {
      sent.checks.push(new URL(request.url).search);
      return options.available === false
        ? HttpResponse.json({ message: 'Указанное количество билетов недоступно' }, { status: 400 })
        : HttpResponse.json({ available: true, tickets_left: 50 });
    }),
    http.post('*/api/payment', async ({ request }) => {
      sent.payment = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ message: 'Корзина пуста' }, { status: 400 });
    }),
  );
  return sent;
}

describe('/basket', () => {
  it('says the basket is empty and links to the calendar', async () => {
    renderApp('/basket');
    // The route's chunk is transformed on first use: the first render may take a few seconds here.
    expect(await screen.findByText('В корзине пока ничего нет', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Перейти в календарь' }).getAttribute('href')).toBe('/calendar');
    // Similar events below (up to 4): here the one event of the catalogue.
    const similar = await screen.findByRole('region', { name: 'Похожие события' });
    expect(within(similar).getAllByRole('article')).toHaveLength(1);
  });

  it('shows the line and the summary, keeps the pay button disabled until the e-mail is valid, and clears', async () => {
    basketApi();
    // The page's own IntersectionObserver, driven by the test (happy-dom's never reports).
    const observers: { callback: IntersectionObserverCallback }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(public callback: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe() {}
        disconnect() {}
      },
    );
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    basketActions.reset([ticket as BasketItem]);
    renderApp('/basket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Корзина' }, { timeout: 10_000 })).toBeTruthy();
    const line = screen.getByRole('article', { name: '10 км' });
    // The external-shop banners below, in their own (lazy) Swiper chunk, loaded once they near the viewport.
    const banners = await screen.findByRole('region', { name: 'Магазин партнёров' });
    expect(within(banners).queryByRole('link')).toBeNull();
    await act(async () => {
      for (const observer of observers) observer.callback([{ isIntersecting: true } as IntersectionObserverEntry], observer as never);
    });
    expect((await within(banners).findByRole('link', { name: /Большой магазин/ }, { timeout: 5000 })).getAttribute('href')).toBe(
      'https://shop.geroi.example',
    );
    const user = userEvent.setup();
    await user.click(within(line).getByRole('button', { name: 'Увеличить количество: 10 км' }));
    expect(within(line).getByRole('status', { name: 'Количество' }).textContent).toBe('2');
    const summary = screen.getByRole('complementary', { name: 'Ваш заказ' });
    // Tickets and the total: 2 × 1 500 ₽ in whole rubles.
    expect(within(summary).getAllByText(/^3\s000\s₽$/, { selector: 'dd' })).toHaveLength(2);
    const pay = within(summary).getByRole('button', { name: /^Оплатить/ });
    expect(pay.getAttribute('aria-disabled')).toBe('true');
    const email = within(summary).getByRole('textbox', { name: 'E-mail для билетов и чека' });
    await user.type(email, 'ANNA@');
    await user.tab();
    expect(within(summary).getByText('Введите валидный email')).toBeTruthy();
    await user.type(email, 'Example.RU');
    expect((email as HTMLInputElement).value).toBe('anna@example.ru');
    expect(pay.getAttribute('aria-disabled')).toBeNull();
    // The insurance of the format's default offer: a linked line, priced per participant.
    await user.click(await within(line).findByRole('checkbox', { name: /^Страховка участника \(200\s₽\)$/ }));
    await waitFor(() => expect(getBasket().goods.filter((item) => item.selector === 'insurance')).toHaveLength(1));
    expect(within(summary).getByText(/^400\s₽$/, { selector: 'dd' })).toBeTruthy();
    expect(within(summary).getByText(/^3\s400\s₽$/, { selector: 'dd' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(await screen.findByText('В корзине пока ничего нет')).toBeTruthy();
  });

  it('a ticket flagged for insurance without its line gets the default insurance (issue 35)', async () => {
    basketApi();
    basketActions.reset([{ ...ticket, isAddInsurance: true } as BasketItem]);
    renderApp('/basket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Корзина' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(getBasket().goods.filter((item) => item.selector === 'insurance')).toHaveLength(1));
    expect(getBasket().goods[1]).toMatchObject({ public_id: 'ins-day', linkedTo: 't1', default: true, preReg: 'ok' });
    expect(getBasket().goods).toHaveLength(2);
  });

  it('a line added in Russian reads its format, event, address, product and size in English after the switch, and back (issue 35)', async () => {
    basketApi();
    const asked: string[] = [];
    const english = (request: Request) => {
      const language = request.headers.get('accept-language') ?? '';
      asked.push(language);
      return language === 'en';
    };
    server.use(
      http.get('*/api/event_format/:id', ({ request }) =>
        HttpResponse.json(
          english(request)
            ? { public_id: 'format-10k', title: '10 km', address: 'Luzhniki', event: { title: 'Spring Run' }, insurance_available: true }
            : {
                public_id: 'format-10k',
                title: '10 км',
                address: 'Лужники',
                event: { title: 'Весенний забег' },
                insurance_available: true,
              },
        ),
      ),
      http.get('*/api/shop/product/:id', ({ request }) =>
        HttpResponse.json({
          public_id: 'tee',
          title: english(request) ? 'Finisher tee' : 'Футболка финишёра',
          price: 900,
          proportions: [{ name: 'Мужская M', ...(english(request) && { name_en: "Men's M" }), public_id: 'tee-m', count: 5 }],
        }),
      ),
    );
    deliveryApi();
    const stored = ticketLine({ ...ticketInput, eventCity: { ...ticketInput.eventCity, address: 'Лужники' } });
    basketActions.reset([stored as BasketItem, finisherTee as BasketItem]);
    renderApp('/basket');
    expect(await screen.findByRole('region', { name: 'Билеты: Весенний забег' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: '10 км' })).getByText(/^Весенний забег · .* · Лужники$/)).toBeTruthy();
    await act(() => setLanguage('en'));
    const group = await screen.findByRole('region', { name: 'Tickets: Spring Run' });
    const line = await within(group).findByRole('article', { name: '10 km' });
    expect(within(line).getByText(/^Spring Run · .* · Luzhniki$/)).toBeTruthy();
    expect(within(line).getByRole('button', { name: 'Remove “10 km”' })).toBeTruthy();
    const shop = await screen.findByRole('article', { name: 'Finisher tee' });
    expect(within(shop).getByText("Size: Men's M")).toBeTruthy();
    // The stored line is not rewritten: the spec's basket item keeps the texts it was added with.
    expect(getBasket().goods.map((item) => item.title)).toEqual(['10 км', 'Футболка финишёра']);
    expect(asked).toContain('en');
    await act(() => setLanguage('ru'));
    expect(await screen.findByRole('article', { name: 'Футболка финишёра' })).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Футболка финишёра' })).getByText('Размер: Мужская M')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Билеты: Весенний забег' })).toBeTruthy();
  });

  it('checks availability first and shows the count-unavailable popup', async () => {
    const sent = basketApi({ available: false });
    basketActions.reset([{ ...ticket, count: 3 } as BasketItem]);
    renderApp('/basket');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail для билетов и чека' }, { timeout: 10_000 }), 'anna@example.ru');
    await user.click(screen.getByRole('button', { name: /^Оплатить/ }));
    const popup = await screen.findByRole('dialog', { name: 'Билеты недоступны' });
    expect(within(popup).getByText('Указанное количество билетов недоступно')).toBeTruthy();
    expect(sent.checks).toEqual(['?count=3&kind=athlete']);
    expect(sent.payment).toBeUndefined();
    expect(getBasket().goods).toHaveLength(1);
  });

  it('shows the payment error popup with the server message and keeps the basket', async () => {
    const sent = basketApi();
    basketActions.reset([ticket as BasketItem]);
    renderApp('/basket');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail для билетов и чека' }, { timeout: 10_000 }), 'anna@example.ru');
    await user.click(screen.getByRole('button', { name: /^Оплатить/ }));
    const popup = await screen.findByRole('dialog', { name: 'Оплата не прошла' });
    expect(within(popup).getByText('Корзина пуста')).toBeTruthy();
    expect(sent.payment).toMatchObject({
      email: 'anna@example.ru',
      register: true,
      tickets: [{ format_public_id: 'format-10k', ticket_count: 1 }],
    });
    await user.click(within(popup).getByRole('button', { name: 'Вернуться в корзину' }));
    expect(getBasket().goods).toHaveLength(1);
  });

  it('a session that ended before paying: to the login screen and back, the basket kept, no error popup', async () => {
    basketApi();
    server.use(http.post('*/api/payment', () => HttpResponse.json({ message: 'Требуется авторизация' }, { status: 401 })));
    signIn({});
    basketActions.reset([ticket as BasketItem]);
    renderApp('/basket');
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /^Оплатить/ }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: /^Оплатить/ }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Авторизация' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Оплата не прошла' })).toBeNull();
    expect(getBasket().goods).toHaveLength(1);
  });

  it('picks a club for a ticket in a popup and removes it', async () => {
    basketApi();
    basketActions.reset([ticket as BasketItem]);
    renderApp('/basket');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Участвовать в клубе' }, { timeout: 10_000 }));
    const popup = await screen.findByRole('dialog', { name: 'Выберите клуб' });
    await user.click(await within(popup).findByRole('button', { name: /Московские бегуны/ }));
    expect(await screen.findByText('Клуб: Московские бегуны')).toBeTruthy();
    expect(getBasket().goods[0]).toMatchObject({ club: { title: 'Московские бегуны' } });
    await user.click(screen.getByRole('button', { name: 'Убрать клуб' }));
    expect(await screen.findByRole('button', { name: 'Участвовать в клубе' })).toBeTruthy();
    expect(getBasket().goods[0]).toMatchObject({ club: null });
  });
});

/** A shop line as the shop card adds it. */
const shopLine = (publicId: string, title: string, price: number): BasketItem => ({
  selector: 'shop',
  public_id: publicId,
  unique_id: `u-${publicId}`,
  title,
  price,
  count: 1,
  totalCost: price,
  promocode: null,
  size: 'Универсальный',
  proportion_public_id: `p-${publicId}`,
  delivery_public_id: null,
  max_count: 10,
});

const teamTicket = ticketLine({
  ...ticketInput,
  format: { public_id: 'format-relay', title: 'Эстафета 4×5 км', price: 6400, is_team: true, fixed_count: true, team_all: true },
  seats: 4,
  uniqueId: 'team1',
});

/** The delivery picker's calls that a basket with shop goods makes. */
function deliveryApi() {
  server.use(
    http.get('*/api/delivery/shop', () => HttpResponse.json({ values: [] })),
    http.get('*/api/location/region/list/RU', () => HttpResponse.json({ values: [] })),
    http.get('*/api/location/city/region/:id', () => HttpResponse.json({ values: [] })),
  );
}

function signIn(user: Record<string, unknown>) {
  localStorage.setItem('token', 'session-token');
  localStorage.setItem('userObj', JSON.stringify({ public_id: 'u1', email: 'anna@example.ru', role: [], ...user }));
}

describe('/basket: the page rules', () => {
  it('loads the server basket on open when the basket is empty but the local copy has items', async () => {
    basketApi();
    const loads: string[] = [];
    server.use(
      http.get('*/api/user/basket', ({ request }) => {
        loads.push(request.headers.get('authorization') ?? '');
        return HttpResponse.json({ goods: [ticket] });
      }),
    );
    signIn({});
    localStorage.setItem('NoAuthBasketGoods', JSON.stringify([shopLine('p-cap', 'Кепка', 900)]));
    renderApp('/basket');
    expect(await screen.findByRole('article', { name: '10 км' }, { timeout: 10_000 })).toBeTruthy();
    expect(loads).toEqual(['Bearer session-token']);
    expect(getBasket().goods.map((item) => item.title)).toEqual(['10 км']);
  });

  it('does not load the server basket when the local copy is empty', async () => {
    let loaded = false;
    server.use(
      http.get('*/api/user/basket', () => {
        loaded = true;
        return HttpResponse.json({ goods: [ticket] });
      }),
    );
    signIn({});
    renderApp('/basket');
    expect(await screen.findByText('В корзине пока ничего нет', {}, { timeout: 10_000 })).toBeTruthy();
    expect(loaded).toBe(false);
  });

  it('takes the linked product away with the fixed event product', async () => {
    basketApi();
    deliveryApi();
    basketActions.reset([
      shopLine(FIXED_EVENT_PRODUCT_ID, 'Футляр для медали «Весна»', 700),
      shopLine(FIXED_LINKED_PRODUCT_ID, 'Медальница', 1500),
      shopLine('p-cap', 'Кепка', 900),
    ]);
    renderApp('/basket');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Удалить «Футляр для медали «Весна»»' }, { timeout: 10_000 }));
    await waitFor(() => expect(getBasket().goods.map((item) => item.title)).toEqual(['Кепка']));
    expect(screen.queryByRole('article', { name: 'Медальница' })).toBeNull();
  });

  it('keeps the linked product when it is removed alone', async () => {
    basketApi();
    deliveryApi();
    basketActions.reset([
      shopLine(FIXED_EVENT_PRODUCT_ID, 'Футляр для медали «Весна»', 700),
      shopLine(FIXED_LINKED_PRODUCT_ID, 'Медальница', 1500),
    ]);
    renderApp('/basket');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Удалить «Медальница»' }, { timeout: 10_000 }));
    await waitFor(() => expect(getBasket().goods.map((item) => item.title)).toEqual(['Футляр для медали «Весна»']));
  });

  it("names a team ticket's team and sends the name with the payment", async () => {
    const sent = basketApi();
    basketActions.reset([teamTicket as BasketItem]);
    renderApp('/basket');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Название команды' }, { timeout: 10_000 });
    expect(name.getAttribute('maxlength')).toBe('100');
    await user.type(name, 'Быстрые лоси');
    expect(getBasket().goods[0]).toMatchObject({ team_name: 'Быстрые лоси' });
    await user.type(screen.getByRole('textbox', { name: 'E-mail для билетов и чека' }), 'anna@example.ru');
    await user.click(screen.getByRole('button', { name: /^Оплатить/ }));
    await screen.findByRole('dialog', { name: 'Оплата не прошла' });
    expect(sent.payment).toMatchObject({
      tickets: [{ format_public_id: 'format-relay', ticket_count: 4, team_count: 1, team_name: 'Быстрые лоси' }],
    });
  });

  it('joins an existing team: one member at a time up to its free places, sent as team_public_id with ticket_count', async () => {
    const sent = basketApi();
    const asked: string[] = [];
    server.use(
      http.get('*/api/teams/:id', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json({
          values: [
            { public_id: 'team-full', name: 'Полные', number: 1, members_count: 4, max_count: 4, free_places: 0 },
            { public_id: 'team-lynx', name: 'Рыси', number: 2, members_count: 2, max_count: 4, free_places: 2 },
          ],
        });
      }),
    );
    basketActions.reset([teamTicket as BasketItem]);
    renderApp('/basket');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Присоединиться к команде' }, { timeout: 10_000 }));
    const select = await screen.findByRole('combobox', { name: 'Команда, к которой присоединиться' });
    expect(asked).toEqual(['format-relay']);
    // The full team is not offered.
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Выберите команду', 'Рыси — свободно 2 места']),
    );
    await user.selectOptions(select, 'team-lynx');
    expect(getBasket().goods[0]).toMatchObject({ team_public_id: 'team-lynx', count: 2 });
    const line = screen.getByRole('article', { name: 'Эстафета 4×5 км' });
    expect(within(line).getByText('Команда: Рыси')).toBeTruthy();
    // Down to one member, and not above the team's two free places.
    await user.click(within(line).getByRole('button', { name: 'Уменьшить количество: Эстафета 4×5 км' }));
    expect(getBasket().goods[0]?.count).toBe(1);
    await user.click(within(line).getByRole('button', { name: 'Увеличить количество: Эстафета 4×5 км' }));
    await user.click(within(line).getByRole('button', { name: 'Увеличить количество: Эстафета 4×5 км' }));
    expect(getBasket().goods[0]?.count).toBe(2);
    await user.type(screen.getByRole('textbox', { name: 'E-mail для билетов и чека' }), 'anna@example.ru');
    await user.click(screen.getByRole('button', { name: /^Оплатить/ }));
    await screen.findByRole('dialog', { name: 'Оплата не прошла' });
    const [line0] = (sent.payment as { tickets: Record<string, unknown>[] }).tickets;
    expect(line0).toMatchObject({ team_public_id: 'team-lynx', ticket_count: 2 });
    expect(line0).not.toHaveProperty('team_count');
  });

  it('a team ticket below its team size shows the required-count popup, «Понятно» closes it (ticketing-shop §2)', async () => {
    const sent = basketApi();
    basketActions.reset([teamTicket as BasketItem]);
    renderApp('/basket');
    const user = userEvent.setup();
    const minus = await screen.findByRole('button', { name: 'Уменьшить количество: Эстафета 4×5 км' }, { timeout: 10_000 });
    await user.click(minus);
    const popup = await screen.findByRole('dialog', { name: 'Количество билетов' });
    expect(popup.textContent).toContain('4 участников');
    expect(getBasket().goods[0]?.count).toBe(4);
    await user.click(within(popup).getByRole('button', { name: 'Понятно' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Количество билетов' })).toBeNull());

    // A stored line that is not a whole team (an old basket) is stopped before the payment.
    basketActions.reset([{ ...teamTicket, count: 3 } as BasketItem]);
    await user.type(screen.getByRole('textbox', { name: 'E-mail для билетов и чека' }), 'anna@example.ru');
    await user.click(screen.getByRole('button', { name: /^Оплатить/ }));
    expect(await screen.findByRole('dialog', { name: 'Количество билетов' })).toBeTruthy();
    expect(sent.payment).toBeUndefined();
    expect(sent.checks).toEqual([]);
  });

  it('shows the sale the server lists on each line it applies to, and in the totals', async () => {
    basketApi();
    server.use(
      http.get('*/api/sales', () =>
        HttpResponse.json({
          values: [
            {
              public_id: 's1',
              title: 'Скидка 10 % на три билета и больше',
              active: true,
              start_date: '2020-01-01T00:00:00Z',
              end_date: '2099-01-01T00:00:00Z',
              discount: 10,
              discount_form: 'percent',
              count: 3,
              formats: ['format-10k'],
            },
          ],
        }),
      ),
    );
    basketActions.reset([{ ...ticket, count: 2 } as BasketItem]);
    renderApp('/basket');
    const line = await screen.findByRole('article', { name: '10 км' }, { timeout: 10_000 });
    // Two tickets: the sale wants three.
    expect(within(line).queryByText('Скидка по акции')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(line).getByRole('button', { name: 'Увеличить количество: 10 км' }));
    expect(await within(line).findByText('Скидка по акции')).toBeTruthy();
    // 3 × 1 500 ₽ less 10 % of each: −450 ₽, 4 050 ₽.
    expect(within(line).getByText(/^−450\s₽$/)).toBeTruthy();
    expect(within(line).getByText(/^4\s050\s₽$/)).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'Ваш заказ' });
    expect(within(summary).getAllByText(/^4\s050\s₽$/, { selector: 'dd' })).toHaveLength(2);
  });

  it('insures every participant ticket of a preregistration card with one checkbox', async () => {
    basketApi();
    server.use(http.get('*/api/shop/shirts/:id', () => HttpResponse.json({ values: [] })));
    const participant = (uniqueId: string) =>
      ({ ...ticketLine({ ...ticketInput, format: { ...ticketInput.format, preregistration: true }, uniqueId }) }) as BasketItem;
    basketActions.reset([participant('p1'), participant('p2')]);
    renderApp('/basket');
    const line = await screen.findByRole('article', { name: '10 км' }, { timeout: 10_000 });
    expect(await within(line).findByRole('button', { name: /^Билет 2/ })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await within(line).findByRole('checkbox', { name: /^Страховка участника/ }));
    await waitFor(() => expect(getBasket().goods.filter((item) => item.selector === 'insurance')).toHaveLength(2));
    expect(
      getBasket()
        .goods.filter((item) => item.selector === 'ticket')
        .every((item) => item.isAddInsurance),
    ).toBe(true);
    // 2 × 200 ₽ of insurance in the summary.
    const summary = screen.getByRole('complementary', { name: 'Ваш заказ' });
    expect(within(summary).getByText(/^400\s₽$/, { selector: 'dd' })).toBeTruthy();
    await user.click(within(line).getByRole('checkbox', { name: /^Страховка/ }));
    await waitFor(() => expect(getBasket().goods.filter((item) => item.selector === 'insurance')).toHaveLength(0));
  });

  it('lights an unfinished participant tab up in the error colour for 5 s after a pay attempt (ticketing-shop §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    basketApi();
    server.use(http.get('*/api/shop/shirts/:id', () => HttpResponse.json({ values: [] })));
    const participant = (uniqueId: string) =>
      ({ ...ticketLine({ ...ticketInput, format: { ...ticketInput.format, preregistration: true }, uniqueId }) }) as BasketItem;
    basketActions.reset([participant('p1'), participant('p2')]);
    renderApp('/basket');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const line = await screen.findByRole('article', { name: '10 км' }, { timeout: 10_000 });
    const second = await within(line).findByRole('button', { name: /^Билет 2/ });
    expect(second.classList.contains('tabs__tab--error')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'E-mail для билетов и чека' }), 'anna@example.ru');
    await user.click(screen.getByRole('button', { name: /^Оплатить/ }));
    await waitFor(() => expect(second.classList.contains('tabs__tab--error')).toBe(true));
    act(() => void vi.advanceTimersByTime(4_800));
    expect(second.classList.contains('tabs__tab--error')).toBe(true);
    act(() => void vi.advanceTimersByTime(300));
    expect(second.classList.contains('tabs__tab--error')).toBe(false);
    // Still unfinished: it still says so to a screen reader.
    expect(second.textContent).toContain('Билет 2');
  });

  it('has no team name field on an individual ticket', async () => {
    basketApi();
    basketActions.reset([ticket as BasketItem]);
    renderApp('/basket');
    expect(await screen.findByRole('article', { name: '10 км' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Название команды' })).toBeNull();
  });

  it.each([
    ['in the vip ticket list', [{ public_id: 't-old', event_format: { public_id: 'format-10k' } }], true],
    ['not in the vip ticket list', [{ public_id: 't-old', event_format: { public_id: 'format-other' } }], false],
  ])('allows a promocode on the vip ticket only when its format is %s', async (_case, cards, allowed) => {
    basketApi();
    let listed = 0;
    server.use(
      http.get('*/api/user/tickets/my', () => {
        listed += 1;
        return HttpResponse.json({ values: cards });
      }),
      http.post('*/api/user/basket', () => HttpResponse.json({ goods: [] })),
    );
    signIn({ role: ['vip'], discount: 20, discount_form: 'percent' });
    basketActions.reset([ticket as BasketItem]);
    renderApp('/basket');
    const line = await screen.findByRole('article', { name: '10 км' }, { timeout: 10_000 });
    await waitFor(() => expect(listed).toBe(1));
    if (allowed) expect(await within(line).findByRole('textbox', { name: 'Промокод' })).toBeTruthy();
    else {
      // The list has come and the ticket keeps its vip discount without a promocode field.
      expect(within(line).getByText('Скидка VIP')).toBeTruthy();
      expect(within(line).queryByRole('textbox', { name: 'Промокод' })).toBeNull();
    }
  });

  it.each([
    ['a temporary user pays for their own e-mail without the token', { has_password: false, phone_confirmed: false }, 'PUT', ''],
    ['an account with a password pays with its token', { has_password: true, phone_confirmed: false }, 'POST', 'Bearer session-token'],
  ])('%s', async (_case, flags, method, authorization) => {
    basketApi();
    const calls: { method: string; authorization: string; body: unknown }[] = [];
    const record = async ({ request }: { request: Request }) => {
      calls.push({ method: request.method, authorization: request.headers.get('authorization') ?? '', body: await request.json() });
      return HttpResponse.json({ message: 'Корзина пуста' }, { status: 400 });
    };
    server.use(
      http.put('*/api/user/auth/payment', record),
      http.post('*/api/payment', record),
      http.post('*/api/user/basket', () => HttpResponse.json({ goods: [] })),
    );
    signIn(flags);
    basketActions.reset([ticket as BasketItem]);
    renderApp('/basket');
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: 'E-mail для билетов и чека' }, { timeout: 10_000 });
    expect((email as HTMLInputElement).value).toBe('anna@example.ru');
    await user.click(screen.getByRole('button', { name: /^Оплатить/ }));
    await screen.findByRole('dialog', { name: 'Оплата не прошла' });
    expect(calls).toEqual([{ method, authorization, body: expect.objectContaining({ email: 'anna@example.ru', register: false }) }]);
  });
});

describe('/basket prefetch', () => {
  it('loads each ticket format and, when one offers clubs, the club list before the first render', async () => {
    basketApi();
    basketActions.reset([ticket as BasketItem]);
    onTestFinished(() => basketActions.reset([]));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetch(client);
    expect(client.getQueryData(eventFormatOptionsQuery('format-10k').queryKey)).toMatchObject({ insurance_available: true, clubs: true });
    expect(client.getQueryData(clubsQuery().queryKey)?.values.length).toBeGreaterThan(0);
  });

  it('leaves the club list alone when no format offers clubs, and survives a format that fails', async () => {
    basketApi();
    server.use(
      http.get('*/api/event_format/:id', () => HttpResponse.json({ public_id: 'format-10k', insurance_available: true, clubs: false })),
    );
    basketActions.reset([ticket as BasketItem]);
    onTestFinished(() => basketActions.reset([]));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetch(client);
    expect(client.getQueryData(eventFormatOptionsQuery('format-10k').queryKey)).toMatchObject({ clubs: false });
    expect(client.getQueryData(clubsQuery().queryKey)).toBeUndefined();

    server.use(http.get('*/api/event_format/:id', () => HttpResponse.json({ message: 'Ошибка' }, { status: 500 })));
    const other = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(prefetch(other)).resolves.toBeDefined();
    expect(other.getQueryData(eventFormatOptionsQuery('format-10k').queryKey)).toBeUndefined();
  });
});

describe('/basket opened at its address', () => {
  /** The page's life starts at /basket (its navigation entry), the basket not yet shown in it. */
  const openAtBasket = () => {
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(
      (type: string) => (type === 'navigation' ? [{ name: `${location.origin}/basket` }] : []) as PerformanceEntryList,
    );
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    forgetLinesShown();
    onTestFinished(forgetLinesShown);
  };

  it("asks for what the lines ask as they mount: the start-pack deliveries, the event's goods, a shop product's texts", async () => {
    basketApi();
    deliveryApi();
    basketActions.reset([ticket as BasketItem, finisherTee as BasketItem]);
    onTestFinished(() => basketActions.reset([]));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetch(client);
    expect(client.getQueryData(ticketDeliveryMethodsQuery('format-10k').queryKey)).toEqual({ values: [] });
    expect(client.getQueryState(relatedProductsQuery('spring-run').queryKey)?.status).toBe('success');
    expect(client.getQueryState(productQuery('tee').queryKey)?.status).toBe('success');
  });

  it("paints its heading first and asks for the lines' data only then; the line comes with its insurance checkbox", async () => {
    basketApi();
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      asked.push(new URL(request.url).pathname);
    });
    onTestFinished(() => server.events.removeAllListeners('request:start'));
    openAtBasket();
    basketActions.reset([ticket as BasketItem]);
    onTestFinished(() => basketActions.reset([]));
    renderApp('/basket');
    expect(await screen.findByRole('heading', { level: 1, name: 'Корзина' }, { timeout: 10_000 })).toBeTruthy();
    // The heading's render: no line yet, and none of the lines' requests sent.
    expect(screen.queryByRole('article', { name: '10 км' })).toBeNull();
    expect(asked.filter((path) => path.startsWith('/api/insurances') || path.startsWith('/api/event_format'))).toEqual([]);
    const line = await screen.findByRole('article', { name: '10 км' });
    // The data came before the lines: the insurance checkbox is in their first render.
    expect(within(line).getByRole('checkbox', { name: /^Страховка участника/ })).toBeTruthy();
    expect(asked).toContain('/api/insurances');
  });

  it('waits for no code of the lines before its heading; a visit from another screen waits for it (the screen whole at once)', async () => {
    forgetLinesShown();
    onTestFinished(forgetLinesShown);
    // Opened here: the route renders its heading without the body's chunk (asked for after that paint).
    await expect(whenReady(() => true)).resolves.toBeUndefined();
    // From another screen: the route's render waits for the body's chunk.
    await expect(whenReady(() => false)).resolves.toHaveProperty('BasketBody');
  });

  it('shows the lines without an answer that does not come (the wait is bounded)', async () => {
    basketApi();
    server.use(
      http.get('*/api/insurances', async () => {
        await delay('infinite');
        return HttpResponse.json({ values: [] });
      }),
    );
    openAtBasket();
    basketActions.reset([ticket as BasketItem]);
    onTestFinished(() => basketActions.reset([]));
    renderApp('/basket');
    expect(await screen.findByRole('article', { name: '10 км' }, { timeout: 5000 })).toBeTruthy();
  });
});
