import { describe, expect, it } from 'vitest';
import { AUTH, SITE, setup } from '../test/helpers';
import { createClient } from './client';
import { DEFAULT_CODE_PATH, normaliseScope } from './config';
import { isGidError } from './errors';
import { init } from './init';
import type { GidConfig } from './types';

const base = (): GidConfig => setup().config;

/** `init` validates everything: the core fields (resolveConfig) and its own (UI, analytics). */
const expectConfigError = async (config: unknown, field: string) => {
  const error = await init(config as GidConfig).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isGidError(error), `a GidError for ${field}`).toBe(true);
  expect(error).toMatchObject({ code: 'CONFIG_ERROR', field });
  expect((error as Error).message).toContain(field);
};

describe('config validation', () => {
  it.each([null, undefined, 1, 'x', [], true])('rejects a config that is not an object: %s', async (config) => {
    await expectConfigError(config, 'config');
  });

  const bad: [keyof GidConfig, unknown[]][] = [
    ['clientId', [undefined, '', 1, null, {}, 'a b', 'x'.repeat(257), 'тест']],
    ['authUrl', [undefined, '', 'id.example', 'ftp://id.example', 'http://id.example', 'javascript:alert(1)', 42]],
    ['redirectUri', [undefined, '', '/auth/gid', 'http://site.example/auth', null]],
    ['backendUrl', [1, 'site.example', 'http://site.example', 'relative/path', {}]],
    ['oauth2CodePath', ['', 'api/token', 5, null, '/a b']],
    ['logoutPath', ['', 'logout', false]],
    ['postLogoutUri', ['', 'exit', 'http://evil.example/']],
    ['kfpUrl', ['kfp.js', 1]],
    ['goyaUrl', ['', 'goya']],
    ['trackingReceiver', [{}, 'x']],
    ['cid', [1, {}, 'x'.repeat(257)]],
    ['session_id', [1, []]],
    ['appmetrica_device_id', [false]],
    ['product_name', [null]],
    ['nonce', [123]],
    ['debugConsole', ['yes', 1, null]],
    ['debugTrack', ['true']],
    ['sentryEnabled', [0]],
    ['preventAutoStorageCleanup', ['no']],
    ['popupFallbackToRedirect', [1]],
    ['webCurtainLoginType', ['iframe', '', 1]],
    ['callback', ['function', {}, 1]],
    ['fetch', ['fetch', 1]],
    ['headers', ['x-a: 1', [], 1, null]],
    ['window', [{}, 'window', 1]],
    ['buttons', [{}, 'standard', 1]],
    ['scope', [1, {}, [1], ['openid', 'bad"quote'], 'bad\\slash', [null]]],
  ];
  for (const [field, values] of bad) {
    it.each(values.map((value) => [value]))(`rejects ${field} = %j naming the field`, async (value) => {
      await expectConfigError({ ...base(), [field]: value }, field);
    });
  }

  it('accepts a minimal valid config and applies the defaults', async () => {
    const { callback: _c, fetch: _f, ...minimal } = base();
    const url = new URL(await createClient({ ...minimal, authUrl: `${AUTH}/` }).buildAuthorizeUrl());
    expect(url.origin + url.pathname).toBe(`${AUTH}/oauth2/auth`);
    expect(url.searchParams.get('scope')).toBe('openid');
    expect(DEFAULT_CODE_PATH).toBe('/api/v0.3/backend/oauth/token');
  });

  it('accepts the optional fields with good values', () => {
    expect(() =>
      createClient({ ...base(), oauth2CodePath: '/api/auth/gid', webCurtainLoginType: 'popup', backendUrl: '/', scope: 'phone,email' }),
    ).not.toThrow();
  });

  it('allows http only on loopback, for local development', async () => {
    expect(() => createClient({ ...base(), authUrl: 'http://127.0.0.1:4000', redirectUri: 'http://localhost:3000/cb' })).not.toThrow();
    await expectConfigError({ ...base(), authUrl: 'http://10.0.0.1:4000' }, 'authUrl');
    expect(() => createClient({ ...base(), backendUrl: SITE })).not.toThrow();
  });

  it('createClient checks the whole core config too, naming the field', () => {
    expect(() => createClient({ ...base(), logoutPath: 'logout' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_ERROR', field: 'logoutPath' }),
    );
    expect(() => createClient({ ...base(), scope: 'bad"quote' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_ERROR', field: 'scope' }),
    );
  });
});

describe('normaliseScope', () => {
  it.each([
    [undefined, ['openid']],
    ['phone', ['openid', 'phone']],
    ['openid phone', ['openid', 'phone']],
    ['phone openid email phone', ['openid', 'phone', 'email']],
    [
      ['email', 'openid', 'email', 'phone'],
      ['openid', 'email', 'phone'],
    ],
    ['phone,email+profile', ['openid', 'phone', 'email', 'profile']],
    [[], ['openid']],
    ['', ['openid']],
  ])('%j → %j', (input, expected) => {
    expect(normaliseScope(input)).toEqual(expected);
  });
});
