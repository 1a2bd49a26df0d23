import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { useEventFormats } from '../../features/events/api/get-event-formats';
import { useEventResults } from '../../features/results/api/get-event-results';
import { ResultsTable } from '../../features/results/components/results-table';
import { useBreadcrumbTitle } from '../../lib/breadcrumbs';
import { formatDate } from '../../lib/dates';
import { placeName, useTranslation } from '../../lib/i18n';

/**
 * /results/{event_city_id}: the results table of one format at a time. The first format comes from
 * the event city's formats; the table's own `settings.formats` then name the formats with results.
 */
export default function ResultsTablePage() {
  const { t } = useTranslation();
  const id = useId();
  const { eventCityId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const formats = useEventFormats(eventCityId);
  const formatId = params.get('format') ?? formats.data?.values[0]?.public_id ?? null;
  const gender = params.get('gender');
  const search = params.get('q') ?? '';
  const [text, setText] = useState(search);
  const results = useEventResults(eventCityId, formatId, {
    gender: gender === 'male' || gender === 'female' ? gender : undefined,
    search: search || undefined,
  });
  const title = results.data?.event ? `${results.data.event.title}${results.data.city ? `, ${placeName(results.data.city)}` : ''}` : null;
  useBreadcrumbTitle(title);

  const update = (name: 'format' | 'gender' | 'q', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const tabs = results.data?.settings?.formats ?? [];
  const explicitFormat = params.get('format');
  const firstWithResults = tabs[0]?.public_id;
  const currentHasResults = tabs.some((format) => format.public_id === formatId);
  // The event city's first format may have no results: switch to the first one that has.
  useEffect(() => {
    if (explicitFormat || !firstWithResults || currentHasResults) return;
    const next = new URLSearchParams(params);
    next.set('format', firstWithResults);
    setParams(next, { replace: true });
  }, [explicitFormat, firstWithResults, currentHasResults, params, setParams]);

  if (formats.isError) return <ErrorState error={formats.error} onRetry={() => void formats.refetch()} />;
  return (
    <div className="container page">
      <PageTitle lead={results.data?.event_city ? formatDate(results.data.event_city.start_time) : undefined}>
        {title ?? t('results.tableTitle')}
      </PageTitle>
      {tabs.length > 0 ? (
        <nav aria-label={t('results.formats')} className="tabs">
          {tabs.map((format) => (
            <button
              key={format.public_id}
              type="button"
              className="tabs__tab"
              aria-pressed={format.public_id === formatId}
              onClick={() => update('format', format.public_id)}
            >
              {format.title}
            </button>
          ))}
        </nav>
      ) : null}
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
            <label htmlFor={`${id}-gender`}>{t('results.gender')}</label>
            <select id={`${id}-gender`} value={gender ?? ''} onChange={(event) => update('gender', event.target.value)}>
              <option value="">{t('results.allGenders')}</option>
              <option value="male">{t('results.male')}</option>
              <option value="female">{t('results.female')}</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-search`}>{t('results.searchParticipant')}</label>
            <input id={`${id}-search`} type="search" value={text} onChange={(event) => setText(event.target.value)} />
          </div>
          <button type="submit" className="button">
            {t('common.find')}
          </button>
        </form>
      </search>
      <div aria-live="polite" aria-busy={results.isFetching}>
        {formats.isPending || (results.isPending && formatId !== null) ? <Loading /> : null}
        {formats.data && formats.data.values.length === 0 ? <EmptyState>{t('results.noTable')}</EmptyState> : null}
        {results.isError ? <ErrorState error={results.error} onRetry={() => void results.refetch()} /> : null}
        {results.data && results.data.values.length === 0 ? <EmptyState>{t('results.noRows')}</EmptyState> : null}
        {results.data && results.data.values.length > 0 ? (
          <ResultsTable rows={results.data.values} caption={title ?? t('results.tableTitle')} />
        ) : null}
      </div>
      <p>
        <Link to="/results">{t('results.back')}</Link>
      </p>
    </div>
  );
}
