/**
 * @gid/sdk — «Войти с Газпром ID». The public surface, in one screen.
 * Internals live in ./lib and are not exported: flow storage, PKCE helpers, popup plumbing and
 * the message protocol may change between versions.
 */

// Function-style API: each call takes the config; import only what the page uses and the rest
// tree-shakes away (a popup login bundles to about 5.3 kB gzip, a redirect login to about 4.3 kB).
export { loginWithRedirect } from './lib/authorize-url';
export { handleRedirectCallback } from './lib/callback';
// The same functions as one object (`createClient`), and with buttons, widget and analytics (`init`).
export { type ClientConfig, createClient, getAccessToken, getUser, on } from './lib/client';
export { errors, GidError, type GidErrorCode, type GidErrorDetails, isGidError } from './lib/errors';
export { type FreshOptions, keepTokensFresh, type TokenKeeper } from './lib/fresh';
export { sanitizeHeaders } from './lib/headers';
export { type GidInit, init } from './lib/init';
export { logout } from './lib/logout';
export { nonceFor } from './lib/pkce';
export { loginWithPopup } from './lib/popup';
export type { RemoteConfig } from './lib/remote-config';
export { loginSilently, type SilentOptions } from './lib/silent';
export { refreshTokens } from './lib/token';
export type {
  AuthParams,
  ButtonColor,
  ButtonLang,
  ButtonType,
  CoreConfig,
  GetTokenOptions,
  GidButtonConfig,
  GidCallbackResult,
  GidClient,
  GidConfig,
  GidEvents,
  GidTokens,
  LoginConfig,
  LoginOptions,
  LogoutConfig,
  LogoutOptions,
  TokenResult,
  TokenStore,
} from './lib/types';
export { version } from './lib/version';
