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
  | { ok: true; tokens: GidTokens }
  | { ok: false; error: string; error_description: string; status?: number; retry_after_seconds?: number };

/**
 * The value `handleCallback` and `refresh` resolve to.
 * @example
 * const tokens: TokenResult | undefined = await handleRedirectCallback(config);
 */
export type TokenResult = GidTokens;

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
  /** Test and embedding seam: the `fetch` to use (default: the global one). */
  fetch?: typeof fetch;
  /** Test and embedding seam: the window to work in (default: the global one). */
  window?: Window;
}

/**
 * Options of one sign-in.
 * @example
 * gid.login({ mode: 'popup', prompt: 'login' });
 */
export interface LoginOptions {
  mode?: 'redirect' | 'popup';
  /** `login`: the provider asks the person again even with a session; `none`: never asks (see `loginSilently`). */
  prompt?: 'login' | 'none';
  source?: 'widget';
  quuid?: string;
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
  checkSession(options?: { timeoutMs?: number }): Promise<TokenResult>;
  /** Exchanges a refresh token through the backend. */
  refresh(refreshToken: string): Promise<TokenResult>;
  /** Backend logout (`client_id` and `token`), then the provider's logout page. */
  logout(token: string, options?: { idToken?: string }): Promise<void>;
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
>;

/**
 * What `logout` reads (and checks). A whole `GidConfig` works too.
 * @example
 * await logout({ clientId: 'my-site', authUrl: 'https://id.example', backendUrl: location.origin }, tokens.access_token);
 */
export type LogoutConfig = Pick<GidConfig, CoreFields | 'authUrl' | 'logoutPath' | 'postLogoutUri'>;
