import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState, Loading } from '../../../components/ui/states';
import { downloadCertificate } from '../../../features/tickets/api/download-certificate';
import { useTicket, useTicketResult } from '../../../features/tickets/api/get-ticket';
import type { TicketSection } from '../../../features/tickets/api/get-tickets';
import { OnlineParticipation } from '../../../features/tickets/components/online-participation';
import { RefundDialog } from '../../../features/tickets/components/ticket-actions';
import { TicketCard, ticketDate } from '../../../features/tickets/components/ticket-card';
import { TicketRegistration } from '../../../features/tickets/components/ticket-registration';
import { ticketPageSection } from '../../../features/tickets/ticket-status';
import { placeName, useTranslation } from '../../../lib/i18n';
import { CabinetFrame } from './cabinet-frame';
import '../../../locales/basket';
import '../../../locales/cabinet';

/** /me/ticket/{id} (accounts-sso §2.6): the ticket, its dates, start number, result and certificate. */
export default function TicketPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const ticket = useTicket(id);
  const [refunded, setRefunded] = useState<number | null>(null);
  const data = ticket.data;
  const section: TicketSection = data ? ticketPageSection(data) : 'my';
  const result = useTicketResult(id, Boolean(data?.past && data.participant));
  const certificate = useMutation({ mutationFn: downloadCertificate });
  const participant = data ? [data.info.last_name, data.info.first_name].filter(Boolean).join(' ') : '';
  return (
    <CabinetFrame title={data?.event.title ?? t('cabinet.ticket.title')}>
      <p>
        <Link to="/me">{t('cabinet.ticket.back')}</Link>
      </p>
      {ticket.isPending ? <Loading /> : null}
      {ticket.isError ? <ErrorState error={ticket.error} onRetry={() => void ticket.refetch()} /> : null}
      {data ? (
        <>
          <dl className="facts">
            <dt>{t('cabinet.ticket.date')}</dt>
            <dd>
              <time dateTime={data.event_format.start_time}>{ticketDate(data)}</time>
            </dd>
            <dt>{t('cabinet.ticket.place')}</dt>
            <dd>{[placeName(data.city), data.event_format.address].filter(Boolean).join(', ')}</dd>
            <dt>{t('cabinet.ticket.format')}</dt>
            <dd>{data.event_format.title}</dd>
            {typeof data.info.number === 'number' ? (
              <>
                <dt>{t('cabinet.tickets.startNumber')}</dt>
                <dd>{data.info.number}</dd>
              </>
            ) : null}
            {data.info.sector != null && data.info.row != null && data.info.place != null ? (
              <>
                <dt>{t('basket.choices.seat')}</dt>
                <dd>{t('basket.choices.seatChosen', { sector: data.info.sector, row: data.info.row, place: data.info.place })}</dd>
              </>
            ) : null}
            {participant ? (
              <>
                <dt>{t('cabinet.ticket.participant')}</dt>
                <dd>{participant}</dd>
              </>
            ) : null}
          </dl>
          <TicketCard ticket={data} section={section} onRefunded={setRefunded} headingLevel={2} />
          {result.data ? (
            <section className="section" aria-labelledby="ticket-result">
              <h2 id="ticket-result" className="cabinet-subtitle">
                {t('cabinet.ticket.result')}
              </h2>
              <dl className="facts">
                {result.data.official_time || result.data.net_time ? (
                  <>
                    <dt>{t('cabinet.ticket.result')}</dt>
                    <dd>{result.data.official_time ?? result.data.net_time}</dd>
                  </>
                ) : null}
                {typeof result.data.place_overall === 'number' ? (
                  <>
                    <dt>{t('cabinet.ticket.resultPlace')}</dt>
                    <dd>{result.data.place_overall}</dd>
                  </>
                ) : null}
              </dl>
              <button type="button" className="button" disabled={certificate.isPending} onClick={() => certificate.mutate(id)}>
                {t('cabinet.ticket.certificate')}
              </button>
            </section>
          ) : null}
          {data.event_format.online && section === 'my' && data.status === 'active' && !data.transfer_pending ? (
            <OnlineParticipation ticket={data} />
          ) : null}
          {section === 'my' && data.participant != null && data.status === 'active' && !data.transfer_pending ? (
            <TicketRegistration ticket={data} />
          ) : null}
        </>
      ) : null}
      <RefundDialog sum={refunded} onClose={() => setRefunded(null)} />
    </CabinetFrame>
  );
}
