import { Link } from 'react-router';
import { EmptyState, Loading } from '../../../components/ui/states';
import { useEvents } from '../../../features/events/api/get-events';
import type { SportEvent } from '../../../features/events/api/schemas';
import { EventCard } from '../../../features/events/components/event-card';
import { useTranslation } from '../../../lib/i18n';
import { ContentPage } from './content-page';
import '../../../locales/content';

/** A start in the New Year season: December or January. */
const inNewYearSeason = (iso: string) => {
  const month = new Date(iso).getUTCMonth();
  return month === 11 || month === 0;
};

/** The upcoming events with a start in the New Year season (December, January). */
export const newYearEvents = (events: readonly SportEvent[]) =>
  events.filter((event) => event.event_city.some((place) => inNewYearSeason(place.start_time)));

/** /newyear_2022: the holiday race, the season's upcoming starts from the calendar, and the way to all its dates. */
export default function NewYear() {
  const { t } = useTranslation();
  const events = useEvents();
  const races = newYearEvents(events.data?.values ?? []);
  return (
    <ContentPage name="newYear">
      <section className="content-section" aria-labelledby="newyear-races">
        <h2 id="newyear-races">{t('content.newYear.racesTitle')}</h2>
        {events.isPending ? <Loading /> : null}
        {events.isSuccess && races.length === 0 ? <EmptyState>{t('content.newYear.noRaces')}</EmptyState> : null}
        <ul className="card-grid card-grid--3">
          {races.map((event) => (
            <li key={event.public_id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      </section>
      <p className="actions">
        <Link to="/calendar" className="button">
          {t('content.newYear.toCalendar')}
        </Link>
      </p>
    </ContentPage>
  );
}
