import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, Loading } from '../../../components/ui/states';
import { type VirtualFormat, virtualFormatsQuery } from '../../../features/events/api/get-virtual-formats';
import { formatDate } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { formatRubles } from '../../../lib/money';
import { ContentPage } from './content-page';
import '../../../locales/content';

const soldOut = (format: VirtualFormat) => format.tickets_left != null && Object.values(format.tickets_left).every((left) => left <= 0);

/** The virtual races on sale, each leading to its format on the event page. */
function VirtualList() {
  const { t } = useTranslation();
  const formats = useQuery(virtualFormatsQuery());
  if (formats.isPending) return <Loading />;
  if (formats.isError) return <ErrorState error={formats.error} onRetry={() => void formats.refetch()} />;
  if (formats.data.length === 0) {
    return (
      <p>
        {t('content.virtualEvents.none')} <Link to="/calendar">{t('content.virtualEvents.toCalendar')}</Link>
      </p>
    );
  }
  return (
    <ul className="card-grid card-grid--3">
      {formats.data.map((format) => (
        <li key={format.public_id}>
          <article className="card virtual-race" aria-labelledby={`virtual-${format.public_id}`}>
            <p className="event-card__type">{format.event.title}</p>
            <h3 className="card__title" id={`virtual-${format.public_id}`}>
              {format.title}
            </h3>
            <p className="event-city-card__meta">
              <span>{t('content.virtualEvents.anywhere')}</span>
              {' · '}
              <time dateTime={format.start_time}>{formatDate(format.start_time, format.timezone)}</time>
            </p>
            {format.description ? <p className="muted">{format.description}</p> : null}
            <p className="event-city-card__price">{formatRubles(format.price)}</p>
            {soldOut(format) ? (
              <p className="muted">{t('content.virtualEvents.soldOut')}</p>
            ) : (
              <Link
                className="button"
                to={`/event/${encodeURIComponent(format.event.public_id)}/${encodeURIComponent(format.public_id)}?city=${encodeURIComponent(format.event_city.public_id)}`}
              >
                {t('content.virtualEvents.choose', { title: format.title })}
              </Link>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}

/** /virtualEvents: the virtual races on sale, then how one works step by step; the result goes in from the ticket page. */
export default function VirtualEvents() {
  const { t } = useTranslation();
  const steps = t('content.virtualEvents.steps', { returnObjects: true }) as unknown as string[];
  return (
    <ContentPage name="virtualEvents">
      <section className="content-section" aria-labelledby="virtual-list">
        <h2 id="virtual-list">{t('content.virtualEvents.listTitle')}</h2>
        <VirtualList />
      </section>
      <section className="content-section" aria-labelledby="virtual-steps">
        <h2 id="virtual-steps">{t('content.virtualEvents.stepsTitle')}</h2>
        <ol className="numbered-list">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="actions">
          <Link to="/calendar" className="button">
            {t('content.virtualEvents.toCalendar')}
          </Link>
          <Link to="/me" className="button button--secondary">
            {t('content.virtualEvents.toTickets')}
          </Link>
        </p>
      </section>
    </ContentPage>
  );
}
