import { describe, expect, it } from 'vitest';
import { ApiError, buildUrl, isApiError, request } from './api-client';
import { storageKeys } from './storage';

const respond = (status: number, body: unknown) => async () =>
  new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('request', () => {
  it('asks in the site’s language (localStorage lang), Russian by default', async () => {
    const languages: string[] = [];
    const fetch = async (_url: unknown, init?: RequestInit) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      languages.push(headers['Accept-Language'] ?? '');
      return new Response('{}', { status: 200 });
    };
    await request({ url: 'api/event/list', fetch });
    localStorage.setItem(storageKeys.language, 'en');
    await request({ url: 'api/event/list', fetch });
    localStorage.setItem(storageKeys.language, 'de');
    await request({ url: 'api/event/list', fetch });
    localStorage.removeItem(storageKeys.language);
    expect(languages).toEqual(['ru', 'en', 'ru']);
  });

  it('calls the page origin with JSON and the stored token', async () => {
    localStorage.setItem(storageKeys.token, 'secret-token');
    let seen: { url: string; init: RequestInit } | undefined;
    const data = await request({
      url: 'api/event/cities',
      method: 'POST',
      data: { city_id: 1 },
      fetch: async (url, init) => {
        seen = { url: String(url), init: init ?? {} };
        return new Response(JSON.stringify({ values: [] }), { status: 200 });
      },
    });
    expect(data).toEqual({ values: [] });
    expect(seen?.url).toBe(`${location.origin}/api/event/cities`);
    const headers = seen?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer secret-token');
    expect(headers['Content-Type']).toBe('application/json');
    expect(seen?.init.body).toBe('{"city_id":1}');
  });

  it('sends no Authorization header without a token', async () => {
    let headers: Record<string, string> = {};
    await request({
      url: '/api/news',
      fetch: async (_url, init) => {
        headers = init?.headers as Record<string, string>;
        return new Response('{}', { status: 200 });
      },
    });
    expect(headers.Authorization).toBeUndefined();
  });

  // The error table: every failure becomes an ApiError with the status and, when sent, the server's message.
  it.each([
    { status: 400, body: { message: 'Введите корректную дату' }, message: 'Введите корректную дату' },
    { status: 401, body: { message: 'Требуется авторизация' }, message: 'Требуется авторизация' },
    { status: 403, body: { message: 'Доступ запрещён' }, message: 'Доступ запрещён' },
    { status: 404, body: { message: 'Не найдено' }, message: 'Не найдено' },
    { status: 418, body: { message: 'Почта не подтверждена' }, message: 'Почта не подтверждена' },
    { status: 422, body: {}, message: 'GET /api/x: HTTP 422' },
    { status: 500, body: 'Internal Server Error', message: 'GET /api/x: HTTP 500' },
    { status: 502, body: undefined, message: 'GET /api/x: HTTP 502' },
  ])('HTTP $status → ApiError(status $status)', async ({ status, body, message }) => {
    const error = await failure(request({ url: '/api/x', fetch: respond(status, body) }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.code).toBe('http');
    expect(error.message).toBe(message);
  });

  it('reports a lost connection as status 0 (network)', async () => {
    const error = await failure(
      request({
        url: '/api/x',
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    );
    expect(error.status).toBe(0);
    expect(error.code).toBe('network');
  });

  it('gives up after the timeout (10 s by default) as status 0 (timeout)', async () => {
    const error = await failure(
      request({
        url: '/api/x',
        timeoutMs: 20,
        fetch: (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      }),
    );
    expect(error.status).toBe(0);
    expect(error.code).toBe('timeout');
  });

  it('reports a 200 that is not JSON as an invalid response', async () => {
    const error = await failure(request({ url: '/api/x', fetch: respond(200, '<html>') }));
    expect(error.code).toBe('invalid-response');
  });
});

describe('buildUrl', () => {
  it.each([
    ['api/event/cities', undefined, '/api/event/cities'],
    ['/api/news', { limit: 9, offset: 0 }, '/api/news?limit=9&offset=0'],
    [
      '/api/shop/search',
      { text: 'футболка', empty: '', none: undefined, nil: null },
      '/api/shop/search?text=%D1%84%D1%83%D1%82%D0%B1%D0%BE%D0%BB%D0%BA%D0%B0',
    ],
  ])('%s %o → %s', (url, params, expected) => {
    expect(buildUrl(url, params)).toBe(expected);
  });
});
