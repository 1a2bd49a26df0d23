import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import * as z from 'zod/mini';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { useOnce } from '../../../features/auth/use-once';
import { basketActions, getBasket } from '../../../features/basket/basket-store';
import { ticketLine } from '../../../features/basket/ticket-line';
import { newBasketId } from '../../../features/basket/use-shop-basket';
import { DEFAULT_TICKET_KIND, formatSeats, ticketsLeft } from '../../../features/events/format-rules';
import { requestParsed } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/auth';

/** What GET /api/event_format/{id} answers that a ticket line needs (the rest is kept as is). */
const formatSchema = z.looseObject({
  public_id: z.string(),
  title: z.string(),
  price: z.number(),
  max_count: z.nullish(z.number()),
  tickets_left: z.nullish(z.record(z.string(), z.number())),
  start_time: z.string(),
  address: z.nullish(z.string()),
  event: z.object({ public_id: z.string(), title: z.string() }),
  event_city: z.object({ public_id: z.string() }),
});

/** A format id as the API spells them; anything else is not even asked for. */
const ID = /^[\w-]{1,64}$/;

/**
 * /basket-fill-outside/{format_public_id}: a link from outside the site (a partner page, a letter)
 * that puts one ticket of that format into the basket and opens the basket. The format is read
 * from the server — nothing but its id is taken from the link — and a ticket already in the basket
 * is not added twice.
 */
export default function BasketFillOutsideScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useOnce(() => {
    if (!ID.test(id)) {
      setFailed(true);
      return;
    }
    requestParsed(formatSchema, { url: `/api/event_format/${id}` }).then(
      (format) => {
        const already = getBasket().goods.some((item) => item.selector === 'ticket' && item.public_id === format.public_id);
        if (!already) {
          basketActions.add(
            ticketLine({
              format: { ...format, tickets_left: undefined } as Parameters<typeof ticketLine>[0]['format'],
              seats: formatSeats({ max_count: format.max_count ?? null }),
              ticketsLeft: ticketsLeft({ tickets_left: format.tickets_left ?? null }),
              kind: DEFAULT_TICKET_KIND,
              event: format.event,
              eventCity: { public_id: format.event_city.public_id, address: format.address ?? null, start_time: format.start_time },
              promocode: null,
              now: Date.now(),
              uniqueId: newBasketId(),
            }),
          );
        }
        void navigate('/basket', { replace: true });
      },
      () => setFailed(true),
    );
  });

  return (
    <AuthStatus
      title={t('auth.basketFill.title')}
      progress={failed ? null : t('auth.basketFill.filling')}
      error={failed ? t('auth.basketFill.notFound') : null}
      actions={[
        { to: '/calendar', label: t('auth.basketFill.toCalendar') },
        { to: '/', label: t('common.toHome'), primary: false },
      ]}
    />
  );
}
