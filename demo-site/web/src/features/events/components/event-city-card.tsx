import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { placeName, useTranslation } from '../../../lib/i18n';
import { formatRubles } from '../../../lib/money';
import type { FilteredEventCity } from '../api/filter-event-cities';

/** A calendar entry: one event in one city. */
export function EventCityCard({ eventCity, headingLevel = 3 }: { eventCity: FilteredEventCity; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { event } = eventCity;
  return (
    <article className="card event-city-card">
      {event.event_type.logo ? (
        <img className="event-card__logo" src={event.event_type.logo} alt="" width={56} height={56} loading="lazy" />
      ) : null}
      <div className="event-card__body">
        <p className="event-card__type">{event.event_type.title}</p>
        <Heading className="card__title">
          <Link to={`/calendar/${event.public_id}?city=${encodeURIComponent(eventCity.public_id)}`} className="stretched-link">
            {event.title}
          </Link>
        </Heading>
        <p className="event-city-card__meta">
          <span>{placeName(eventCity.city)}</span>
          {' · '}
          <time dateTime={eventCity.start_time}>{formatDateTime(eventCity.start_time, eventCity.timezone)}</time>
        </p>
        {eventCity.address ? <p className="muted">{eventCity.address}</p> : null}
        {typeof eventCity.min_price === 'number' ? (
          <p className="event-city-card__price">{t('calendar.priceFrom', { price: formatRubles(eventCity.min_price) })}</p>
        ) : null}
      </div>
    </article>
  );
}
