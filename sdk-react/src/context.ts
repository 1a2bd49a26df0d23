import type { GetTokenOptions, GidErrorCode, GidTokens, LoginOptions, LogoutOptions } from '@gid/sdk';
import { createContext, type SyntheticEvent } from 'react';
import type { ButtonSlots } from './buttons';

/**
 * Where the sign-in stands: `loading` while the SDK starts or a call made through `useGid` runs.
 * @example
 * const { status } = useGid();
 * if (status === 'loading') return <Spinner />;
 */
export type GidStatus = 'idle' | 'loading' | 'authenticated' | 'error';

/**
 * A failure as `callback` reports it (spec 3.1 error response), or as a call rejected with a
 * `GidError` — then `code` says which.
 * @example
 * const { error } = useGid();
 * if (error) return <p role="alert">Ошибка авторизации: {error.error_description}</p>;
 */
export interface GidFailure {
  code?: GidErrorCode;
  error: string;
  error_description: string;
  status?: number;
  retry_after_seconds?: number;
}

/**
 * `login`'s options: the SDK's, and where a redirect sign-in brings the person back.
 * @example
 * const { login } = useGid();
 * <button onClick={() => login({ mode: 'popup', returnTo: '/cabinet' })}>Войти</button>
 */
export interface GidLoginOptions extends LoginOptions {
  /** A path on this site (`/…`) to come back to after a redirect sign-in; default: the current page. */
  returnTo?: string;
}

/**
 * What `useGid()` returns. The actions (`login`, `refresh`, `logout`) never reject: a failure
 * lands in `error`.
 * @example
 * const { status, tokens, user, login, logout } = useGid();
 * return status === 'authenticated' ? <button onClick={logout}>Выйти</button> : <button onClick={() => login()}>Войти</button>;
 */
export interface GidState {
  status: GidStatus;
  /** `status === 'loading'`: the SDK is starting or a call made through `useGid` runs; apart from `error`. */
  isLoading: boolean;
  /** The latest tokens from `callback` (kept after a failed refresh). */
  tokens: GidTokens | undefined;
  error: GidFailure | undefined;
  /**
   * Starts a sign-in; in popup mode call it straight from a click handler (it opens the popup
   * synchronously, also while the SDK is still starting). After a redirect sign-in the person
   * comes back to `returnTo` (a path on this site; default: this page), see `onReturn`.
   */
  login(options?: GidLoginOptions): Promise<void>;
  /**
   * The signed-in person: the claims of the ID token (`sub`, `name`, `phone_number`, …), decoded
   * only — the backend verifies the token; `null` without one.
   */
  user: Record<string, unknown> | null;
  /**
   * A valid access token for the site's API: the current one while it is valid for
   * `minValiditySeconds` more (default 60), else refreshed (one tab at a time), else by a silent
   * sign-in. Unlike the actions it rejects when there is none (`LOGIN_REQUIRED`, …), and `status`
   * stays as it is; new tokens arrive in `tokens`.
   * @example
   * const { getAccessToken } = useGid();
   * const orders = await fetch('/api/orders', { headers: { Authorization: `Bearer ${await getAccessToken()}` } });
   */
  getAccessToken(options?: GetTokenOptions): Promise<string>;
  /** Exchanges the current refresh token; the new tokens arrive in `tokens`. */
  refresh(): Promise<void>;
  /**
   * Backend logout of the current tokens, then the provider's logout page (with the ID token as
   * `id_token_hint`); the options are the SDK's `logout`'s (`local`, `returnTo`, `openUrl`).
   * `onClick={logout}` works too (the event is no options).
   */
  logout(options?: LogoutOptions | SyntheticEvent): Promise<void>;
}

export interface GidContextValue {
  /** Where `<GidLoginButton>`s draw: the same client, as soon as `init` has made it. */
  buttons: ButtonSlots;
  state: GidState;
  /** Remembers where a sign-in starts (default: this page), for the return after a redirect (a popup one: only if it may fall back to a redirect). */
  remember(returnTo?: string, mode?: 'redirect' | 'popup'): void;
}

export const GidContext = createContext<GidContextValue | undefined>(undefined);
