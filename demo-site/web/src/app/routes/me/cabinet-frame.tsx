import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { useEvents } from '../../../features/events/api/get-events';
import { EventCard } from '../../../features/events/components/event-card';
import { distanceKm, similarEvents } from '../../../features/events/similar';
import { logout } from '../../../features/sessions/api/logout';
import { ticketsQuery } from '../../../features/tickets/api/get-tickets';
import { useTranslation } from '../../../lib/i18n';
import '../../../styles/cabinet.css';
import '../../../locales/cabinet';

/** accounts-sso §2.5: the side menu, in its order. */
const menu = [
  { to: '/me', key: 'tickets' },
  { to: '/me/shop', key: 'shop' },
  { to: '/me/insurances', key: 'insurances' },
  { to: '/me/club', key: 'clubs' },
  { to: '/me/setting', key: 'settings' },
  { to: '/me/session', key: 'sessions' },
] as const;

/**
 * The cabinet screen the person was on before this one. Every cabinet screen is its own chunk and
 * mounts its own frame, so «moved inside the cabinet» is remembered here, not in the frame's state.
 */
let previousCabinetPath: string | null = null;

interface CabinetFrameProps {
  title: string;
  children: ReactNode;
  /** accounts-sso §2.1: the similar-events block shows on /me and /me/shop only. */
  similar?: boolean;
}

/** The cabinet frame (accounts-sso §2.1, §2.5): side menu, exit, the insurance promo card, the content. */
export function CabinetFrame({ title, children, similar = false }: CabinetFrameProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const content = useRef<HTMLDivElement>(null);
  const [leaving, setLeaving] = useState(false);

  // accounts-sso §2.1: moving between cabinet screens brings the content into view (on a phone the
  // menu sits above it); the first cabinet screen opened keeps the page's usual top position.
  useEffect(() => {
    if (previousCabinetPath !== null && previousCabinetPath !== pathname) content.current?.scrollIntoView?.({ block: 'start' });
    previousCabinetPath = pathname;
    return () => {
      if (!window.location.pathname.startsWith('/me')) previousCabinetPath = null;
    };
  }, [pathname]);

  const exit = async () => {
    setLeaving(true);
    await logout();
    navigate('/');
  };

  return (
    <div className="container page cabinet">
      <aside className="cabinet__aside">
        <nav aria-label={t('cabinet.menu.label')}>
          <ul className="cabinet-menu">
            {menu.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className="cabinet-menu__link">
                  {t(`cabinet.menu.${item.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" className="button button--secondary cabinet__exit" onClick={() => void exit()} disabled={leaving}>
          {t('cabinet.menu.exit')}
        </button>
        {/* In the aside, above the content on a phone: below it, it would move as the content loads. */}
        <section className="card cabinet-promo" aria-labelledby="cabinet-promo-title">
          <h2 id="cabinet-promo-title" className="card__title">
            {t('cabinet.promo.title')}
          </h2>
          <p>{t('cabinet.promo.text')}</p>
          <Link to="/me/insurances?buy=1" className="button button--small">
            {t('cabinet.promo.action')}
          </Link>
        </section>
      </aside>
      <div className="cabinet__content" ref={content}>
        <PageTitle>{title}</PageTitle>
        {children}
        {similar ? <SimilarEvents /> : null}
      </div>
    </div>
  );
}

/**
 * Four upcoming events like the ones the person holds tickets for (the same city, type or distance:
 * features/events/similar.ts), under their own lists.
 */
function SimilarEvents() {
  const { t } = useTranslation();
  const events = useEvents();
  // The tickets list's own answer when the page shows it (no second request), else asked once.
  const tickets = useQuery({ ...ticketsQuery('my'), staleTime: Number.POSITIVE_INFINITY });
  const tastes = (tickets.data?.values ?? []).map((ticket) => ({
    eventId: ticket.event.public_id ?? null,
    city: ticket.city.name_ru,
    type: ticket.event.event_type.title,
    distanceKm: distanceKm(ticket.event_format.title),
  }));
  // Chosen once the tickets are known (or failed to load): no reshuffle under the reader's eyes.
  const shown = tickets.isPending ? [] : similarEvents(events.data?.values ?? [], tastes);
  if (shown.length === 0) return null;
  return (
    <section className="section cabinet-similar" aria-labelledby="cabinet-similar-title">
      <h2 id="cabinet-similar-title" className="section__head">
        {t('cabinet.similar.title')}
      </h2>
      <ul className="card-grid card-grid--4">
        {shown.map((event) => (
          <li key={event.public_id}>
            <EventCard event={event} />
          </li>
        ))}
      </ul>
    </section>
  );
}
