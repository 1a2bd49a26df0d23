import { useNavigate } from 'react-router';
import { Loading } from '../../../components/ui/states';
import { isApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useParticipantRules } from '../../participant/api/get-participant-rules';
import { ParticipantForm } from '../../participant/components/participant-form';
import { fromParticipantInfo } from '../../participant/participant-schema';
import { useRegisterTicket } from '../api/register-ticket';
import type { TicketDetails } from '../api/schemas';
import '../../../locales/cabinet';

/** The refused field of a 400 from PUT /api/user/ticket, for the form to show beside that field. */
function fieldError(error: unknown): { field: string; message: string } | null {
  if (!isApiError(error) || error.status !== 400) return null;
  const field = (error.data as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? { field, message: error.message } : null;
}

/** Registering a ticket (accounts-sso §4.5) with THE participant form of the basket (ticketing-shop §5). */
export function TicketRegistration({ ticket }: { ticket: TicketDetails }) {
  const { t } = useTranslation();
  const rules = useParticipantRules(ticket.event_format.public_id, ticket.event_city?.public_id, ticket.event_format.start_time);
  const register = useRegisterTicket();
  const navigate = useNavigate();
  const generalError = register.error && !fieldError(register.error) ? register.error : null;
  return (
    <section className="section" aria-labelledby="ticket-registration" id="registration">
      <h2 id="ticket-registration" className="cabinet-subtitle">
        {t('cabinet.ticket.register')}
      </h2>
      {rules ? (
        <ParticipantForm
          key={ticket.public_id}
          rules={rules}
          defaultValues={fromParticipantInfo(ticket.participant as Record<string, unknown> | null | undefined, rules)}
          submitLabel={ticket.info.registered ? t('cabinet.ticket.saveRegistration') : t('cabinet.tickets.status.register')}
          serverError={fieldError(register.error)}
          disabled={register.isPending}
          onSubmit={(info) =>
            register.mutateAsync({ public_id: ticket.public_id, info }).then(
              // accounts-sso §4.5 / ticketing-shop §2: after registering a participant the visitor goes to /me.
              () => void navigate('/me'),
              () => undefined,
            )
          }
        >
          {generalError ? (
            <p className="message message--error" role="alert">
              {generalError.message}
            </p>
          ) : null}
        </ParticipantForm>
      ) : (
        <Loading />
      )}
    </section>
  );
}
