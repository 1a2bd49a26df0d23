import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { providerUrl, staticFile } from './paths';

const dir = '/srv/example/public';

describe('staticFile (issue 15: the static path check includes the separator)', () => {
  it('serves files inside the folder', () => {
    expect(staticFile(dir, '/index.html')).toBe(join(dir, 'index.html'));
    expect(staticFile(dir, '/css/app%20x.css')).toBe(join(dir, 'css/app x.css'));
  });

  it.each([
    '/../public-secret/keys.json',
    '/..%2fpublic-secret%2fkeys.json',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/',
    '/%E0%A4%A',
    '/a%00.html',
  ])('attack: %s stays out', (path) => {
    expect(staticFile(dir, path)).toBeNull();
  });
});

describe('providerUrl (issue 15: the reference backend allows plain http only to loopback)', () => {
  it.each(['https://id.example.ru', 'http://127.0.0.1:4000', 'http://localhost:4000', 'http://[::1]:4000'])('accepts %s', (url) => {
    expect(providerUrl(url).href).toBe(new URL(url).href);
  });

  it.each(['http://id.example.ru', 'http://10.0.0.5:4000', 'http://127.0.0.1.evil.example', 'ftp://127.0.0.1', 'file:///etc/passwd'])(
    'attack: %s is refused',
    (url) => {
      expect(() => providerUrl(url)).toThrow(/https/);
    },
  );
});
