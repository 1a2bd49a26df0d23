import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { emailPattern } from '../../../lib/contact-rules';
import { useTranslation } from '../../../lib/i18n';
import { useSubscribeToNews } from '../api/subscribe-news';

/**
 * «Подписка на новости» (accounts-sso §7, PUT /api/user/subscribe/news): an e-mail, checked before
 * sending with the checkout's rule; the server's message («Вы подписались на новости», «Вы уже
 * подписаны…») is shown as it comes.
 */
export function NewsSubscription() {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribeToNews();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!emailPattern.test(address)) {
      setError(t('news.subscribe.invalid'));
      return;
    }
    setError(null);
    subscribe.mutate(address, {
      onError: (failure) =>
        setError(isApiError(failure) && failure.status === 400 && failure.code === 'http' ? failure.message : t('errors.generic')),
    });
  };
  return (
    <section className="news-subscription" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('news.subscribe.title')}</h2>
      <p>{t('news.subscribe.lead')}</p>
      <form className="news-subscription__form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-email`}>{t('news.subscribe.email')}</label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : subscribe.isSuccess ? `${id}-done` : undefined}
        />
        <button type="submit" className="button" disabled={subscribe.isPending}>
          {t('news.subscribe.submit')}
        </button>
      </form>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {subscribe.isSuccess && !error ? (
        <p id={`${id}-done`} className="notice" role="status">
          {subscribe.data.message}
        </p>
      ) : null}
    </section>
  );
}
