import { HttpResponse, http } from 'msw';
import { authHandlers } from '../features/auth/testing/handlers';
import { cabinetHandlers } from './cabinet-handlers';
import * as fixtures from './fixtures';

/** Every read call the screens make, answered with the fixtures. Tests override single calls with server.use. */
export const handlers = [
  // The sign-in screens' providers, GID's remote config and the account basket.
  ...authHandlers,
  http.get('*/api/event/list', () => HttpResponse.json({ values: [fixtures.springRun] })),
  http.get('*/api/event/id/:id', ({ params }) =>
    params.id === fixtures.springRun.public_id
      ? HttpResponse.json(fixtures.springRun)
      : HttpResponse.json({ message: 'Не найдено' }, { status: 404 }),
  ),
  http.get('*/api/event/cities', () => HttpResponse.json({ values: [fixtures.eventCityMoscow.city, fixtures.eventCityKazan.city] })),
  http.get('*/api/event_type/list', () => HttpResponse.json({ values: [fixtures.eventType] })),
  http.post('*/api/event_city/filtered', () =>
    HttpResponse.json({ values: [{ ...fixtures.eventCityMoscow, min_price: 1200, event: fixtures.springRunBase }], count: 1 }),
  ),
  http.get('*/api/event_format/virtual', () => HttpResponse.json({ values: [] })),
  http.get('*/api/event_format/event/:id', () => HttpResponse.json({ values: fixtures.formats, city: fixtures.eventCityMoscow.city })),
  http.get('*/api/news', () => HttpResponse.json({ values: fixtures.news, count: fixtures.news.length })),
  http.get('*/api/news/preview', () => HttpResponse.json({ values: fixtures.news })),
  http.get('*/api/news/one/:id', () => HttpResponse.json(fixtures.newsItem)),
  http.get('*/api/clubs', () => HttpResponse.json({ values: [fixtures.club] })),
  http.get('*/api/clubs/:id', () => HttpResponse.json(fixtures.club)),
  http.get('*/api/club/competition/list/:id', () => HttpResponse.json({ values: fixtures.competitions })),
  http.get('*/api/user/clubs', () => HttpResponse.json({ values: [] })),
  http.get('*/api/list/competition/type', () => HttpResponse.json({ values: fixtures.competitionTypes })),
  http.post('*/api/support', () =>
    HttpResponse.json({ message: 'Спасибо! Ваша заявка отправлена. Наши менеджеры свяжутся с вами в ближайшее время.' }),
  ),
  http.get('*/api/results/cities', () => HttpResponse.json({ values: [fixtures.eventCityMoscow.city] })),
  http.post('*/api/results/event_city/filtered', () => HttpResponse.json({ values: [fixtures.resultEventCity], count: 1 })),
  http.get('*/api/event_results/:eventCity/:format', () =>
    HttpResponse.json({
      values: fixtures.resultRows,
      settings: { formats: [{ public_id: 'format-5k', title: '5 км', is_team: false }] },
      city: fixtures.eventCityMoscow.city,
      event: { public_id: 'winter-run', title: 'Зимний забег Героев' },
      event_city: { public_id: 'ec-winter-moscow', start_time: fixtures.resultEventCity.start_time },
    }),
  ),
  http.get('*/api/shop/items/:place', () => HttpResponse.json({ values: fixtures.products })),
  http.get('*/api/shop/related/:id', () => HttpResponse.json({ values: [] })),
  http.get('*/api/shop/project/heroes', () => HttpResponse.json({ values: [] })),
  http.get('*/api/shop/project/preview/heroes', () => HttpResponse.json({ values: [] })),
  http.get('*/api/external/formats/:id', () => HttpResponse.json({ values: [] })),
  http.get('*/api/shop/categories', () => HttpResponse.json({ values: fixtures.categories })),
  http.get('*/api/shop/category/:name', () => HttpResponse.json({ category: fixtures.categories[0], values: fixtures.products })),
  // The basket's sales (GET /api/sales): none running unless a test says otherwise.
  http.get('*/api/sales', () => HttpResponse.json({ values: [] })),
  http.get('*/api/shop/product/:id', ({ params }) =>
    HttpResponse.json(fixtures.products.find((item) => item.public_id === params.id) ?? fixtures.tshirt),
  ),
  http.get('*/api/shop/search', () => HttpResponse.json({ values: [fixtures.tshirt] })),
  http.get('*/api/page/banner/:type', () =>
    HttpResponse.json({
      values: [
        {
          public_id: 'banner-1',
          banner_type: 'external_shop',
          title: 'Большой магазин',
          link: 'https://shop.geroi.example',
          picture_main: '/images/banners/1.svg',
          price: 2500,
          old_price: 3000,
        },
      ],
    }),
  ),
  // — the personal cabinet (empty lists; tests give data with server.use) —
  ...cabinetHandlers,
];
