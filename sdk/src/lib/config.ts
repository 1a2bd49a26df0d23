import { GidError } from './errors';
import type { GidConfig, LoginOptions, ResolvedConfig } from './types';

export const DEFAULT_CODE_PATH = '/api/v0.3/backend/oauth/token';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** An absolute URL over https (or http on this machine's loopback, for development). */
export const isSecureUrl = (value: unknown): value is string => {
  try {
    const { protocol, hostname } = new URL(value as string);
    return protocol === 'https:' || (protocol === 'http:' && LOOPBACK.test(hostname));
  } catch {
    return false;
  }
};

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A test for a string matching `pattern`. */
const matches = (pattern: RegExp) => (value: unknown) => typeof value === 'string' && pattern.test(value);
const isPath = matches(/^\/[\x21-\x7e]*$/);

/** A rule: the test a value must pass, what to say when it does not, and whether it must be given. */
type Rule = [test: (value: unknown) => boolean, expected: string, required?: true];

/** A rule for a value of one `typeof`: "a boolean", "a function". */
const ofType = (type: string): Rule => [(value) => typeof value === type, `a ${type}`];

const TEXT: Rule = [(v) => typeof v === 'string' && v.length <= 256, 'a string (≤ 256)'];
const IDENT: Rule = [matches(/^[\x21-\x7e]{1,256}$/), 'a printable string (1–256)'];
const URL_: Rule = [isSecureUrl, 'an https URL'];
const PATH_: Rule = [isPath, 'a path'];
const FLAG = ofType('boolean');
const FUNC = ofType('function');
const MODE: Rule = [(v) => v === 'redirect' || v === 'popup', '"redirect" or "popup"'];

const required = ([test, expected]: Rule): Rule => [test, expected, true];

const CONFIG_RULES: Record<string, Rule> = {
  clientId: required(IDENT),
  authUrl: required(URL_),
  redirectUri: required(URL_),
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

const OPTION_RULES: Record<string, Rule> = {
  mode: MODE,
  prompt: [(v) => v === 'login', '"login"'],
  source: [(v) => v === 'widget', '"widget"'],
  quuid: IDENT,
};

/** The `CONFIG_ERROR` for one field: `Invalid {what}: "{field}" must be {expected}`. */
export const configError = (what: string, field: string, expected: string): GidError =>
  new GidError('CONFIG_ERROR', `Invalid ${what}: "${field}" must be ${expected}`, { field });

/** Throws a `CONFIG_ERROR` naming the first field of `value` that breaks its rule. */
export function check(what: string, value: unknown, rules: Record<string, Rule>): void {
  if (!isPlainObject(value)) throw new GidError('CONFIG_ERROR', `Invalid ${what}: expected an object`, { field: what });
  for (const [field, [test, expected, required]] of Object.entries(rules)) {
    const v = value[field];
    if ((v !== undefined || required) && !test(v)) throw configError(what, field, expected);
  }
}

/** Login options are checked like the config. */
export const checkOptions = (options: LoginOptions): void => check('login options', options, OPTION_RULES);

/** The scopes of a space-, comma- or plus-separated list. */
export const scopeList = (scope: string): string[] => scope.split(/[\s,+]+/).filter(Boolean);

/** Splits, deduplicates and validates scopes (RFC 6749 §3.3 scope-tokens); `openid` always comes first. */
export function normaliseScope(scope: unknown = []): string[] {
  const list = typeof scope === 'string' ? scopeList(scope) : scope;
  if (!Array.isArray(list) || !list.every(matches(/^[\x21\x23-\x5b\x5d-\x7e]+$/))) {
    throw configError('config', 'scope', 'RFC 6749 scope tokens');
  }
  return [...new Set(['openid', ...list])];
}

/**
 * Validates every field of the configuration and applies the defaults.
 * Throws a `GidError` with code `CONFIG_ERROR` naming the first bad field.
 */
export function resolveConfig(config: GidConfig): ResolvedConfig {
  check('config', config, CONFIG_RULES);
  return {
    ...config,
    authUrl: config.authUrl.replace(/\/+$/, ''),
    scope: normaliseScope(config.scope),
    oauth2CodePath: config.oauth2CodePath ?? DEFAULT_CODE_PATH,
  };
}
