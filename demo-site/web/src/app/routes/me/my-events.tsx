import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Disclosure } from '../../../components/ui/disclosure';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { eventsQuery } from '../../../features/events/api/get-events';
import { type TicketSection, ticketsQuery, useTickets } from '../../../features/tickets/api/get-tickets';
import type { Ticket } from '../../../features/tickets/api/schemas';
import { RefundDialog } from '../../../features/tickets/components/ticket-actions';
import { TicketCard } from '../../../features/tickets/components/ticket-card';
import { splitByRegistration } from '../../../features/tickets/ticket-status';
import { MyWaitlist } from '../../../features/waitlist/components/my-waitlist';
import { getToken } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import { CabinetFrame } from './cabinet-frame';
import '../../../locales/cabinet';

function TicketList({ tickets, section, onRefunded }: { tickets: Ticket[]; section: TicketSection; onRefunded?: (sum: number) => void }) {
  return (
    <ul className="cabinet-list">
      {tickets.map((ticket) => (
        <li key={ticket.public_id}>
          <TicketCard ticket={ticket} section={section} onRefunded={onRefunded} />
        </li>
      ))}
    </ul>
  );
}

/** A list behind «Прошедшие мероприятия» / «Переданные билеты»: asked for when the section opens. */
function LazySection({ section, empty }: { section: 'old' | 'transfered'; empty: string }) {
  const tickets = useTickets(section);
  if (tickets.isPending) return <Loading />;
  if (tickets.isError) return <ErrorState error={tickets.error} onRetry={() => void tickets.refetch()} />;
  if (tickets.data.values.length === 0) return <EmptyState>{empty}</EmptyState>;
  return <TicketList tickets={tickets.data.values} section={section} />;
}

/**
 * The first data of /me, asked for before the first render (router.tsx, preloadScreen). A guest is
 * sent to /login instead: their tickets are not asked for.
 */
export const prefetch = (client: QueryClient) =>
  Promise.all([getToken() ? client.prefetchQuery(ticketsQuery('my')) : null, client.prefetchQuery(eventsQuery())]);

/** /me, «Билеты» (accounts-sso §2.6). */
export default function MyEvents() {
  const { t } = useTranslation();
  const tickets = useTickets('my');
  const [refunded, setRefunded] = useState<number | null>(null);
  const { registered, unregistered } = splitByRegistration(tickets.data?.values ?? []);
  return (
    // What sits below the list (the collapsed sections, similar events) waits for it, so nothing moves as it arrives.
    <CabinetFrame title={t('cabinet.tickets.title')} similar={!tickets.isPending}>
      {tickets.isPending ? <Loading /> : null}
      {tickets.isError ? <ErrorState error={tickets.error} onRetry={() => void tickets.refetch()} /> : null}
      {tickets.data && tickets.data.values.length === 0 ? (
        <EmptyState>
          <p>{t('cabinet.tickets.empty')}</p>
          <Link to="/calendar" className="button">
            {t('cabinet.tickets.toCalendar')}
          </Link>
        </EmptyState>
      ) : null}
      {registered.length > 0 ? (
        <section aria-labelledby="tickets-registered">
          <h2 id="tickets-registered" className="cabinet-subtitle">
            {t('cabinet.tickets.registered')}
          </h2>
          <TicketList tickets={registered} section="my" onRefunded={setRefunded} />
        </section>
      ) : null}
      {unregistered.length > 0 ? (
        <section aria-labelledby="tickets-unregistered">
          <h2 id="tickets-unregistered" className="cabinet-subtitle">
            {t('cabinet.tickets.unregistered')}
          </h2>
          <TicketList tickets={unregistered} section="my" onRefunded={setRefunded} />
        </section>
      ) : null}
      {/* Issue 35: the person's waiting places, each with a way to leave (nothing shown without any). */}
      <MyWaitlist />
      {tickets.isPending ? null : (
        <>
          <Disclosure title={t('cabinet.tickets.past')}>
            <LazySection section="old" empty={t('cabinet.tickets.pastEmpty')} />
          </Disclosure>
          <Disclosure title={t('cabinet.tickets.transferred')}>
            <LazySection section="transfered" empty={t('cabinet.tickets.transferredEmpty')} />
          </Disclosure>
        </>
      )}
      <RefundDialog sum={refunded} onClose={() => setRefunded(null)} />
    </CabinetFrame>
  );
}
