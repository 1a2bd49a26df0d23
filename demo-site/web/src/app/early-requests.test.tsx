import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { request } from '../lib/api-client';
import { storageKeys } from '../lib/storage';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { earlyRequests } from './early-requests';

/** The GET paths (with their query) the app asks for while `run` goes on. */
async function requestedPaths(run: () => Promise<void>): Promise<Set<string>> {
  const paths = new Set<string>();
  const listener = ({ request: seen }: { request: Request }) => {
    if (seen.method === 'GET') {
      const url = new URL(seen.url);
      paths.add(`${url.pathname}${url.search}`);
    }
  };
  server.events.on('request:start', listener);
  try {
    await run();
  } finally {
    server.events.removeListener('request:start', listener);
  }
  return paths;
}

afterEach(() => {
  delete window.__gidEarly;
});

describe('the boot script’s early requests (src/app/early-requests.ts)', () => {
  it.each(Object.entries(earlyRequests))('%s: the screen asks for every one of them', async (path, urls) => {
    const paths = await requestedPaths(async () => {
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      await screen.findAllByRole('link');
      // Let every query of the first render start.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    for (const url of urls) expect(paths, url).toContain(url);
  });

  it('the HTTP layer takes an early answer once, instead of asking again', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/event/cities', () => {
        asked += 1;
        return HttpResponse.json({ values: [{ id: 2, name_ru: 'Казань' }] });
      }),
    );
    window.__gidEarly = {
      at: performance.now(),
      token: null,
      responses: { '/api/event/cities': Promise.resolve(Response.json({ values: [{ id: 1, name_ru: 'Москва' }] })) },
    };
    expect(await request({ url: 'api/event/cities' })).toEqual({ values: [{ id: 1, name_ru: 'Москва' }] });
    expect(asked).toBe(0);
    expect(await request({ url: 'api/event/cities' })).toEqual({ values: [{ id: 2, name_ru: 'Казань' }] });
    expect(asked).toBe(1);
  });

  it('an early answer asked with another token, or long ago, is not used', async () => {
    server.use(http.get('*/api/event/cities', () => HttpResponse.json({ values: [] })));
    const early = () => Promise.resolve(Response.json({ values: [{ id: 1, name_ru: 'Москва' }] }));
    localStorage.setItem(storageKeys.token, 'signed-in-since');
    window.__gidEarly = { at: performance.now(), token: null, responses: { '/api/event/cities': early() } };
    expect(await request({ url: 'api/event/cities' })).toEqual({ values: [] });
    localStorage.removeItem(storageKeys.token);
    window.__gidEarly = { at: performance.now() - 60_000, token: null, responses: { '/api/event/cities': early() } };
    expect(await request({ url: 'api/event/cities' })).toEqual({ values: [] });
  });

  it('an early answer asked in another language is not used', async () => {
    server.use(http.get('*/api/event/cities', () => HttpResponse.json({ values: [] })));
    const early = () => Promise.resolve(Response.json({ values: [{ id: 1, name_ru: 'Москва' }] }));
    localStorage.setItem(storageKeys.language, 'en');
    window.__gidEarly = { at: performance.now(), token: null, responses: { '/api/event/cities': early() } };
    expect(await request({ url: 'api/event/cities' })).toEqual({ values: [] });
    window.__gidEarly = { at: performance.now(), token: null, language: 'en', responses: { '/api/event/cities': early() } };
    expect(await request({ url: 'api/event/cities' })).toEqual({ values: [{ id: 1, name_ru: 'Москва' }] });
  });

  it('a POST never takes an early answer', async () => {
    server.use(http.post('*/api/event/cities', () => HttpResponse.json({ values: [] })));
    window.__gidEarly = {
      at: performance.now(),
      token: null,
      responses: { '/api/event/cities': Promise.resolve(Response.json({ values: [{ id: 1, name_ru: 'Москва' }] })) },
    };
    expect(await request({ url: 'api/event/cities', method: 'POST', data: {} })).toEqual({ values: [] });
  });
});
