import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CitySelect } from '../../components/ui/city-select';
import { PageTitle } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { useResultEventCities } from '../../features/results/api/filter-results';
import { useResultCities } from '../../features/results/api/get-result-cities';
import { formatDate } from '../../lib/dates';
import { placeName, useTranslation } from '../../lib/i18n';
import { useFilterParams } from '../../lib/use-filter-params';

/** Results: past event cities with published results, by city and text. */
export default function Results() {
  const { t } = useTranslation();
  const id = useId();
  const [params, update] = useFilterParams<'city' | 'q'>();
  const city = params.get('city') ?? '';
  const search = params.get('q') ?? '';
  const [text, setText] = useState(search);
  const cities = useResultCities();
  const list = useResultEventCities({ city_id: city ? Number(city) : undefined, search: search || undefined, limit: 100 });

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
          <CitySelect id={`${id}-city`} value={city} cities={cities.data?.values} onChange={(value) => update('city', value)} />
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
                    {placeName(eventCity.city)} ·{' '}
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
