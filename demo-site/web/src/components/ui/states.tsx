import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';

/** A loading state announced to screen readers. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

/** A failed load: «not found» for a 404, otherwise a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const notFound = isApiError(error) && error.status === 404;
  return (
    <div className="state state--error" role="alert">
      <p>{notFound ? t('common.notFoundData') : t('common.loadError')}</p>
      {!notFound && onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="state state--empty">{children}</div>;
}
