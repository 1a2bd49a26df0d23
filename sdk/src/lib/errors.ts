/** The codes, once each: `errors` is made from this list (naming each twice cost 100 bytes in the script tag's build). */
const CODES = [
  'CONFIG_ERROR',
  'POPUP_ERROR',
  'POPUP_CLOSED',
  'POPUP_ALREADY_OPEN',
  'STATE_MISMATCH',
  'AUTH_ERROR',
  'CODE_ERROR',
  'TOKEN_ERROR',
  'TOKEN_RESPONSE_ERROR',
  'LOGOUT_ERROR',
  'WIDGET_ERROR',
  'STORAGE_ERROR',
  'UNEXPECTED_ERROR',
  'LOGIN_REQUIRED',
  'SILENT_TIMEOUT',
  'ABORTED',
] as const;

/** `{ A: 'A', B: 'B' }` of `['A', 'B']`. A function of its own so that a bundler drops the call where `errors` is unused. */
const namedAsThemselves = (list: readonly string[]) => Object.fromEntries(list.map((code) => [code, code])) as never;

/**
 * Stable error codes, each named as itself; compare `error.code` with these. Besides the spec's:
 * `STORAGE_ERROR`: session storage is unavailable (disabled, sandboxed, full), so a sign-in could
 * never come back; `UNEXPECTED_ERROR`: anything else that broke a sign-in (e.g. no Web Crypto on
 * a plain-http page), `cause` holds it; `LOGIN_REQUIRED`: a silent sign-in found the provider
 * needs the person (`login_required`, `consent_required`, …), with `thirdParty` maybe only
 * because its frame could not see the provider's session; `SILENT_TIMEOUT`: a silent sign-in got
 * no answer (third-party cookies or framing blocked, or the provider unreachable); `ABORTED`: the
 * client was destroyed (`destroy()`) while a sign-in waited: nothing about the browser or the person.
 * @example
 * if (error.code === errors.POPUP_CLOSED) showHint('Окно входа закрыто');
 */
export const errors: { readonly [C in GidErrorCode]: C } = /* @__PURE__ */ namedAsThemselves(CODES);

/**
 * One of the stable error codes (`errors`).
 * @example
 * const retryable = (code: GidErrorCode) => code === 'TOKEN_ERROR' || code === 'SILENT_TIMEOUT';
 */
export type GidErrorCode = (typeof CODES)[number];

/**
 * Details an error may carry from the provider or the backend (spec 3.1 error response).
 * @example
 * if (isGidError(e) && e.retry_after_seconds) retryIn(e.retry_after_seconds);
 */
export interface GidErrorDetails {
  cause?: unknown;
  /** The configuration field a `CONFIG_ERROR` is about. */
  field?: string;
  error?: string;
  error_description?: string;
  status?: number;
  retry_after_seconds?: number;
  /**
   * Silent sign-in (`LOGIN_REQUIRED`, `SILENT_TIMEOUT`): the provider is another site than the
   * page, so blocked third-party cookies may hide its session from the frame; sign in by popup
   * or redirect instead.
   */
  thirdParty?: boolean;
}

/**
 * Every failure the SDK reports: a stable `code`, the spec's Russian message, and its context.
 * @example if (isGidError(e) && e.code === errors.POPUP_CLOSED) showHint();
 */
export class GidError extends Error {
  // `declare`: no field initialisers emitted, the constructor assigns what is present.
  declare code: GidErrorCode;
  declare field?: string;
  declare error?: string;
  declare error_description?: string;
  declare status?: number;
  declare retry_after_seconds?: number;
  declare thirdParty?: boolean;

  constructor(code: GidErrorCode, message: string, details?: GidErrorDetails) {
    super(message, details); // takes `cause` from the details
    this.name = 'GidError';
    Object.assign(this, details, { code });
  }
}

/**
 * True for a `GidError`, also one created in another window (no `instanceof`).
 * @example
 * loginWithPopup(config).catch((e) => isGidError(e) ? showError(e.message) : report(e));
 */
export const isGidError = (value: unknown): value is GidError =>
  (value as GidError | null)?.name === 'GidError' && typeof (value as GidError).code === 'string';

// The spec's messages (accounts-sso.md 5.1, 8), one constant each so unused ones tree-shake away.
export const MSG_AUTH = 'Ошибка авторизации';
export const MSG_TOKEN = 'Ошибка при получении токена';
export const MSG_POPUP_OPEN = 'Ошибка при попытке открытия popup-окна';
export const MSG_TOKEN_RESPONSE = 'Token response error';
export const MSG_UNEXPECTED = 'Произошла непредвиденная ошибка. Обратитесь в службу поддержки';
export const MSG_NO_BACKEND = 'Backend URL is not configured';
export const MSG_POPUP_CLOSED = 'Попап был закрыт пользователем до завершения авторизации.';
export const MSG_POPUP_ALREADY_OPEN = 'Popup-окно уже открыто';
export const MSG_CODE = 'Ошибка при получении авторизационного кода';
export const MSG_LOGOUT = 'Ошибка вызова logout';
export const MSG_INIT = 'Ошибка инициализации системы авторизации';
export const MSG_WIDGET = 'Не заданы настройки авторизационного виджета';
// The SDK's own conditions (no spec message), in Russian like the spec's, and short: every byte
// here is in the smallest popup login. (`Token response error` and `Backend URL is not configured`
// are the spec's own words.)
export const MSG_STORAGE = 'Нет sessionStorage';
export const MSG_CRYPTO = 'Нет Web Crypto (только HTTPS)';
export const MSG_ABORTED = 'Вход прерван';
/** The `ABORTED` error: a sign-out or `destroy()` ended the call (one maker: it is thrown in many places). */
export const aborted = (): GidError => new GidError('ABORTED', MSG_ABORTED);
/** A token given to `logout` or `refresh` that is no non-empty string. */
export const MSG_BAD_TOKEN = 'Неверный токен';
