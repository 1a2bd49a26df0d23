import { isApiError } from './api-client';

/**
 * What the app does about a failed call (ticketing-shop §8 and accounts-sso §8). Pure: the app's
 * provider carries the action out (popup, navigation, token removal).
 */
export type ErrorAction =
  /** The global error popup with the server's own message («Понятно» closes it). */
  | { kind: 'message'; message: string }
  /** The global error popup with «Произошла ошибка, попробуйте позже» in the current language. */
  | { kind: 'generic' }
  /** Sign in again; a 403 also forgets the stored token. */
  | { kind: 'login'; removeToken: boolean }
  /** Nothing global: the screen shows its own state (not found, form errors, no response). */
  | { kind: 'none' };

export function errorAction(error: unknown): ErrorAction {
  if (!isApiError(error)) return { kind: 'none' };
  switch (error.status) {
    case 400:
      return error.code === 'http' && error.message ? { kind: 'message', message: error.message } : { kind: 'generic' };
    case 401:
      return { kind: 'login', removeToken: false };
    case 403:
      return { kind: 'login', removeToken: true };
    case 422:
    case 500:
    case 502:
      return { kind: 'generic' };
    default:
      return { kind: 'none' };
  }
}
