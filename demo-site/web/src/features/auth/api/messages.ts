import { isApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import '../../../locales/auth';

/**
 * What a form shows for a failed call (accounts-sso §8): the server's own message for a refusal
 * (400–499, 418 and 429 included), the generic text for 5xx and 422, a connection hint when no
 * answer came.
 */
export function failureMessage(error: unknown): string {
  if (!isApiError(error)) return i18n.t('auth.errors.generic');
  if (error.status === 0) return i18n.t('auth.errors.network');
  if (error.status === 422 || error.status >= 500) return i18n.t('auth.errors.generic');
  if (error.code === 'http' && error.message && !error.message.includes(' HTTP ')) return error.message;
  return error.status === 429 ? i18n.t('auth.errors.tooMany') : i18n.t('auth.errors.generic');
}

export const statusOf = (error: unknown): number => (isApiError(error) ? error.status : 0);
