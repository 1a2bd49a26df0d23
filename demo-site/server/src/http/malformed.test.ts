import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestApp, openTemplateDatabase, type TestApp } from '../testing/fixtures';

// Every route, fed garbage: wrong types, missing and unknown fields, huge strings, broken JSON, odd
// params and queries. The answer is always a 4xx JSON { message } (or, where the garbage happens to be
// valid, a normal answer) — never a 5xx, never a stack trace.

const routes: { method: string; url: string }[] = [];
// Built at collection time, so the route table can drive `it.each`.
const database: DatabaseHandle = await openTemplateDatabase();
const api: TestApp = await createTestApp(
  database,
  {},
  { onRoute: (route) => routes.push(...[route.method].flat().map((method) => ({ method, url: route.url }))) },
);
await api.app.ready();
const checked = routes.filter((route) => route.method !== 'HEAD');

afterAll(async () => {
  await api.close();
  await database.close();
});

/** A valid-looking value per param name, so only the part under test is wrong. */
const sampleParams: Record<string, string> = {
  itemType: 'shop',
  place: 'home',
  country: 'RU',
  index: '101000',
  name: 'odezhda',
  type: 'shop',
  folder: 'events',
  file: 'nothing.svg',
  code: 'GEROI10',
  text: 'школа',
};
const fill = (url: string, override?: string) =>
  url.replace(/:(\w+)/g, (_, name: string) => override ?? sampleParams[name] ?? 'ffffffffffffffffffffffff');

const huge = 'я'.repeat(100_000);
const wrongTypes = {
  text: 'nul\u0000byte',
  email: 1,
  password: [],
  phone: {},
  phone_code: 1234,
  code: false,
  secure: null,
  name: { first: 'x' },
  city: 'Москва',
  city_id: 'abc',
  goods: 'many',
  limit: -5,
  registration: 'yes',
  mailing: 'no',
  birth_date: 19900101,
  old_password: 1,
  new_password: 2,
  support_type: 7,
};
const hugeStrings = Object.fromEntries(Object.keys(wrongTypes).map((key) => [key, huge]));

const badBodies: [string, string][] = [
  ['broken JSON', '{"email": '],
  ['an array', '[]'],
  ['a string', '"text"'],
  ['a number', '123'],
  ['null', 'null'],
  ['an unknown field', JSON.stringify({ unknown_field: 1 })],
  ['wrong types', JSON.stringify(wrongTypes)],
  ['huge strings', JSON.stringify(hugeStrings)],
];

/** The SDK's backend calls answer errors as OAuth error responses (spec 3.1), with the `message` beside. */
const oauthPaths = new Set([
  '/api/auth/gid',
  '/api/v0.3/backend/oauth/token',
  '/api/v0.3/backend/oauth/logout',
  '/api/v0.3/backend/oauth/revoke',
]);

function expectClientError(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what} → ${response.statusCode} ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
  const oauth = oauthPaths.has(what.split(/[ ?]/)[1] ?? '');
  expect(response.json()).toEqual(
    oauth
      ? { error: expect.any(String), error_description: expect.any(String), status: response.statusCode, message: expect.any(String) }
      : { message: expect.any(String) },
  );
  expect(response.body).not.toMatch(/\bat \S+ \(|node_modules|stack/);
}

function expectNoServerError(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
  expect(response.body).not.toMatch(/\bat \S+ \(|node_modules/);
}

describe('malformed requests', () => {
  it('the route table is collected', () => {
    expect(routes.filter((route) => route.url.startsWith('/api/')).length).toBeGreaterThanOrEqual(60);
  });

  it.each(checked)('$method $url: odd and huge params, unknown query fields, bad bodies', async ({ method, url }) => {
    const request = (options: { url: string; payload?: string; headers?: Record<string, string> }) =>
      api.app.inject({
        method: method as 'GET',
        url: options.url,
        ...(options.payload !== undefined ? { payload: options.payload } : {}),
        headers: options.headers ?? {},
      });

    expectClientError(await request({ url: `${fill(url)}?unknown_field=1` }), `${method} ${url}?unknown_field=1`);
    if (url.includes(':')) {
      expectClientError(await request({ url: fill(url, 'x'.repeat(10_000)) }), `${method} ${url} with a 10 000-character param`);
      for (const odd of ["'; drop table users; --", '../../etc/passwd', '-1', '1e309', 'ü😀', ' ', '%00']) {
        expectNoServerError(await request({ url: fill(url, encodeURIComponent(odd)) }), `${method} ${url} with param ${odd}`);
      }
      for (const raw of ['%00', 'a%00b', '%FF', '%E0%A4%A']) {
        expectNoServerError(await request({ url: fill(url, raw) }), `${method} ${url} with raw param ${raw}`);
      }
    }
    if (method === 'POST' || method === 'PUT') {
      for (const [label, payload] of badBodies) {
        expectClientError(
          await request({ url: fill(url), payload, headers: { 'content-type': 'application/json' } }),
          `${method} ${url} with ${label}`,
        );
      }
      expectNoServerError(
        await request({ url: fill(url), payload: '{}', headers: { 'content-type': 'application/json' } }),
        `${method} ${url} with {}`,
      );
      expectNoServerError(
        await request({ url: fill(url), payload: '', headers: { 'content-type': 'application/json' } }),
        `${method} ${url} with an empty body`,
      );
      expectClientError(
        await request({ url: fill(url), payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        `${method} ${url} as a form`,
      );
    }
  });

  it('a body over 1 MiB is a 413 with a message', async () => {
    const response = await api.request({
      method: 'POST',
      url: '/api/user',
      payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Слишком большой запрос' });
  });

  it('a bad request names the field in Russian; unknown paths are 404 JSON', async () => {
    const typed = await api.request({ method: 'POST', url: '/api/event_city/filtered', payload: { city_id: 'Москва' } });
    expect(typed.json()).toEqual({ message: 'Некорректные данные запроса: city_id' });
    const unknown = await api.request({ method: 'POST', url: '/api/event_city/filtered', payload: { town: 1 } });
    expect(unknown.json()).toEqual({ message: 'Некорректные данные запроса: лишнее поле town' });
    const missing = await api.request({ method: 'POST', url: '/api/shop/delivery/price', payload: { goods: [] } });
    expect(missing.json()).toEqual({ message: 'Некорректные данные запроса: city' });
    const nowhere = await api.request({ method: 'GET', url: '/api/nowhere' });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json()).toEqual({ message: 'Не найдено' });
  });
});
