import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { useCities } from '../api';
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

export interface ActResult {
  error: boolean;
  text: string;
}

/**
 * A write from a button: run it, then say it was done or what the server answered (its Russian message).
 * `act` never throws; the message replaces the previous one.
 */
export function useAct() {
  const { t } = useText();
  const [message, setMessage] = useState<ActResult | null>(null);
  const act = useCallback(
    async (action: () => Promise<unknown>, done: string) => {
      setMessage(null);
      try {
        await action();
        setMessage({ error: false, text: done });
      } catch (failure) {
        setMessage({ error: true, text: errorMessage(failure, t('loadError')) });
      }
    },
    [t],
  );
  return { message, act };
}

/** What `useAct` said: a status for success, an alert for a refusal. */
export function ActMessage({ message, inline = false }: { message: ActResult | null; inline?: boolean }) {
  if (!message) return null;
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag className={message.error ? 'field-error' : 'org-notice'} role={message.error ? 'alert' : 'status'}>
      {message.text}
    </Tag>
  );
}

/** A refused write's message under its form (the server's Russian words). */
export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p className="field-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** A form's buttons: the submit (off while the write runs) and, when the form can be closed, «Отмена». */
export function FormActions({ label, pending, onCancel }: { label: string; pending: boolean; onCancel?: () => void }) {
  const { t } = useText();
  return (
    <div className="org-form__actions">
      <button type="submit" className="button" disabled={pending}>
        {label}
      </button>
      {onCancel ? (
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      ) : null}
    </div>
  );
}

/** A labelled text input of the back office's forms. */
export function Field(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  type?: 'text' | 'datetime-local' | 'email';
  inputMode?: 'numeric' | 'decimal';
  pattern?: string;
  className?: string;
}) {
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        className="input"
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        pattern={props.pattern}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        required={props.required}
      />
    </div>
  );
}

/** A labelled select; `blank` puts an empty first choice (nothing chosen yet). */
export function Choice(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  required?: boolean;
  blank?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value)} required={props.required}>
        {props.blank ? <option value="" /> : null}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The cities an event city may be in, as a form's choices, in the site's language. */
export function useCityChoices() {
  const { language } = useText();
  const cities = useCities();
  return (cities.data?.values ?? []).map((city) => ({
    value: String(city.id),
    label: language === 'en' ? (city.name_en ?? city.name) : city.name,
  }));
}
