import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import { formatRubles } from '../../../lib/money';
import type { TicketSection } from '../api/get-tickets';
import type { Ticket } from '../api/schemas';
import { cancelPurchase, cancelRegistration, confirmTransfer, returnTicket, transferTicket, useTicketAction } from '../api/ticket-actions';
import '../../../locales/cabinet';

/** accounts-sso §5 / ticketing-shop §5: the standard address pattern, checked before the call. */
const EMAIL_PATTERN = /^[\p{L}\d._%+-]+@[\p{L}\d-]+(\.[\p{L}\d-]+)*\.\p{L}{2,12}$/u;

/**
 * What the person may do with a ticket (accounts-sso §4.5, ticketing-shop §4): pass it on, answer a
 * transfer addressed to them, take back one they passed on, cancel its registration, cancel the
 * purchase. The server decides in the end; its refusals show in the global error popup.
 */
export function TicketActions({
  ticket,
  section,
  onRefunded,
}: {
  ticket: Ticket;
  section: TicketSection;
  onRefunded?: (sum: number) => void;
}) {
  const { t } = useTranslation();
  const [transferOpen, setTransferOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const confirm = useTicketAction(confirmTransfer);
  const takeBack = useTicketAction(returnTicket);
  const unregister = useTicketAction(cancelRegistration);
  const cancel = useTicketAction((orderId: string) => cancelPurchase(orderId));

  const active = ticket.status === 'active' && !ticket.past && section !== 'old';
  const incoming = section === 'my' && ticket.transfer_pending === true;
  const mine = section === 'my' && !incoming;
  const canTransfer = mine && active && ticket.original_user_public_id !== null && ticket.order_public_id != null;
  const canCancelPurchase = mine && active && ticket.order_public_id != null;
  const canUnregister = mine && active && ticket.info.registered === true;
  const canTakeBack = section === 'transfered' && ticket.returnable === true;
  const busy = confirm.isPending || takeBack.isPending || unregister.isPending || cancel.isPending;

  if (!incoming && !canTransfer && !canCancelPurchase && !canUnregister && !canTakeBack) return null;
  return (
    <div className="ticket-card__actions">
      {incoming ? (
        <>
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={() => confirm.mutate({ public_id: ticket.public_id, transfer_confirm: true })}
          >
            {t('cabinet.tickets.accept')}
          </button>
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={busy}
            onClick={() => confirm.mutate({ public_id: ticket.public_id, transfer_confirm: false })}
          >
            {t('cabinet.tickets.decline')}
          </button>
        </>
      ) : null}
      {canTransfer ? (
        <button
          type="button"
          className="button button--secondary button--small"
          aria-haspopup="dialog"
          onClick={() => setTransferOpen(true)}
        >
          {t('cabinet.tickets.transfer')}
        </button>
      ) : null}
      {canUnregister ? (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          onClick={() => unregister.mutate(ticket.public_id)}
        >
          {t('cabinet.tickets.cancelRegistration')}
        </button>
      ) : null}
      {canTakeBack ? (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          onClick={() => takeBack.mutate(ticket.public_id)}
        >
          {t('cabinet.tickets.returnTicket')}
        </button>
      ) : null}
      {canCancelPurchase ? (
        <button type="button" className="button button--secondary button--small" aria-haspopup="dialog" onClick={() => setCancelOpen(true)}>
          {t('cabinet.tickets.cancelPurchase')}
        </button>
      ) : null}
      <TransferDialog ticket={ticket} open={transferOpen} onClose={() => setTransferOpen(false)} />
      <Dialog open={cancelOpen} onClose={() => setCancelOpen(false)} title={t('cabinet.tickets.cancelTitle')}>
        <p>{t('cabinet.tickets.cancelText')}</p>
        <div className="dialog__actions">
          <button
            type="button"
            className="button"
            disabled={cancel.isPending}
            onClick={() =>
              ticket.order_public_id &&
              cancel.mutate(ticket.order_public_id, {
                onSuccess: (result) => {
                  setCancelOpen(false);
                  onRefunded?.(result.sum);
                },
                // ticketing-shop §8: a failed purchase cancel closes its popup (the error popup says why).
                onError: () => setCancelOpen(false),
              })
            }
          >
            {t('cabinet.tickets.cancelConfirm')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setCancelOpen(false)}>
            {t('cabinet.tickets.cancelKeep')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

/** «Передать билет»: the recipient's e-mail, checked before sending. */
function TransferDialog({ ticket, open, onClose }: { ticket: Ticket; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const transfer = useTicketAction(transferTicket);
  const inputId = useId();
  const errorId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setError(t('cabinet.tickets.invalidEmail'));
      return;
    }
    setError(null);
    transfer.mutate({ public_id: ticket.public_id, email: address }, { onSuccess: onClose });
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('cabinet.tickets.transferTitle')}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={inputId}>{t('cabinet.tickets.transferEmail')}</label>
          <input
            id={inputId}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error ? (
            <p id={errorId} className="field-error">
              {error}
            </p>
          ) : null}
        </div>
        <div className="dialog__actions">
          <button type="submit" className="button" disabled={transfer.isPending}>
            {t('cabinet.tickets.transferSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** «Возврат выполнен успешно!» with the refunded sum (ticketing-shop §4: purchase cancel → refunded sum). */
export function RefundDialog({ sum, onClose }: { sum: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={sum !== null} onClose={onClose} title={t('cabinet.tickets.refundDone')}>
      <p>{t('cabinet.tickets.refundSum', { amount: formatRubles(sum ?? 0) })}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.close')}
        </button>
        <Link to="/" className="button button--secondary">
          {t('common.toHome')}
        </Link>
      </div>
    </Dialog>
  );
}
