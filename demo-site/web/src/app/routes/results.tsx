import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { useResultEventCities } from '../../features/results/api/filter-results';
import { useResultCities } from '../../features/results/api/get-result-cities';
import { formatDate } from '../../lib/dates';

/** Results: past event cities with published results, by city and text. */
export default function Results() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const city = params.get('city') ?? '';
  const search = params.get('q') ?? '';
  const [text, setText] = useState(search);
  const cities = useResultCities();
  const list = useResultEventCities({ city_id: city ? Number(city) : undefined, search: search || undefined, limit: 100 });

  const update = (name: 'city' | 'q', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <div className="container page">
      <PageTitle>{t('results.title')}</PageTitle>
      <search>
        <form
          className="filters"
          aria-label={t('results.filters')}
          onSubmit={(event) => {
            event.preventDefault();
            update('q', text.trim());
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-city`}>{t('calendar.city')}</label>
            <select id={`${id}-city`} value={city} onChange={(event) => update('city', event.target.value)}>
              <option value="">{t('calendar.allCities')}</option>
              {cities.data?.values.map((option) => (
                <option key={option.id} value={String(option.id)}>
                  {option.name_ru}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-search`}>{t('results.search')}</label>
            <input id={`${id}-search`} type="search" value={text} onChange={(event) => setText(event.target.value)} />
          </div>
          <button type="submit" className="button">
            {t('common.find')}
          </button>
        </form>
      </search>
      <div aria-live="polite" aria-busy={list.isFetching}>
        {list.isPending ? <Loading /> : null}
        {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
        {list.data && list.data.values.length === 0 ? <EmptyState>{t('results.empty')}</EmptyState> : null}
        {list.data && list.data.values.length > 0 ? (
          <ul className="card-grid card-grid--2">
            {list.data.values.map((eventCity) => (
              <li key={eventCity.public_id}>
                <article className="card">
                  <p className="event-card__type">{eventCity.event.event_type.title}</p>
                  <h2 className="card__title">
                    <Link to={`/results/${eventCity.public_id}`} className="stretched-link">
                      {eventCity.event.title}
                    </Link>
                  </h2>
                  <p className="muted">
                    {eventCity.city.name_ru} ·{' '}
                    <time dateTime={eventCity.start_time}>{formatDate(eventCity.start_time, eventCity.timezone)}</time>
                  </p>
                </article>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
