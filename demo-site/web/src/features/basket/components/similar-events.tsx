import { memo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useEvents } from '../../events/api/get-events';
import { EventCard } from '../../events/components/event-card';
import { type ChosenTicket, similarEvents, tastesOfChosen } from '../../events/similar';
import '../../../locales/basket';

/**
 * ticketing-shop §2: similar events (up to 4) below the basket, and the project's participate link. Chosen
 * as the cabinet chooses them (the same city, type or distance as the basket's tickets: `similarEvents`),
 * never an event already in the basket. Memoised: the basket re-renders on each count and query answer;
 * these cards need only the chosen tickets (keep the array stable).
 */
export const SimilarEvents = memo(function SimilarEvents({ chosen }: { chosen: readonly ChosenTicket[] }) {
  const { t } = useTranslation();
  const events = useEvents();
  const all = events.data?.values ?? [];
  const inBasket = all.find((event) => chosen.some((ticket) => ticket.eventId === event.public_id));
  const similar = similarEvents(all, tastesOfChosen(all, chosen));
  const participate = inBasket?.event_type.project?.link ?? all[0]?.event_type.project?.link ?? null;
  if (similar.length === 0 && !participate) return null;
  return (
    <section className="basket-similar" aria-labelledby="basket-similar-title">
      <div className="basket-similar__head">
        <h2 id="basket-similar-title">{t('basket.similar')}</h2>
        {participate ? (
          <a className="button button--secondary" href={participate} target="_blank" rel="noreferrer">
            {t('basket.participate')}
          </a>
        ) : null}
      </div>
      <ul className="card-grid card-grid--4">
        {similar.map((event) => (
          <li key={event.public_id}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </section>
  );
});
