import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useParticipantRules } from '../../participant/api/get-participant-rules';
import { ParticipantForm } from '../../participant/components/participant-form';
import { fromParticipantInfo, type ParticipantValues, toParticipantInfo } from '../../participant/participant-schema';
import { type BasketItem, basketKey, type TicketLine } from '../basket-items';
import { ERROR_HIGHLIGHT_MS, updateLine } from '../basket-model';
import { basketActions } from '../basket-store';
import '../../../locales/basket';

/**
 * The participants of a preregistration format: one form per ticket, in tabs 'Билет N' when there is
 * more than one (ticketing-shop §4). Each change is kept on its ticket line; a tab whose form does not
 * pass is marked (isErrorTab) and blocks the payment.
 */
export function ParticipantTabs({ tickets, validateSignal }: { tickets: TicketLine[]; validateSignal: number }) {
  const { t } = useTranslation();
  const first = tickets[0]!;
  const rules = useParticipantRules(first.format_public_id, first.event_city.public_id, first.start_time);
  const [active, setActive] = useState(0);
  const current = tickets[Math.min(active, tickets.length - 1)]!;
  // ticketing-shop §9: each failed check lights the errored tabs up for 5 s (a new check restarts it).
  const [flashing, setFlashing] = useState(false);
  useEffect(() => {
    if (validateSignal === 0) return;
    setFlashing(true);
    const timer = setTimeout(() => setFlashing(false), ERROR_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [validateSignal]);

  if (!rules) return <p className="field-hint">{t('basket.loadingForm')}</p>;

  const save = (ticket: TicketLine, values: ParticipantValues, valid: boolean) => {
    const patch: Partial<BasketItem> = {
      info: values as unknown as Record<string, unknown>,
      participant: valid ? (toParticipantInfo(values, rules) as Record<string, unknown>) : null,
      isErrorTab: !valid,
      preReg: valid ? 'ok' : '',
    };
    basketActions.apply((goods) => updateLine(goods, basketKey(ticket), patch));
  };

  return (
    <section className="participants" aria-label={tickets.length > 1 ? t('basket.participants') : t('basket.participantTitle')}>
      <h4 className="participants__title">{tickets.length > 1 ? t('basket.participants') : t('basket.participantTitle')}</h4>
      {tickets.length > 1 ? (
        <div className="tabs participants__tabs">
          {tickets.map((ticket, index) => (
            <button
              key={ticket.unique_id}
              type="button"
              className={`tabs__tab${ticket.isErrorTab && flashing ? ' tabs__tab--error' : ''}`}
              aria-pressed={ticket === current}
              onClick={() => setActive(index)}
            >
              {t('basket.ticketTab', { number: index + 1 })}
              {ticket.isErrorTab ? <span className="sr-only"> — {t('basket.participantMissing')}</span> : null}
            </button>
          ))}
        </div>
      ) : null}
      <ParticipantForm
        key={current.unique_id}
        rules={rules}
        defaultValues={current.info ? (current.info as unknown as Partial<ParticipantValues>) : fromParticipantInfo(null, rules)}
        onChange={(values, valid) => save(current, values, valid)}
        validateSignal={validateSignal}
      />
    </section>
  );
}
