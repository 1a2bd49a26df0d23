// What a visitor could not reach before (issue 35), each as a person meets it, in Russian and once in
// English: the invitation-only format through its link, the partner's formats, the event's goods (on
// the event page and in the basket), joining an existing team, the «Герои» collection, the guests'
// «Личный кабинет» link, four similar events in the cabinet, /photo and /newyear_2022.
// One shared demo (global setup), few page loads.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmedAccount, signedInPage, siteUrl } from './helpers';

interface Format {
  public_id: string;
  title: string;
  hidden?: boolean;
  is_team: boolean;
  max_count: number;
  tickets_left: Record<string, number>;
  event_city: { public_id: string };
}

const api = async (request: APIRequestContext, path: string) => (await request.get(`${siteUrl()}${path}`)).json();

/** The spring race: its Moscow city (with partner formats), its invitation-only VIP format there. */
async function springRun(request: APIRequestContext) {
  const events = (await api(request, '/api/event/list')).values as {
    public_id: string;
    title: string;
    event_city: { public_id: string }[];
  }[];
  const event = events.find((candidate) => candidate.title === 'Забег Героев. Весна')!;
  const formats: Format[] = (await api(request, `/api/event_format/event/${event.public_id}?hidden=true`)).values;
  const vip = formats.find((format) => format.title === 'VIP 10 км' && format.event_city.public_id === event.event_city[0]!.public_id)!;
  return { event, vip, moscow: event.event_city[0]!.public_id };
}

const switchTo = async (page: Page, language: 'English' | 'Русский') => page.getByRole('button', { name: language }).click();

test('the invitation link shows «VIP 10 км»; the partner formats with their links; the event’s goods; in English too', async ({
  page,
  request,
}) => {
  const { event, vip } = await springRun(request);
  expect(vip.hidden).toBe(true);

  // The event page as everyone sees it: no VIP, the partner's formats, the event's goods.
  await page.goto(`${siteUrl()}/calendar/${event.public_id}`);
  await expect(page.getByRole('article', { name: '5 км', exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'VIP 10 км' })).toHaveCount(0);
  const partner = page.getByRole('region', { name: 'Участие через партнёров' });
  const canicross = partner.getByRole('link', { name: 'Регистрация на сайте партнёра: Каникросс 3 км' });
  await expect(canicross).toHaveAttribute('href', /^https:\/\/partner\.geroi\.example\/spring-run\/canicross$/);
  await expect(canicross).toHaveAttribute('target', '_blank');
  const goods = page.getByRole('region', { name: 'Товары события' });
  await expect(goods.getByRole('heading', { name: 'Футляр для медали «Весна»' })).toBeVisible();

  // Through the invitation link: the VIP format, marked, and it goes into the basket.
  const hiddenAsked = page.waitForRequest((asked) => asked.url().includes(`/api/event_format/event/${event.public_id}?hidden=true`));
  await page.goto(`${siteUrl()}/event/${event.public_id}/${vip.public_id}`);
  await hiddenAsked;
  const card = page.getByRole('article', { name: 'VIP 10 км' });
  await expect(card.getByText('Доступно по приглашению')).toBeVisible();
  await card.getByRole('button', { name: /Добавить в корзину/ }).click();
  await expect(card.getByRole('link', { name: 'В корзине — оформить' })).toBeVisible();

  // The basket: the event's goods under its tickets; one added from there.
  await page.goto(`${siteUrl()}/basket`);
  const basketGoods = page.getByRole('region', { name: 'Товары события' });
  await expect(basketGoods.getByRole('heading', { name: 'Футляр для медали «Весна»' })).toBeVisible();
  await basketGoods
    .getByRole('checkbox', { name: /Добавить/ })
    .first()
    .check();
  await expect(
    page.getByRole('region', { name: 'Товары', exact: true }).getByRole('article', { name: 'Футляр для медали «Весна»' }),
  ).toBeVisible();

  // In English.
  await page.goto(`${siteUrl()}/event/${event.public_id}/${vip.public_id}`);
  await switchTo(page, 'English');
  await expect(page.getByRole('article', { name: 'VIP 10 km' }).getByText('By invitation only')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Through our partners' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Event goods' })).toBeVisible();
  await switchTo(page, 'Русский');
});

test('a team ticket joins an existing team: its name in Russian and English, its start pack by courier, team_public_id with the payment', async ({
  page,
  request,
}) => {
  const { event, moscow } = await springRun(request);
  const formats: Format[] = (await api(request, `/api/event_format/event/${moscow}`)).values;
  const relay = formats.find((format) => format.title === 'Эстафета 4×5 км')!;
  const teams = (await api(request, `/api/teams/${relay.public_id}`)).values as { public_id: string; name: string; free_places: number }[];
  const team = teams.find((candidate) => candidate.free_places > 0)!;
  const english = (
    await (await request.get(`${siteUrl()}/api/teams/${relay.public_id}`, { headers: { 'accept-language': 'en' } })).json()
  ).values.find((candidate: { public_id: string }) => candidate.public_id === team.public_id).name as string;
  expect(english).not.toBe(team.name);
  const englishFormat = (await (
    await request.get(`${siteUrl()}/api/event_format/${relay.public_id}`, { headers: { 'accept-language': 'en' } })
  ).json()) as { title: string; event: { title: string } };
  expect(englishFormat.title).not.toBe(relay.title);

  await page.goto(`${siteUrl()}/calendar/${event.public_id}`);
  await page
    .getByRole('article', { name: 'Эстафета 4×5 км' })
    .getByRole('button', { name: /Добавить в корзину/ })
    .click();
  await page.goto(`${siteUrl()}/basket`);
  const line = page.getByRole('article', { name: 'Эстафета 4×5 км' });
  await line.getByRole('radio', { name: 'Присоединиться к команде' }).check();
  await line.getByRole('combobox', { name: 'Команда, к которой присоединиться' }).selectOption(team.public_id);
  await expect(line.getByText(`Команда: ${team.name}`)).toBeVisible();
  // The team's name follows the site's language, not the language it was chosen in.
  await switchTo(page, 'English');
  await expect(page.getByText(`Team: ${english}`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Race pack' })).toBeVisible();
  // So do the line's own texts, stored in Russian when it was added: the format's and the event's titles.
  const tickets = page.getByRole('region', { name: `Tickets: ${englishFormat.event.title}` });
  await expect(tickets.getByRole('article', { name: englishFormat.title })).toBeVisible();
  await switchTo(page, 'Русский');
  await expect(line.getByText(`Команда: ${team.name}`)).toBeVisible();

  // The relay delivers its start packs: the team line chooses, as an ordinary ticket line does.
  await line.getByRole('combobox', { name: 'Получение стартового пакета' }).selectOption({ label: 'Доставка стартового пакета курьером' });
  await expect(line.getByText('Адрес доставки — в разделе «Доставка» ниже')).toBeVisible();
  // Moscow, one member joining: 490 ₽ (the server's figure).
  await expect(page.locator('.basket-summary__sections').getByText('490 ₽')).toBeVisible();
  await page.getByRole('textbox', { name: 'Имя получателя' }).fill('Иван');
  await page.getByRole('textbox', { name: 'Фамилия получателя' }).fill('Петров');
  await page.getByRole('textbox', { name: 'Телефон получателя' }).pressSequentially('79991234567');
  await page.getByRole('textbox', { name: 'Адрес доставки' }).fill('ул. Тверская, 1, кв. 5');

  await page.getByRole('textbox', { name: 'E-mail для билетов и чека' }).fill(`team.${Date.now()}@test.example`);
  const payment = page.waitForRequest((asked) => asked.url().endsWith('/api/payment') && asked.method() === 'POST');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
  const body = (await payment).postDataJSON() as { tickets: Record<string, unknown>[] };
  expect(body.tickets[0]).toMatchObject({ team_public_id: team.public_id, ticket_count: 1, delivery_public_id: expect.any(String) });
  expect(body.tickets[0]).not.toHaveProperty('team_count');
  // The payment goes on to the provider's page (the sandbox here).
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
});

test('the shop shows the «Герои» collection, its preview and then all of it', async ({ page }) => {
  await page.goto(`${siteUrl()}/shop`);
  const heroes = page.getByRole('region', { name: 'Коллекция «Герои»' });
  await expect(heroes.getByRole('listitem')).toHaveCount(4);
  await heroes.getByRole('button', { name: 'Показать всю коллекцию' }).click();
  await expect(heroes.getByRole('listitem')).toHaveCount(7);
  await expect(heroes.getByRole('button', { name: 'Показать всю коллекцию' })).toHaveCount(0);
});

test('a guest’s «Личный кабинет» link; the cabinet’s four similar events; /photo; /newyear_2022', async ({ page, browser, request }) => {
  await page.goto(`${siteUrl()}/photo`);
  await page.getByRole('banner').getByRole('link', { name: 'Личный кабинет' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(`${siteUrl()}/photo`);
  const albums = page.getByRole('region', { name: 'Альбомы последних стартов' });
  await expect(albums.getByRole('link', { name: /^Смотреть фото: / }).first()).toHaveAttribute(
    'href',
    /^https:\/\/photo\.geroi\.example\/\?event=/,
  );
  await expect(
    page.getByRole('region', { name: 'Найти себя по стартовому номеру' }).getByRole('textbox', { name: 'Стартовый номер' }),
  ).toBeVisible();

  await page.goto(`${siteUrl()}/newyear_2022`);
  const races = page.getByRole('region', { name: 'Новогодние старты' });
  await expect(races.getByRole('article').or(races.getByText('Даты новогодних стартов скоро появятся в календаре')).first()).toBeVisible();

  const account = await confirmedAccount(request, 'similar', 'Similar1');
  const cabinet = await signedInPage(browser, account);
  await cabinet.goto(`${siteUrl()}/me`);
  await expect(cabinet.getByRole('region', { name: 'Вам может понравиться' }).getByRole('article')).toHaveCount(4);
  await expect(cabinet.getByRole('banner').getByRole('link', { name: 'Личный кабинет' })).toHaveCount(0);
  await cabinet.context().close();
});
