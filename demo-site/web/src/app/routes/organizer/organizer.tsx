import { useState } from 'react';
import { NavLink, Route, Routes, useLocation, useParams } from 'react-router';
import { useDocumentTitle } from '../../../components/ui/page';
import { type OrganizerEventCity, useOrganizerEvents } from '../../../features/organizer/api';
import { AuditLog } from '../../../features/organizer/components/audit';
import { Dashboard } from '../../../features/organizer/components/dashboard';
import { EventSettings } from '../../../features/organizer/components/event-settings';
import { Formats } from '../../../features/organizer/components/formats';
import { EventGoods } from '../../../features/organizer/components/goods';
import { Messages } from '../../../features/organizer/components/messages';
import { NewEvent } from '../../../features/organizer/components/new-event';
import { OrderPage, OrderSearch } from '../../../features/organizer/components/orders';
import { Promocodes } from '../../../features/organizer/components/promocodes';
import { QueryState } from '../../../features/organizer/components/query-state';
import { NewEventCity, Sales } from '../../../features/organizer/components/sales';
import { Staff } from '../../../features/organizer/components/staff';
import { Team } from '../../../features/organizer/components/team';
import { dateTime, useText } from '../../../features/organizer/texts';
import { isApiError } from '../../../lib/api-client';
import '../../../features/organizer/organizer.css';

/** /organizer (issue 31): the organiser's back office — events, their dashboards and catalogue, orders, staff, audit. */
export default function Organizer() {
  const { t } = useText();
  useDocumentTitle(t('title'));
  const events = useOrganizerEvents();
  const { pathname } = useLocation();
  if (isApiError(events.error) && events.error.status === 403)
    return (
      <section className="container org">
        <h1>{t('noAccess')}</h1>
        <p>{t('noAccessHint')}</p>
      </section>
    );
  return (
    <div className="container org">
      <header className="org-top">
        <h1>{t('title')}</h1>
        <nav aria-label={t('title')} className="org-nav">
          <NavLink
            to="/organizer"
            className={({ isActive }) => (isActive && !/^\/organizer\/(orders|audit|team)/.test(pathname) ? 'active' : '')}
          >
            {t('events')}
          </NavLink>
          <NavLink to="/organizer/orders">{t('orders')}</NavLink>
          {events.data?.values.some((place) => place.organisation.role !== 'viewer') ? (
            <NavLink to="/organizer/audit">{t('audit')}</NavLink>
          ) : null}
          {events.data?.values.some((place) => place.organisation.role === 'owner') ? (
            <NavLink to="/organizer/team">{t('team')}</NavLink>
          ) : null}
        </nav>
      </header>
      <QueryState query={events}>
        {(data) => (
          <Routes>
            <Route index element={<EventList places={data.values} organisations={data.organisations} />} />
            <Route path="event/:eventCity/:tab?" element={<EventPage places={data.values} />} />
            <Route path="orders" element={<OrderSearch />} />
            <Route path="orders/:orderId" element={<OrderRoute places={data.values} />} />
            <Route path="audit" element={<AuditLog />} />
            <Route path="team" element={<TeamRoute places={data.values} />} />
          </Routes>
        )}
      </QueryState>
    </div>
  );
}

function EventList({ places, organisations }: { places: OrganizerEventCity[]; organisations: OrganizerEventCity['organisation'][] }) {
  const { t, language } = useText();
  const [creating, setCreating] = useState(false);
  const managed = organisations.filter((organisation) => organisation.role !== 'viewer');
  return (
    <div className="org-stack">
      {managed.length > 0 && !creating ? (
        <div>
          <button type="button" className="button" onClick={() => setCreating(true)}>
            {t('newEvent')}
          </button>
        </div>
      ) : null}
      {creating ? <NewEvent organisations={managed} onDone={() => setCreating(false)} /> : null}
      {places.length === 0 ? <p className="org-muted">{t('noEvents')}</p> : null}
      {organisations
        .map((organisation) => ({ organisation, list: places.filter((place) => place.organisation.public_id === organisation.public_id) }))
        .map(({ organisation, list }) => (
          <section key={organisation.public_id} aria-label={organisation.name}>
            <h2 className="org-org">
              {organisation.name} <span className="org-role">{t(`role_${organisation.role}`)}</span>
            </h2>
            <ul className="org-cards">
              {list.map((place) => {
                const share = place.tickets_count ? Math.min(100, Math.round((place.sold / place.tickets_count) * 100)) : 0;
                return (
                  <li key={place.public_id}>
                    <NavLink className="org-card" to={`/organizer/event/${place.public_id}`}>
                      <span className="org-card__title">{place.title}</span>
                      <span className="org-card__meta">
                        {language === 'en' ? (place.city_en ?? place.city) : place.city} · {dateTime(place.start_time, language)}
                      </span>
                      <span className="org-card__bar" aria-hidden="true">
                        <span style={{ width: `${share}%` }} />
                      </span>
                      <span className="org-card__meta">
                        {t('sold')} {place.sold} {t('of')} {place.tickets_count}
                      </span>
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
    </div>
  );
}

const tabs = ['overview', 'formats', 'promocodes', 'participants', 'goods', 'messages', 'staff', 'settings', 'audit'] as const;

function EventPage({ places }: { places: OrganizerEventCity[] }) {
  const { t, language } = useText();
  const { eventCity = '', tab = 'overview' } = useParams();
  const place = places.find((candidate) => candidate.public_id === eventCity);
  if (!place)
    return (
      <p className="org-muted" role="alert">
        {t('nothingFound')}
      </p>
    );
  const canWrite = place.organisation.role !== 'viewer';
  const visible = tabs.filter((name) => name !== 'audit' || canWrite);
  const label = (name: (typeof tabs)[number]) => (name === 'audit' ? t('audit') : t(name));
  return (
    <div className="org-stack">
      <div>
        <NavLink to="/organizer" className="org-back">
          {t('backToEvents')}
        </NavLink>
        <h2 className="org-event-title">
          {place.title} — {language === 'en' ? (place.city_en ?? place.city) : place.city}
        </h2>
        <p className="org-muted">
          {dateTime(place.start_time, language)} · {place.address} · {place.organisation.name}
        </p>
      </div>
      <nav className="org-tabs" aria-label={place.title}>
        {visible.map((name) => (
          <NavLink
            key={name}
            to={`/organizer/event/${place.public_id}/${name}`}
            className={() => (tab === name ? 'active' : '')}
            aria-current={tab === name ? 'page' : undefined}
          >
            {label(name)}
          </NavLink>
        ))}
      </nav>
      {tab === 'overview' ? <Dashboard eventCity={place.public_id} /> : null}
      {tab === 'formats' ? <Formats eventCity={place.public_id} canWrite={canWrite} /> : null}
      {tab === 'promocodes' ? <Promocodes eventCity={place.public_id} canWrite={canWrite} /> : null}
      {tab === 'participants' ? <OrderSearch eventCity={place.public_id} /> : null}
      {tab === 'goods' ? <EventGoods eventPublicId={place.event_public_id} canWrite={canWrite} /> : null}
      {tab === 'messages' ? <Messages eventCity={place.public_id} canWrite={canWrite} /> : null}
      {tab === 'staff' ? <Staff eventCity={place.public_id} canWrite={canWrite} /> : null}
      {tab === 'settings' ? (
        <>
          <EventSettings key={place.public_id} place={place} canWrite={canWrite} />
          <Sales eventCity={place.public_id} canWrite={canWrite} />
          {canWrite ? <NewEventCity place={place} /> : null}
        </>
      ) : null}
      {tab === 'audit' && canWrite ? <AuditLog eventCity={place.public_id} /> : null}
    </div>
  );
}

function OrderRoute({ places }: { places: OrganizerEventCity[] }) {
  const { orderId = '' } = useParams();
  return <OrderPage orderId={orderId} canWrite={places.some((place) => place.organisation.role !== 'viewer')} />;
}

function TeamRoute({ places }: { places: OrganizerEventCity[] }) {
  const owned = new Map(
    places.filter((place) => place.organisation.role === 'owner').map((place) => [place.organisation.public_id, place.organisation.name]),
  );
  return (
    <div className="org-stack">
      {[...owned].map(([id, name]) => (
        <Team key={id} organisation={id} name={name} />
      ))}
    </div>
  );
}
