import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { eventsQuery } from '../../events/api/get-events';
import '../../../locales/basket';

/** An event of a ticket that left the basket: the title it had when the ticket was added, its id. */
export interface StaleEvent {
  public_id: string;
  title: string;
}

/**
 * The «Устаревшие данные» popup's lines (ticketing-shop §4 hold time): one per event whose tickets left
 * the basket, its title in the site's language (issue 35) — from the event list, asked in the current
 * language (the basket loads it anyway); the kept title when the event is not listed.
 */
export function StaleTickets({ events }: { events: readonly StaleEvent[] }) {
  const { t } = useTranslation();
  const list = useQuery({ ...eventsQuery(), enabled: events.length > 0 });
  const titleOf = (event: StaleEvent) => list.data?.values.find((listed) => listed.public_id === event.public_id)?.title || event.title;
  const titles = [...new Set(events.map(titleOf))];
  return (
    <>
      {titles.map((title) => (
        <p key={title}>{t('basket.popups.stale', { title })}</p>
      ))}
    </>
  );
}
