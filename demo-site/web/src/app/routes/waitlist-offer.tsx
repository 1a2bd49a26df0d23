import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import * as z from 'zod/mini';
import { PageTitle } from '../../components/ui/page';
import { Loading } from '../../components/ui/states';
import { useOnce } from '../../features/auth/use-once';
import { basketActions, getBasket } from '../../features/basket/basket-store';
import { ticketLine } from '../../features/basket/ticket-line';
import { newBasketId } from '../../features/basket/use-shop-basket';
import { DEFAULT_TICKET_KIND, formatSeats } from '../../features/events/format-rules';
import { getOffer } from '../../features/waitlist/api';
import { keepOffer } from '../../features/waitlist/offer-store';
import { requestParsed } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import '../../locales/waitlist';

const formatSchema = z.looseObject({
  public_id: z.string(),
  title: z.string(),
  price: z.number(),
  max_count: z.nullish(z.number()),
  start_time: z.string(),
  address: z.nullish(z.string()),
  event: z.object({ public_id: z.string(), title: z.string() }),
  event_city: z.object({ public_id: z.string() }),
});

/**
 * /waitlist/offer/{code}: the link of a waiting-list letter (issue 35). The place it holds goes into the
 * basket as one ticket of its format (read from the server), the code is kept for the payment, and the
 * basket opens; a link used or run out says so.
 */
export default function WaitlistOfferScreen() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [gone, setGone] = useState(false);

  useOnce(() => {
    getOffer(code)
      .then(async (offer) => {
        const format = await requestParsed(formatSchema, { url: `/api/event_format/${offer.format_public_id}` });
        keepOffer({ code, format_public_id: offer.format_public_id, email: offer.email });
        const goods = getBasket().goods;
        if (!goods.some((item) => item.selector === 'ticket' && item.public_id === format.public_id)) {
          basketActions.add(
            ticketLine({
              format: { ...format, tickets_left: undefined } as Parameters<typeof ticketLine>[0]['format'],
              seats: formatSeats({ max_count: format.max_count ?? null }),
              // The one place the offer holds.
              ticketsLeft: 1,
              kind: DEFAULT_TICKET_KIND,
              event: format.event,
              eventCity: { public_id: format.event_city.public_id, address: format.address ?? null, start_time: format.start_time },
              promocode: null,
              now: Date.now(),
              uniqueId: newBasketId(),
            }),
          );
        }
        void navigate('/basket', { replace: true, state: { waitlistEmail: offer.email } });
      })
      .catch(() => setGone(true));
  });

  return (
    <div className="container page page--center">
      <PageTitle lead={gone ? t('waitlist.offerGone') : t('waitlist.offerLoading')}>{t('waitlist.offerTitle')}</PageTitle>
      {gone ? (
        <p className="actions">
          <Link to="/calendar" className="button">
            {t('waitlist.toCalendar')}
          </Link>
        </p>
      ) : (
        <Loading />
      )}
    </div>
  );
}
