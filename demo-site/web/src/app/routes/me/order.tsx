import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { useSoldGoods } from '../../../features/orders/api/get-orders';
import { orderAmount } from '../../../features/orders/order-status';
import { CabinetFrame } from './cabinet-frame';
import '../../../locales/cabinet';

/** /me/shop/{id}: the goods of one order (accounts-sso §2.2). */
export default function OrderPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const goods = useSoldGoods(id);
  return (
    <CabinetFrame title={t('cabinet.orders.orderTitle')}>
      <p>
        <Link to="/me/shop">{t('cabinet.orders.back')}</Link>
      </p>
      {goods.isPending ? <Loading /> : null}
      {goods.isError ? <ErrorState error={goods.error} onRetry={() => void goods.refetch()} /> : null}
      {goods.data && goods.data.values.length === 0 ? <EmptyState>{t('cabinet.orders.noGoods')}</EmptyState> : null}
      {goods.data && goods.data.values.length > 0 ? (
        <ul className="cabinet-list" aria-label={t('cabinet.orders.goods')}>
          {goods.data.values.map((good) => (
            <li key={`${good.public_id}-${good.size ?? ''}`}>
              <article className="card ticket-card">
                {good.picture ? (
                  <img className="ticket-card__logo" src={good.picture} alt="" width={72} height={72} loading="lazy" />
                ) : (
                  <span aria-hidden="true" />
                )}
                <div>
                  <h2 className="card__title">
                    <Link to={`/shop/product/${encodeURIComponent(good.public_id)}`}>{good.title}</Link>
                  </h2>
                  {good.size ? <p className="ticket-card__meta">{t('cabinet.orders.size', { size: good.size })}</p> : null}
                  <p className="ticket-card__meta">{t('cabinet.orders.count', { count: good.count })}</p>
                </div>
                <p>
                  <strong>{t('cabinet.orders.amount', { amount: orderAmount(good.total ?? good.price * good.count) })}</strong>
                </p>
              </article>
            </li>
          ))}
        </ul>
      ) : null}
    </CabinetFrame>
  );
}
