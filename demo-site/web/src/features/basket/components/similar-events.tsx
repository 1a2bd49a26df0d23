import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEvents } from '../../events/api/get-events';
import { EventCard } from '../../events/components/event-card';
import { SIMILAR_EVENTS } from '../../events/similar';
import '../../../locales/basket';

/** ticketing-shop §2: similar events (up to 4) below the basket, and the project's participate link. Memoised: the basket re-renders on each count and query answer; these cards need only the event ids (keep them stable). */
export const SimilarEvents = memo(function SimilarEvents({ eventIds }: { eventIds: string[] }) {
  const { t } = useTranslation();
  const events = useEvents();
  const all = events.data?.values ?? [];
  const inBasket = all.find((event) => eventIds.includes(event.public_id));
  const similar = all
    .filter((event) => !eventIds.includes(event.public_id))
    .sort((a, b) => Number(b.event_type.title === inBasket?.event_type.title) - Number(a.event_type.title === inBasket?.event_type.title))
    .slice(0, SIMILAR_EVENTS);
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
