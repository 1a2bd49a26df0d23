import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/states';
import { getOrder } from '../../../features/basket/api/get-order';
import { afterOrder } from '../../../features/basket/basket-model';
import { basketActions, getBasket } from '../../../features/basket/basket-store';
import { getToken } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import Thanks from '../thanks';
import '../../../locales/basket';

/**
 * /basket/thanks?order={id}: where the payment provider sends the buyer back. The order is read
 * (GET /api/order/{id}) and ticketing-shop §4 decides: paid lines leave the basket, then certificate
 * thanks, my orders, my events or the single ticket; a pending order restarts the payment; a failed
 * one goes back to the basket, intact, with the payment error popup.
 */
export default function OrderReturn() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = params.get('order');
  const [failed, setFailed] = useState(false);
  /** An order this browser's basket did not hold (paid elsewhere): the plain thanks page, nothing moved. */
  const [foreign, setForeign] = useState(false);
  const [guestThanks, setGuestThanks] = useState(false);

  useEffect(() => {
    if (!orderId) return;
    let live = true;
    getOrder(orderId)
      .then((order) => {
        if (!live) return;
        const before = getBasket().goods;
        const result = afterOrder(before, order);
        const next = result.next;
        if (before.length === 0 || (order.paid && result.goods.length === before.length)) {
          setForeign(true);
          if (!order.paid) setFailed(true);
          return;
        }
        basketActions.apply(() => result.goods);
        // A guest (the checkout signs no one in, issue 33) is thanked here: the tickets come by e-mail, and
        // the cabinet opens through the confirmation letter when an account was asked for.
        if (getToken() === null && (next.kind === 'shop' || next.kind === 'tickets' || next.kind === 'ticket')) {
          setGuestThanks(true);
          return;
        }
        switch (next.kind) {
          case 'certificates':
            navigate('/basket/certificateThanks', { replace: true });
            break;
          case 'shop':
            navigate('/me/shop', { replace: true });
            break;
          case 'tickets':
            navigate('/me', { replace: true });
            break;
          case 'ticket':
            navigate(next.publicId ? `/me/ticket/${next.publicId}` : '/me', { replace: true });
            break;
          case 'restart':
            if (order.redirect_url) globalThis.location.assign(order.redirect_url);
            else navigate('/basket', { replace: true, state: { paymentError: true } });
            break;
          case 'failed':
            navigate('/basket', { replace: true, state: { paymentError: true } });
            break;
        }
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [orderId, navigate]);

  if (!orderId || guestThanks || (foreign && !failed)) return <Thanks />;
  return (
    <div className="container page page--center">
      <PageTitle>
        {foreign ? t('basket.popups.paymentErrorTitle') : failed ? t('basket.orderReturn.failed') : t('basket.orderReturn.checking')}
      </PageTitle>
      {failed ? null : <Loading />}
    </div>
  );
}
