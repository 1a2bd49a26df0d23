// @vitest-environment node
// Server-side rendering: the package imports, and a tree with the provider, the button and the
// hook renders, in Node with no `window`. No effect runs on the server, so no browser global is
// reached for — every one of them is a trap from before the first import.
import { afterAll, describe, expect, it, vi } from 'vitest';

const touched = vi.hoisted(() => {
  const names = ['window', 'document', 'sessionStorage', 'localStorage', 'location', 'navigator', 'history'];
  const seen: string[] = [];
  for (const name of names) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get: () => {
        seen.push(name);
        return undefined;
      },
    });
  }
  return { names, seen };
});

import { renderToString } from 'react-dom/server';
import { GidLoginButton, GidProvider, useGid } from './index';

const Status = () => <p role="status">{useGid().status}</p>;

afterAll(() => {
  for (const name of touched.names) delete (globalThis as Record<string, unknown>)[name];
});

describe('SSR', () => {
  it('renderToString of the provider, the button and the hook touches no browser global', () => {
    const html = renderToString(
      <GidProvider config={{ clientId: 'example-react', authUrl: 'https://id.example', redirectUri: 'https://site.example/callback' }}>
        <GidLoginButton id="gid-login" type="compact" />
        <Status />
      </GidProvider>,
    );
    // Bug 7: the server says `loading` as the browser's first render does (a guard on `idle` must not fire).
    expect(html).toBe('<div id="gid-login"></div><p role="status">loading</p>');
    expect(touched.seen).toEqual([]);
  });
});
