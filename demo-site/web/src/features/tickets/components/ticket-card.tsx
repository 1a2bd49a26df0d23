import { useState } from 'react';
import { Link } from 'react-router';
import { eventMoment } from '../../../lib/dates';
import { placeName, useTranslation } from '../../../lib/i18n';
import type { TicketSection } from '../api/get-tickets';
import type { Ticket } from '../api/schemas';
import { ticketStatusLabel } from '../ticket-status';
import { TicketActions } from './ticket-actions';
import { TicketQr } from './ticket-qr';
import '../../../locales/cabinet';

/** accounts-sso §9: ticket dates read «D MMMM / HH:mm» in the event's own time zone. */
export const ticketDate = (ticket: Pick<Ticket, 'event_format'>) =>
  eventMoment(ticket.event_format.start_time, ticket.event_format.timezone).format('D MMMM / HH:mm');

export const ticketPath = (ticket: Pick<Ticket, 'public_id'>) => `/me/ticket/${encodeURIComponent(ticket.public_id)}`;

/** One ticket of the tickets page (accounts-sso §2.6, §4.5). */
export function TicketCard({
  ticket,
  section,
  onRefunded,
  headingLevel = 3,
}: {
  ticket: Ticket;
  section: TicketSection;
  onRefunded?: (sum: number) => void;
  /** 3 in the lists (under their section headings), 2 alone on the ticket page. */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const label = ticketStatusLabel(ticket, section, Date.now());
  const title = ticket.event.title ?? ticket.event.event_type.title;
  const incoming = section === 'my' && ticket.transfer_pending === true;
  return (
    <article className="card ticket-card">
      {ticket.event.event_type.logo ? (
        <img className="ticket-card__logo" src={ticket.event.event_type.logo} alt="" width={72} height={72} loading="lazy" />
      ) : (
        <span aria-hidden="true" />
      )}
      <div>
        <Heading className="card__title">
          <Link to={ticketPath(ticket)}>{title}</Link>
        </Heading>
        <p className="ticket-card__meta">
          {placeName(ticket.city)} · {ticket.event_format.title} ·{' '}
          <time dateTime={ticket.event_format.start_time}>{ticketDate(ticket)}</time>
        </p>
        {typeof ticket.ticketNumber === 'number' ? (
          <p className="ticket-card__meta">{t('cabinet.tickets.number', { number: ticket.ticketNumber })}</p>
        ) : null}
        {ticket.team?.number ? <p className="ticket-card__meta">{t('cabinet.tickets.team', { number: ticket.team.number })}</p> : null}
        {incoming ? <p className="message">{t('cabinet.tickets.incoming')}</p> : null}
        {/* The server sends the holder's e-mail to the ticket's original owner only (accounts-sso §4.5). */}
        {ticket.info.email && section === 'transfered' ? (
          <p className="ticket-card__meta">
            {ticket.transfer_pending
              ? t('cabinet.tickets.transferPending', { email: ticket.info.email })
              : t('cabinet.tickets.holder', { email: ticket.info.email })}
          </p>
        ) : null}
      </div>
      <div className="ticket-card__side">
        {label === 'register' && !incoming ? (
          <Link to={`${ticketPath(ticket)}#registration`} className="button button--small">
            {t('cabinet.tickets.status.register')}
          </Link>
        ) : label === 'register' ? null : (
          <span className="ticket-status">{t(`cabinet.tickets.status.${label}`)}</span>
        )}
        {ticket.event_format.qr && ticket.qr_code && !incoming ? (
          <button type="button" className="button button--secondary button--small" aria-expanded={qr} onClick={() => setQr(!qr)}>
            {qr ? t('cabinet.tickets.hideQr') : t('cabinet.tickets.showQr')}
          </button>
        ) : null}
      </div>
      {qr && ticket.qr_code ? <TicketQr publicId={ticket.public_id} code={ticket.qr_code} /> : null}
      <TicketActions ticket={ticket} section={section} onRefunded={onRefunded} />
    </article>
  );
}
