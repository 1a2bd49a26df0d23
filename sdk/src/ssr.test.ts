// Server-side rendering: importing the package and calling nothing touches no browser global.
import { describe, expect, it } from 'vitest';

describe('SSR', () => {
  it('imports without window, document, storage or crypto access', async () => {
    const touched: string[] = [];
    const names = ['window', 'document', 'sessionStorage', 'localStorage', 'location', 'navigator', 'history'];
    for (const name of names) {
      Object.defineProperty(globalThis, name, {
        configurable: true,
        get: () => {
          touched.push(name);
          return undefined;
        },
      });
    }
    try {
      const sdk = await import('./index');
      expect(typeof sdk.init).toBe('function');
      expect(sdk.version).toBe('1.2.3');
      expect(sdk.errors.POPUP_ERROR).toBe('POPUP_ERROR');
    } finally {
      for (const name of names) delete (globalThis as Record<string, unknown>)[name];
    }
    expect(touched).toEqual([]);
  });
});
