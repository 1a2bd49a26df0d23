import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenRoutes } from '../../build/route-boot';
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
