import { GidError } from './errors';
import type { GidConfig, LoginOptions, ResolvedConfig } from './types';

export const DEFAULT_CODE_PATH = '/api/v0.3/backend/oauth/token';
export const DEFAULT_LOGOUT_PATH = '/api/v0.3/backend/oauth/logout';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/; // RFC 6749 §3.3 scope-token
const PATH = /^\/[\x21-\x7e]*$/;
const ID = /^[\x21-\x7e]{1,256}$/;

/** An absolute URL over https (or http on this machine's loopback, for development). */
export const isSecureUrl = (value: unknown): value is string => {
  try {
    const url = new URL(value as string);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname));
  } catch {
    return false;
  }
};

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPath = (value: unknown) => typeof value === 'string' && PATH.test(value);

/** A rule: the test a value must pass, and what to say when it does not. */
type Rule = [test: (value: unknown) => boolean, expected: string];

const TEXT: Rule = [(v) => typeof v === 'string' && v.length <= 256, 'a string (≤ 256)'];
const IDENT: Rule = [(v) => typeof v === 'string' && ID.test(v), 'a printable string (1–256)'];
const URL_: Rule = [isSecureUrl, 'an https URL'];
const PATH_: Rule = [isPath, 'a path'];
const FLAG: Rule = [(v) => typeof v === 'boolean', 'a boolean'];
const FUNC: Rule = [(v) => typeof v === 'function', 'a function'];
const MODE: Rule = [(v) => v === 'redirect' || v === 'popup', '"redirect" or "popup"'];

const CONFIG_RULES: Record<string, Rule> = {
  clientId: IDENT,
  authUrl: URL_,
  redirectUri: URL_,
  backendUrl: [(v) => v === '' || isSecureUrl(v) || isPath(v), 'an https URL or a path'],
  oauth2CodePath: PATH_,
  logoutPath: PATH_,
  postLogoutUri: URL_,
  cid: TEXT,
  session_id: TEXT,
  appmetrica_device_id: TEXT,
  product_name: TEXT,
  debugConsole: FLAG,
  preventAutoStorageCleanup: FLAG,
  popupFallbackToRedirect: FLAG,
  callback: FUNC,
  fetch: FUNC,
  headers: [isPlainObject, 'an object'],
  window: [(v) => isPlainObject(v) && !!v.location, 'a Window'],
};

/** The fields only `init` uses (UI, remote features, analytics): checked there, so the core stays small. */
export const INIT_RULES: Record<string, Rule> = {
  kfpUrl: URL_,
  goyaUrl: URL_,
  trackingReceiver: URL_,
  nonce: TEXT,
  debugTrack: FLAG,
  sentryEnabled: FLAG,
  webCurtainLoginType: MODE,
  buttons: [Array.isArray, 'an array'],
};
const REQUIRED = ['clientId', 'authUrl', 'redirectUri'];

const OPTION_RULES: Record<string, Rule> = {
  mode: MODE,
  prompt: [(v) => v === 'login', '"login"'],
  source: [(v) => v === 'widget', '"widget"'],
  quuid: IDENT,
};

/** Throws a `CONFIG_ERROR` naming the first field of `value` that breaks its rule. */
export function check(what: string, value: unknown, rules: Record<string, Rule>, required: string[] = []): void {
  if (!isPlainObject(value)) throw new GidError('CONFIG_ERROR', `Invalid ${what}: expected an object`, { field: what });
  for (const [field, [test, expected]] of Object.entries(rules)) {
    const v = value[field];
    if ((v !== undefined || required.includes(field)) && !test(v)) {
      throw new GidError('CONFIG_ERROR', `Invalid ${what}: "${field}" must be ${expected}`, { field });
    }
  }
}

/** Login options are checked like the config. */
export const checkOptions = (options: LoginOptions): void => check('login options', options, OPTION_RULES);

/** Splits, deduplicates and validates scopes; `openid` always comes first. */
export function normaliseScope(scope: unknown = []): string[] {
  const list = typeof scope === 'string' ? scope.split(/[\s,+]+/).filter(Boolean) : scope;
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string' && SCOPE_TOKEN.test(item))) {
    throw new GidError('CONFIG_ERROR', 'Invalid config: "scope" must be RFC 6749 scope tokens', { field: 'scope' });
  }
  return [...new Set(['openid', ...list])];
}

/**
 * Validates every field of the configuration and applies the defaults.
 * Throws a `GidError` with code `CONFIG_ERROR` naming the first bad field.
 */
export function resolveConfig(config: GidConfig): ResolvedConfig {
  check('config', config, CONFIG_RULES, REQUIRED);
  return {
    ...config,
    authUrl: config.authUrl.replace(/\/+$/, ''),
    scope: normaliseScope(config.scope),
    oauth2CodePath: config.oauth2CodePath ?? DEFAULT_CODE_PATH,
    logoutPath: config.logoutPath ?? DEFAULT_LOGOUT_PATH,
    webCurtainLoginType: config.webCurtainLoginType === 'popup' ? 'popup' : 'redirect',
  };
}
