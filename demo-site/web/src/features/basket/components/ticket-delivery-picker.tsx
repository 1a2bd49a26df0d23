import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/basket';
import { useTicketDeliveryMethods } from '../api/delivery';
import { basketKey, type TicketLine } from '../basket-items';
import { updateLine } from '../basket-model';
import { basketActions } from '../basket-store';

/**
 * The start pack's delivery of a ticket line (ticketing-shop: a format with `delivery`): the format's
 * methods (GET /api/delivery/ticket?format_public_id=), or none — the pack is taken at the event. A
 * courier asks for the address in the basket's delivery section; the server prices it again.
 */
export function TicketDeliveryPicker({ ticket }: { ticket: TicketLine }) {
  const { t } = useTranslation();
  const id = useId();
  const methods = useTicketDeliveryMethods(ticket.format_public_id);
  const values = methods.data?.values ?? [];
  if (values.length === 0) return null;
  const key = basketKey(ticket);
  const choose = (publicId: string) => {
    const method = values.find((candidate) => candidate.public_id === publicId) ?? null;
    basketActions.apply((goods) =>
      updateLine(goods, key, {
        delivery_public_id: method?.public_id ?? null,
        delivery_method: method ? { public_id: method.public_id, name: method.name, pickup: method.pickup === true } : null,
      } as Partial<TicketLine>),
    );
  };
  return (
    <div className="field ticket-delivery">
      <label htmlFor={`${id}-delivery`}>{t('basket.ticketDelivery.label')}</label>
      <select id={`${id}-delivery`} value={ticket.delivery_public_id ?? ''} onChange={(event) => choose(event.target.value)}>
        <option value="">{t('basket.ticketDelivery.none')}</option>
        {values.map((method) => (
          <option key={method.public_id} value={method.public_id}>
            {method.name}
          </option>
        ))}
      </select>
      {ticket.delivery_method && !ticket.delivery_method.pickup ? (
        <p className="field-hint">{t('basket.ticketDelivery.addressHint')}</p>
      ) : null}
    </div>
  );
}
