import type { GidErrorCode } from './errors';
/**
 * Tokens returned by the site's backend after a successful code exchange or refresh (spec 3.1).
 * @example
 * const { access_token, refresh_token, expires_in } = tokens;
 */
export interface GidTokens {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  token_type?: string;
  additional_data?: unknown;
}

/**
 * What `callback` receives after every sign-in attempt: exactly one of the two shapes.
 * @example
 * callback: (result) => (result.ok ? signIn(result.tokens) : showError(`${result.error}: ${result.error_description}`)),
 */
export type GidCallbackResult =
  | { ok: true; tokens: GidTokens; appState?: unknown }
  | {
      ok: false;
      /** The SDK's stable code (`errors`), beside the provider's or the SDK's words in `error`. */
      code: GidErrorCode;
      error: string;
      error_description: string;
      status?: number;
      retry_after_seconds?: number;
    };

/**
 * The value `handleCallback`, `login` by popup, `checkSession` and `refresh` resolve to: the
 * tokens, and the `appState` the sign-in was started with (when it was given one).
 * @example
 * const result: TokenResult | undefined = await handleRedirectCallback(config);
 * if (result) navigate((result.appState as { path?: string } | undefined)?.path ?? '/');
 */
export type TokenResult = GidTokens & { appState?: unknown };

/**
 * A button's shape: `standard` (logo and «Войти с Газпром ID»), `compact` (logo and «Газпром ID») or `icon`; 56 px high.
 * @example
 * buttons: [{ container: '#gid', type: 'compact' }]
 */
export type ButtonType = 'standard' | 'compact' | 'icon';
/**
 * A button's colour.
 * @example
 * buttons: [{ container: '#gid', color: 'dark' }]
 */
export type ButtonColor = 'primary' | 'secondary' | 'dark';

/**
 * Where and how one «Войти с Газпром ID» button is rendered (spec 7.2).
 * @example
 * buttons: [{ container: '#gid-login', type: 'standard', color: 'primary', mode: 'popup', lang: 'ru' }]
 */
export interface GidButtonConfig {
  container: string | HTMLElement;
  type?: ButtonType;
  color?: ButtonColor;
  /** How this button signs in; default `redirect`. */
  mode?: 'redirect' | 'popup';
  /** The button's language, `ru` or `en`; default the document's (`<html lang>`), else `ru`. Same sizes in each. */
  lang?: ButtonLang;
}

/**
 * The languages the buttons speak.
 * @example
 * buttons: [{ container: '#gid', lang: 'en' }] // «Sign in with Gazprom ID»
 */
export type ButtonLang = 'ru' | 'en';

/**
 * The SDK's configuration (spec 3.1). Names are the spec's.
 * @see sdk-contract.md
 * @example
 * const config: GidConfig = { clientId: 'my-site', authUrl: 'https://id.example',
 *   redirectUri: `${location.origin}/auth/gid`, backendUrl: location.origin, callback: console.log };
 */
export interface GidConfig {
  /** The client registered at the identity provider. */
  clientId: string;
  /** The identity provider's origin, e.g. `https://id.example`. */
  authUrl: string;
  /** Where the provider sends the browser back with `code`, `state` and `scope`. */
  redirectUri: string;
  /** The site's own backend that exchanges the code (absolute URL or a path on this origin). */
  backendUrl?: string;
  /** Path of the token exchange on `backendUrl`; default `/api/v0.3/backend/oauth/token`. */
  oauth2CodePath?: string;
  /** Path of the backend logout call on `backendUrl`; default `/api/v0.3/backend/oauth/logout`. */
  logoutPath?: string;
  /** Where the provider's logout page returns. */
  postLogoutUri?: string;
  /** Requested scopes; `openid` is always included, duplicates removed. */
  scope?: string | string[];
  /** How the web curtain signs in; default `redirect`. */
  webCurtainLoginType?: 'redirect' | 'popup';
  /** Buttons to render on `init`. */
  buttons?: GidButtonConfig[];
  /**
   * This page's floating widget, which the remote config turns on (`w_auth`) for the whole site:
   * `false` floats none here, nor the web curtain (a sign-in page that shows its own button);
   * `'bottom'` keeps it at the bottom, clear of the page's header and the top of its forms (on
   * phones too, centred); `'top'` at the top. Default: where the remote config's `w_pos` puts it.
   * Read by `init` only.
   */
  widget?: false | 'top' | 'bottom';
  /** Extra headers sent with the token call; invalid entries are dropped (spec 5.1). */
  headers?: Record<string, string>;
  /** Receives every sign-in result. */
  callback?: (result: GidCallbackResult) => void;
  /** Device-analytics script, loaded when the remote config enables it. */
  kfpUrl?: string;
  cid?: string;
  session_id?: string;
  appmetrica_device_id?: string;
  product_name?: string;
  /** Log the SDK's decisions (dropped headers, ignored messages) to the console. */
  debugConsole?: boolean;
  /** Log every analytics event to the console. */
  debugTrack?: boolean;
  /** Analytics event URL (overrides the remote config's `trackers.goya`). */
  goyaUrl?: string;
  /** Analytics receiver URL (overrides the remote config's `trackers.tracking_receiver`). */
  trackingReceiver?: string;
  sentryEnabled?: boolean;
  /** Keep flow data after a failure (for debugging); default false. */
  preventAutoStorageCleanup?: boolean;
  /** When a popup is blocked, continue by redirect instead of failing; default false. */
  popupFallbackToRedirect?: boolean;
  /** CSP nonce for the styles and scripts the SDK injects. */
  nonce?: string;
  /**
   * How long a call to the site's backend (token exchange, refresh, logout) may take before it is
   * given up (`TOKEN_ERROR`, `LOGOUT_ERROR`), so one hung request never holds the refresh lock of
   * every tab; default 30 000 ms.
   */
  httpTimeoutMs?: number;
  /**
   * How long a popup sign-in whose popup looks closed from here (cut off by COOP) is waited for
   * before it counts as closed (`POPUP_CLOSED`); default 600 000 ms (10 minutes).
   */
  popupTimeoutMs?: number;
  /**
   * The client's tokens (`getAccessToken`, `user`, `on`): kept in memory by default; opt in to the
   * tab's `sessionStorage` (`session`) or `localStorage` (`local`) under `gid:{clientId}:tokens`.
   */
  storage?: 'session' | 'local';
  /**
   * A token store of the site's own (memory of its own, an encrypted storage, a native bridge):
   * the client keeps its tokens there under `gid:{clientId}:tokens` instead of `storage`. Read
   * before every refresh, like a storage the site's tabs share.
   */
  store?: TokenStore;
  /** The client refreshes its tokens by itself shortly before they expire (one tab at a time); default false. */
  autoRefresh?: boolean;
  /**
   * Seconds before an access token's expiry from which it counts as expiring: the `expiring`
   * event, an automatic refresh, and `getAccessToken`'s default `minValiditySeconds`; default 60.
   */
  leeway?: number;
  /** Test and embedding seam: the `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** Test and embedding seam: the window to work in (default: the global one). */
  window?: Window;
}

/**
 * A token store of the site's own (`store`): strings in and out, at once or by a promise.
 * @example
 * const memory = new Map<string, string>();
 * createClient({ ...config, store: { get: (k) => memory.get(k) ?? null, set: (k, v) => memory.set(k, v), remove: (k) => memory.delete(k) } });
 */
export interface TokenStore {
  get(key: string): string | null | undefined | Promise<string | null | undefined>;
  set(key: string, value: string): void | Promise<void>;
  remove(key: string): void | Promise<void>;
}

/**
 * Options of `getAccessToken`.
 * @example
 * await gid.getAccessToken({ cacheMode: 'off' }); // always a new one
 * await gid.getAccessToken({ fallback: 'popup' }); // from a click: the popup when the provider needs the person
 */
export interface GetTokenOptions {
  /** How long the token must stay valid; default `leeway` (60 s). */
  minValiditySeconds?: number;
  /** `on` (default): the kept token while valid; `off`: a new one (refreshed, else silently); `cache-only`: the kept one or `LOGIN_REQUIRED`. */
  cacheMode?: 'on' | 'off' | 'cache-only';
  /** `popup`: when the silent way needs the person (`LOGIN_REQUIRED`, `SILENT_TIMEOUT`), a popup sign-in (call it from a click). */
  fallback?: 'popup';
}

/**
 * Options of one sign-in.
 * @example
 * gid.login({ mode: 'popup', prompt: 'login' });
 */
export interface LoginOptions extends AuthParams {
  mode?: 'redirect' | 'popup';
  /**
   * `login`: the provider asks the person again even with a session; `none`: never asks (see
   * `loginSilently`); `consent`: asks for consent again; `select_account`: lets the person choose an account.
   */
  prompt?: 'none' | 'login' | 'consent' | 'select_account';
  source?: 'widget';
  quuid?: string;
  /**
   * Popup mode: a window the site opened itself (`window.open('', 'gid_auth', …)` straight in the
   * click handler, e.g. where Safari's user-gesture rule would block one opened after an `await`);
   * the SDK navigates it to the provider instead of opening one.
   */
  popup?: Window;
}

/**
 * The authorization request's optional parameters (OpenID Connect Core 3.1.2.1) and the site's
 * own state carried through a sign-in (`appState`, never sent to the provider).
 * @example
 * gid.login({ mode: 'popup', loginHint: '+79990000000', uiLocales: 'ru', maxAge: 3600,
 *   acrValues: 'mfa', extraParams: { theme: 'dark' }, appState: { returnTo: '/basket' } });
 */
export interface AuthParams {
  /** `login_hint`: the phone or e-mail the provider pre-fills. */
  loginHint?: string;
  /** `ui_locales`: the provider's page language(s), e.g. `ru en`. */
  uiLocales?: string;
  /** `max_age`: seconds since the person's last active sign-in after which they are asked again. */
  maxAge?: number;
  /** `acr_values`: the authentication context classes asked for. */
  acrValues?: string;
  /** More authorize parameters, sent as they are (never overriding the SDK's own: `state`, `code_challenge`, …). */
  extraParams?: Record<string, string>;
  /**
   * Anything the site wants back after the sign-in (JSON-serialisable for redirect sign-ins: it is
   * kept with the flow data in `sessionStorage`); handed back as `appState` in `callback`'s result
   * and in what the sign-in resolves to. Never sent to the provider.
   */
  appState?: unknown;
}

/**
 * The events of a client (`on`) and what each hands its listeners: `tokens`, the tokens now (after
 * a sign-in, a refresh, here or in another tab; `undefined` after a sign-out); `expired`, the tokens
 * whose access token has just expired; `signedOut`, `{ local }` (true: this tab signed out, false:
 * another tab did); `session`, the outcome of a silent sign-in (`checkSession`, `getAccessToken`).
 * @example
 * const off = gid.on('signedOut', () => router.navigate('/login'));
 */
export interface GidEvents {
  tokens: GidTokens | undefined;
  /** `leeway` seconds before the access token expires (half-way through its life if it lives shorter). */
  expiring: GidTokens;
  expired: GidTokens;
  signedOut: { local: boolean };
  session: { ok: true; tokens: GidTokens } | { ok: false; error: unknown };
  /** An automatic refresh failed (`autoRefresh`): the error; the tokens are kept (they may work until they expire). */
  renewError: unknown;
  /** Another person (another `sub`): a sign-in, a sign-out (null), a switch. The claims of the new ID token. */
  userChanged: Record<string, unknown> | null;
}

/**
 * Options of `logout`.
 * @example
 * await gid.logout(tokens.access_token, { idToken: tokens.id_token });
 * await gid.logout(tokens.access_token, { local: true }); // this site only, the provider's session stays
 */
export interface LogoutOptions {
  /** The ID token, sent as `id_token_hint` to the provider's logout page. */
  idToken?: string;
  /** Sign out of this site only: the backend call and the client's tokens, no visit to the provider's logout page. */
  local?: boolean;
  /** Where the provider's logout page returns this time (instead of `postLogoutUri`). */
  returnTo?: string;
  /**
   * Goes to the provider's logout page instead of `location.assign` (a router, a frame, a log);
   * `false`: no navigation (the URL is built, the page stays).
   */
  openUrl?: ((url: string) => void | Promise<void>) | false;
}

/**
 * One started SDK client (`init`, `createClient`).
 * @example
 * const gid = await init(config);
 * button.onclick = () => gid.login({ mode: 'popup' });
 * logoutButton.onclick = () => gid.logout(tokens.access_token);
 */
export interface GidClient {
  /** Starts a sign-in. In popup mode call it straight from a click handler. */
  login(options?: LoginOptions): Promise<void>;
  /** Processes a provider callback URL (default: the current location). */
  handleCallback(url?: string): Promise<TokenResult | undefined>;
  /**
   * Silent sign-in (`prompt=none` in a hidden iframe): resolves with tokens if the person has a
   * session at the provider; rejects with `LOGIN_REQUIRED`, or `SILENT_TIMEOUT` when no answer came.
   */
  checkSession(options?: { timeoutMs?: number } & AuthParams): Promise<TokenResult>;
  /** Exchanges a refresh token through the backend. */
  refresh(refreshToken: string): Promise<TokenResult>;
  /**
   * Backend logout (`client_id` and `token`), then the provider's logout page (not with
   * `local: true`). The client forgets its tokens and `signedOut` fires, here and in the site's other tabs.
   */
  logout(token: string, options?: LogoutOptions): Promise<void>;
  /**
   * A valid access token: the client's own while it is valid for `minValiditySeconds` more
   * (default 60), else refreshed (one request at a time across the site's tabs), else by a
   * silent sign-in. Rejects like `checkSession` when none can be had (`LOGIN_REQUIRED`, …).
   */
  getAccessToken(options?: GetTokenOptions): Promise<string>;
  /** The claims of the client's ID token, decoded only (the backend verifies it); null without one. */
  readonly user: Record<string, unknown> | null;
  /** The client's tokens now (from its sign-ins, refreshes, other tabs, or `setTokens`). */
  readonly tokens: GidTokens | undefined;
  /** Hands the client tokens it did not get itself (kept by the site); `undefined` forgets them (a sign-out, heard by other tabs). */
  setTokens(tokens: GidTokens | undefined): void;
  /** Listens to one of the client's events; returns the unsubscribe. */
  on<E extends keyof GidEvents>(event: E, listener: (detail: GidEvents[E]) => void): () => void;
  /** Builds the authorize URL and stores the flow data it belongs to. */
  buildAuthorizeUrl(options?: LoginOptions): Promise<string>;
  /** Removes buttons, widget, listeners and styles. */
  destroy(): void;
  /**
   * Renders one more «Войти с Газпром ID» button bound to this client into `container` and
   * returns its removal (what `@gid/sdk-react`'s `GidLoginButton` uses). Only on clients made by
   * `init`; `createClient`'s core client draws no UI.
   */
  renderButton?(container: HTMLElement, options?: Omit<GidButtonConfig, 'container'>): () => void;
}

type CoreFields =
  | 'clientId'
  | 'backendUrl'
  | 'oauth2CodePath'
  | 'headers'
  | 'callback'
  | 'debugConsole'
  | 'preventAutoStorageCleanup'
  | 'fetch'
  | 'httpTimeoutMs'
  | 'window';

/**
 * What `refreshTokens` reads (and checks): the client, the site's backend, `callback`. A whole
 * `GidConfig` works too.
 * @example
 * await refreshTokens({ clientId: 'my-site', backendUrl: location.origin }, saved.refresh_token);
 */
export type CoreConfig = Pick<GidConfig, CoreFields>;

/**
 * What `loginWithPopup`, `loginWithRedirect` and `handleRedirectCallback` read (and check): the
 * core, the provider, the redirect URI and the authorize URL's parameters. A whole `GidConfig` works too.
 * @example
 * const config: LoginConfig = { clientId: 'my-site', authUrl: 'https://id.example', redirectUri: `${location.origin}/auth/gid`, backendUrl: location.origin };
 */
export type LoginConfig = Pick<
  GidConfig,
  | CoreFields
  | 'authUrl'
  | 'redirectUri'
  | 'scope'
  | 'cid'
  | 'session_id'
  | 'appmetrica_device_id'
  | 'product_name'
  | 'popupFallbackToRedirect'
  | 'popupTimeoutMs'
>;

/**
 * What `logout` reads (and checks). A whole `GidConfig` works too.
 * @example
 * await logout({ clientId: 'my-site', authUrl: 'https://id.example', backendUrl: location.origin }, tokens.access_token);
 */
export type LogoutConfig = Pick<GidConfig, CoreFields | 'authUrl' | 'logoutPath' | 'postLogoutUri'>;
