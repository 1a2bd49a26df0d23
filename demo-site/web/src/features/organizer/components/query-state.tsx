import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useText } from '../texts';

/** A query's loading, failure (with the server's message and a retry) or its data. */
export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useText();
  if (query.data !== undefined) return children(query.data);
  if (query.isError)
    return (
      <div className="state state--error" role="alert">
        <p>{isApiError(query.error) && query.error.status < 500 ? query.error.message : t('loadError')}</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}

/** The message to show for a failed write: the server's Russian message, else a generic one. */
export const errorMessage = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);
