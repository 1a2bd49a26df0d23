import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootSource, screenRoutes } from '../../build/route-boot';
import { storageKeys } from '../lib/storage';
import { routeTable } from './router';

describe('the boot script reads the route table (build/route-boot.ts)', () => {
  it('finds every screen route of router.tsx, with its module', () => {
    const found = screenRoutes(join(import.meta.dirname, 'router.tsx'));
    const screens = routeTable.filter((route) => route.preload && route.path !== '*').map((route) => route.path);
    expect(found.map((route) => route.path)).toEqual(screens);
    expect(found.find((route) => route.path === '/')?.module).toMatch(/src\/app\/routes\/home\.tsx$/);
    expect(found.find((route) => route.path === '/calendar')?.module).toMatch(/src\/app\/routes\/calendar\.tsx$/);
  });
});

describe('the boot script’s early calls', () => {
  const sent = (path: string) => {
    window.history.replaceState(null, '', path);
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    new Function(bootSource([], { '/me': ['/api/user/tickets/my', '/api/event/list'] }))();
    return fetch.mock.calls
      .map((call) => call as unknown as [string, RequestInit])
      .map(([url, init]) => [url, (init.headers as Record<string, string>).Authorization ?? null]);
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.removeItem(storageKeys.token);
    window.history.replaceState(null, '', '/');
    delete window.__gidEarly;
  });

  it('sends the signed-in calls with the stored token', () => {
    localStorage.setItem(storageKeys.token, 'token-1');
    expect(sent('/me')).toEqual([
      ['/api/user/tickets/my', 'Bearer token-1'],
      ['/api/event/list', 'Bearer token-1'],
    ]);
  });

  it('a guest’s page sends only the public ones', () => {
    expect(sent('/me/')).toEqual([['/api/event/list', null]]);
  });
});
