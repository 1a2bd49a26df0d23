import type { QueryClient } from '@tanstack/react-query';
import { useDeferredValue, useId } from 'react';
import { CitySelect } from '../../components/ui/city-select';
import { PageTitle } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { type EventCityFilter, useFilteredEventCities } from '../../features/events/api/filter-event-cities';
import { eventCitiesQuery, useEventCities } from '../../features/events/api/get-event-cities';
import { eventTypesQuery, useEventTypes } from '../../features/events/api/get-event-types';
import { EventCityCard } from '../../features/events/components/event-city-card';
import { dayjs, monthRange, upcomingMonths } from '../../lib/dates';
import { useTranslation } from '../../lib/i18n';
import { useFilterParams } from '../../lib/use-filter-params';

/** The filters' choices, loaded before the first render on a visit that opens here (the list follows). */
export const prefetch = (client: QueryClient) =>
  Promise.all([client.prefetchQuery(eventCitiesQuery()), client.prefetchQuery(eventTypesQuery())]);

/** The calendar: upcoming events by city, type and month; the filters live in the address. */
export default function Calendar() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [params, setFilter, clearFilters] = useFilterParams<'city' | 'type' | 'month'>();
  const city = params.get('city') ?? '';
  const type = params.get('type') ?? '';
  const month = params.get('month') ?? '';
  const cities = useEventCities();
  const types = useEventTypes();
  const filter: EventCityFilter = {
    city_id: city ? Number(city) : undefined,
    event_type: type || undefined,
    ...(month ? monthRange(month) : {}),
    limit: 100,
  };
  const list = useFilteredEventCities(filter);
  // Built by React in small slices (a deferred value), so the list never blocks a phone for long.
  const values = useDeferredValue(list.data?.values);
  // Re-computed on language change so month names follow the language.
  const months = upcomingMonths(dayjs().locale(i18n.language === 'en' ? 'en-gb' : 'ru'));

  return (
    <div className="container page">
      <PageTitle>{t('calendar.title')}</PageTitle>
      <form className="filters" aria-label={t('calendar.filters')} onSubmit={(event) => event.preventDefault()}>
        <CitySelect id={`${id}-city`} value={city} cities={cities.data?.values} onChange={(value) => setFilter('city', value)} />
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('calendar.type')}</label>
          <select id={`${id}-type`} value={type} onChange={(event) => setFilter('type', event.target.value)}>
            <option value="">{t('calendar.allTypes')}</option>
            {types.data?.values.map((option) => (
              <option key={option.public_id} value={option.public_id}>
                {option.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-month`}>{t('calendar.month')}</label>
          <select id={`${id}-month`} value={month} onChange={(event) => setFilter('month', event.target.value)}>
            <option value="">{t('calendar.allMonths')}</option>
            {months.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {city || type || month ? (
          <button type="button" className="button button--secondary filters__reset" onClick={clearFilters}>
            {t('calendar.reset')}
          </button>
        ) : null}
      </form>

      <div aria-live="polite" aria-busy={list.isFetching}>
        {list.isPending || (list.data && !values) ? <Loading /> : null}
        {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
        {values && values.length === 0 ? <EmptyState>{t('calendar.empty')}</EmptyState> : null}
        {values && values.length > 0 ? (
          <>
            <p className="muted">{t('calendar.found', { count: list.data?.count ?? values.length })}</p>
            <ul className="card-grid card-grid--2">
              {values.map((eventCity) => (
                <li key={eventCity.public_id}>
                  <EventCityCard eventCity={eventCity} headingLevel={2} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}
