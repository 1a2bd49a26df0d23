import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { useSoldGoods } from '../../../features/orders/api/get-orders';
import type { SoldCertificate } from '../../../features/orders/api/schemas';
import { orderAmount } from '../../../features/orders/order-status';
import { useTranslation } from '../../../lib/i18n';
import { CabinetFrame } from './cabinet-frame';
import '../../../locales/cabinet';

/** The gift certificates of an order: their codes and what each has left, and whom they are for. */
function OrderCertificates({ certificates }: { certificates: SoldCertificate[] }) {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="order-certificates">
      <h2 id="order-certificates" className="cabinet-subtitle">
        {t('cabinet.gifts.title')}
      </h2>
      <ul className="cabinet-list">
        {certificates.map((certificate) => (
          <li key={`${certificate.public_id}-${certificate.codes.map((code) => code.code).join()}`}>
            <article className="card ticket-card">
              {certificate.picture ? (
                <img className="ticket-card__logo" src={certificate.picture} alt="" width={72} height={72} loading="lazy" />
              ) : (
                <span aria-hidden="true" />
              )}
              <div>
                <h3 className="card__title">{certificate.title}</h3>
                {certificate.recipient?.name ? (
                  <p className="ticket-card__meta">{t('cabinet.gifts.recipient', { name: certificate.recipient.name })}</p>
                ) : null}
                {certificate.codes.length === 0 ? <p className="ticket-card__meta">{t('cabinet.gifts.pending')}</p> : null}
                {certificate.codes.map((code) => (
                  <p key={code.code} className="ticket-card__meta">
                    <strong>{t('cabinet.gifts.code', { code: code.code })}</strong> ·{' '}
                    {t('cabinet.gifts.left', { amount: orderAmount(code.amount), left: orderAmount(code.left) })}
                  </p>
                ))}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /me/shop/{id}: the goods and gift certificates of one order (accounts-sso §2.2). */
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
      {goods.data && goods.data.values.length === 0 && !goods.data.certificates?.length ? (
        <EmptyState>{t('cabinet.orders.noGoods')}</EmptyState>
      ) : null}
      {goods.data?.certificates?.length ? <OrderCertificates certificates={goods.data.certificates} /> : null}
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
