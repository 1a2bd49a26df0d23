/**
 * @gid/sdk — «Войти с Газпром ID». The public surface, in one screen.
 * Internals live in ./lib and are not exported: flow storage, PKCE helpers, popup plumbing and
 * the message protocol may change between versions.
 */
export { createClient } from './lib/client';
export { errors, GidError, type GidErrorCode, type GidErrorDetails, isGidError } from './lib/errors';
export { sanitizeHeaders } from './lib/headers';
export { init } from './lib/init';
export { nonceFor } from './lib/pkce';
export type { RemoteConfig } from './lib/remote-config';
export type {
  ButtonColor,
  ButtonType,
  GidButtonConfig,
  GidCallbackResult,
  GidClient,
  GidConfig,
  GidTokens,
  LoginOptions,
  TokenResult,
} from './lib/types';
export { version } from './lib/version';
