import { GidError } from './errors';
import type { LoginOptions } from './types';

export const DEFAULT_CODE_PATH = '/api/v0.3/backend/oauth/token';

/**
 * A secure URL's protocol and host name: https, or http on this machine's loopback (for development).
 * The URL parser writes an IPv4 host as four decimal numbers of at most 255, so `\d+` is an octet.
 */
const SECURE = /^(https:|http:(localhost|127(\.\d+){3}|\[::1])$)/;

/** An absolute URL over https (or http on this machine's loopback, for development). */
export const isSecureUrl = (value: unknown): value is string => {
  try {
    const url = new URL(value as string);
    return SECURE.test(url.protocol + url.hostname);
  } catch {
    return false;
  }
};

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && !!value && !Array.isArray(value);

/** A test for a string matching `pattern`. Printable ASCII is written `[!-~]` (\x21–\x7e), with the space `[ -~]`. */
const matches = (pattern: RegExp) => (value: unknown) => typeof value === 'string' && pattern.test(value);
const isPath = matches(/^\/[!-~]*$/);

/** The scopes of a space-, comma- or plus-separated list. */
export const scopeList = (scope: string): string[] => scope.split(/[\s,+]+/).filter(Boolean);

/** A scope given as a list or a separated string: RFC 6749 §3.3 scope-tokens only (%x21 / %x23-5B / %x5D-7E). */
const isScope = (scope: unknown): boolean => {
  const list = typeof scope === 'string' ? scopeList(scope) : scope;
  return Array.isArray(list) && list.every(matches(/^[!#-[\]-~]+$/));
};

/** The scopes to request: `openid` first, then the configured ones without duplicates (of a valid `scope`). */
export const normaliseScope = (scope: string | string[] = []): string[] => [
  ...new Set(['openid', ...(typeof scope === 'string' ? scopeList(scope) : scope)]),
];

/** A rule: the test a value must pass, what to say when it does not, and whether it must be given. */
type Rule = [test: (value: unknown) => boolean, expected: string, required?: true];
/** The rules of an object's fields, by field name. */
export type Rules = Record<string, Rule>;

/** What an address must be: absolute, over https (http only on this machine's loopback). */
const MSG_URL = 'абсолютный https://… (http — только localhost)';
const PRINTABLE = 'ASCII 1–256';
// Rules are plain literals or calls annotated as pure (`oneOf`), so a bundler drops every table nobody uses.
const isIdent = matches(/^[!-~]{1,256}$/);
const FLAG: Rule = [(v) => typeof v === 'boolean', 'boolean'];
/** A rule for one of `values`, said as `"a" | "b"` (strings quoted, `false` bare). Marked pure: an unused table still goes. */
export const oneOf = (...values: unknown[]): Rule => [(v) => values.includes(v), values.map((v) => JSON.stringify(v)).join(' | ')];
// `mode` and `storage` are read by `createClient` too, where this helper would cost more than it saves.
export const MODE: Rule = [(v) => v === 'redirect' || v === 'popup', '"redirect" | "popup"'];
const URL_: Rule = [isSecureUrl, MSG_URL];
const FUNC: Rule = [(v) => typeof v === 'function', 'function'];
const TEXT: Rule = [(v) => typeof v === 'string' && v.length <= 256, 'string ≤ 256'];
const PATH_: Rule = [isPath, 'путь /…'];
const REQUIRED_URL: Rule = [isSecureUrl, MSG_URL, true];
export const OBJECT: Rule = [isPlainObject, 'object'];
/** A number ≥ 0. */
const NUMBER: Rule = [(v) => (v as number) >= 0, 'number ≥ 0'];

// The config's rules, grouped by what reads the fields: every call checks the groups it uses, so
// the function-style API bundles only its own, and `createClient` and `init` check them all.

/** What every call reads: the client, the site's backend, `callback`, logging and the `fetch` seam (`window`: see `createContext`). */
export const CORE_RULES: Rules = {
  clientId: [isIdent, PRINTABLE, true],
  backendUrl: [(v) => v === '' || isSecureUrl(v) || isPath(v), 'https://… или путь /…'],
  oauth2CodePath: PATH_,
  headers: OBJECT,
  callback: FUNC,
  debugConsole: FLAG,
  preventAutoStorageCleanup: FLAG,
  fetch: FUNC,
  // `httpTimeoutMs` and `popupTimeoutMs` are not checked (bytes in every bundle): anything but a
  // positive number of milliseconds gives up at once or never.
};

/** What a sign-in reads too: the provider, the redirect URI and the authorize URL's parameters. */
export const LOGIN_RULES: Rules = {
  authUrl: REQUIRED_URL,
  redirectUri: REQUIRED_URL,
  scope: [isScope, 'scope'],
  cid: TEXT,
  session_id: TEXT,
  appmetrica_device_id: TEXT,
  product_name: TEXT,
  popupFallbackToRedirect: FLAG,
};

/** What only a client (`createClient`, `init`) reads: where its tokens are kept, whether it refreshes them. */
export const CLIENT_RULES: Rules = {
  storage: [(v) => v === 'session' || v === 'local', '"session" | "local"'],
  autoRefresh: FLAG,
  leeway: NUMBER,
  store: OBJECT,
};

/** What `logout` reads besides the core. */
export const LOGOUT_RULES: Rules = {
  authUrl: REQUIRED_URL,
  logoutPath: PATH_,
  postLogoutUri: URL_,
};

/** The fields only `init` uses (UI, remote features, analytics). */
export const INIT_RULES: Rules = {
  kfpUrl: URL_,
  goyaUrl: URL_,
  trackingReceiver: URL_,
  nonce: TEXT,
  debugTrack: FLAG,
  sentryEnabled: FLAG,
  webCurtainLoginType: MODE,
  buttons: [Array.isArray, 'array'],
  widget: /* @__PURE__ */ oneOf(false, 'top', 'bottom'),
};

/** `mode`, the one login option only a client's `login` reads. */
export const MODE_RULES: Rules = { mode: MODE };

const PROMPTS = ['none', 'login', 'consent', 'select_account'];
const OPTION_RULES: Rules = {
  prompt: [(v) => PROMPTS.includes(v as string), /* @__PURE__ */ PROMPTS.join(' | ')],
  source: [(v) => v === 'widget', '"widget"'],
  quuid: [isIdent, PRINTABLE],
  // `loginHint`, `uiLocales` and `acrValues` go out as strings whatever they are (URLSearchParams
  // encodes them): not checked, for the bytes. So do `extraParams`' values.
  maxAge: NUMBER,
  extraParams: OBJECT,
};

/**
 * The `CONFIG_ERROR` for one field: `Неверно задано «{field}» ({what}): ожидается {expected}`, or
 * without `expected` (a required field left out) `…: обязательно`.
 */
export const configError = (what: string, field: string, expected?: string): GidError =>
  new GidError('CONFIG_ERROR', `Неверно задано «${field}» (${what}): ${expected ? `ожидается ${expected}` : 'обязательно'}`, { field });

/** Throws a `CONFIG_ERROR` naming the first field of `value` that breaks a rule of `groups`. */
export function check(what: string, value: unknown, ...groups: Rules[]): void {
  // One message shape for every field, the whole object's too: `Неверно задано «config» (config): ожидается object`.
  if (!isPlainObject(value)) throw configError(what, what, OBJECT[1]);
  for (const rules of groups) {
    for (const [field, [test, expected, required]] of Object.entries(rules)) {
      const v = value[field];
      // A required field left out says so (`обязательно`), apart from one given wrong.
      if ((v !== undefined || required) && !test(v)) throw configError(what, field, v === undefined ? '' : expected);
    }
  }
}

/** Login options are checked like the config. */
export const checkOptions = (options: LoginOptions): void => check('login options', options, OPTION_RULES);
