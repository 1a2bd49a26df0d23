import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { eventsQuery } from '../../../features/events/api/get-events';
import { ordersQuery, useOrders } from '../../../features/orders/api/get-orders';
import { OrderStatus } from '../../../features/orders/components/order-status';
import { orderAmount, orderDate } from '../../../features/orders/order-status';
import { useTranslation } from '../../../lib/i18n';
import { CabinetFrame } from './cabinet-frame';
import '../../../locales/cabinet';

export const prefetch = (client: QueryClient) => Promise.all([client.prefetchQuery(ordersQuery()), client.prefetchQuery(eventsQuery())]);

/** /me/shop, «Товары» (accounts-sso §2.7): the person's orders, each opening /me/shop/{id}. */
export default function MyShop() {
  const { t } = useTranslation();
  const orders = useOrders();
  return (
    <CabinetFrame title={t('cabinet.orders.title')} similar={!orders.isPending}>
      {orders.isPending ? <Loading /> : null}
      {orders.isError ? <ErrorState error={orders.error} onRetry={() => void orders.refetch()} /> : null}
      {orders.data && orders.data.values.length === 0 ? (
        <EmptyState>
          <p>{t('cabinet.orders.empty')}</p>
          <Link to="/shop" className="button">
            {t('cabinet.orders.toShop')}
          </Link>
        </EmptyState>
      ) : null}
      {orders.data && orders.data.values.length > 0 ? (
        <ul className="cabinet-list">
          {orders.data.values.map((order) => {
            const goods = order.items?.flatMap((item) => item.shop ?? []) ?? [];
            return (
              <li key={order.public_id}>
                <article className="card">
                  <h2 className="card__title">
                    <Link to={`/me/shop/${encodeURIComponent(order.public_id)}`} className="stretched-link">
                      {t('cabinet.orders.order', { date: orderDate(order.created) })}
                    </Link>
                  </h2>
                  {goods.length > 0 ? <p className="ticket-card__meta">{goods.map((good) => good.title).join(', ')}</p> : null}
                  <p>
                    <strong>{t('cabinet.orders.amount', { amount: orderAmount(order.amount) })}</strong>
                  </p>
                  <OrderStatus status={order.status} />
                </article>
              </li>
            );
          })}
        </ul>
      ) : null}
    </CabinetFrame>
  );
}
