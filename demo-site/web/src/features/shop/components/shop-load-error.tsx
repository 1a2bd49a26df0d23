import { isApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';

/**
 * A shop screen whose data did not load (ticketing-shop §8, «Shop alerts»): «Проблема при загрузке»
 * with the server's own message when it sent one, otherwise «Попробуйте позже»; a 404 is «not found».
 */
export function ShopLoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.status === 404) {
    return (
      <div className="state state--error" role="alert">
        <p>{t('common.notFoundData')}</p>
      </div>
    );
  }
  // Only a 4xx carries a message written for people; a 5xx or no answer gets «Попробуйте позже».
  const serverMessage =
    isApiError(error) &&
    error.code === 'http' &&
    error.status >= 400 &&
    error.status < 500 &&
    typeof (error.data as { message?: unknown } | null)?.message === 'string'
      ? (error.data as { message: string }).message
      : null;
  return (
    <div className="state state--error" role="alert">
      <p className="state__title">{t('shop.loadProblem')}</p>
      <p>{serverMessage ?? t('shop.tryLater')}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
