import { Link } from 'react-router';
import { formatDayMonth } from '../../../lib/dates';
import { placeName, useTranslation } from '../../../lib/i18n';
import type { SportEvent } from '../api/schemas';

/** An event on the home page: logo, title, its cities and dates. */
export function EventCard({ event }: { event: SportEvent }) {
  const { t } = useTranslation();
  const cities = event.event_city;
  return (
    <article className="card event-card">
      {event.event_type.logo ? (
        <img className="event-card__logo" src={event.event_type.logo} alt="" width={64} height={64} loading="lazy" />
      ) : null}
      <div className="event-card__body">
        <p className="event-card__type">{event.event_type.title}</p>
        <h3 className="card__title">
          <Link to={`/calendar/${event.public_id}`} className="stretched-link">
            {event.title}
          </Link>
        </h3>
        {cities.length > 0 ? (
          <ul className="event-card__cities" aria-label={t('event.cities')}>
            {cities.slice(0, 4).map((eventCity) => (
              <li key={eventCity.public_id}>
                {placeName(eventCity.city)},{' '}
                <time dateTime={eventCity.start_time}>{formatDayMonth(eventCity.start_time, eventCity.timezone)}</time>
              </li>
            ))}
            {cities.length > 4 ? <li>{t('event.moreCities', { count: cities.length - 4 })}</li> : null}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
