import { useTranslation } from '../../../lib/i18n';
import { orderStatusView } from '../order-status';
import '../../../locales/cabinet';

/** «Оплачен» ✓, «Заказ доставлен» ✓ or «Заказ обрабатывается» 🕓 (accounts-sso §4.5). */
export function OrderStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const view = orderStatusView(status);
  return (
    <p className="status-line">
      <span aria-hidden="true">{view.done ? '✓' : '🕓'}</span>
      {t(`cabinet.orders.status.${view.key}`)}
    </p>
  );
}
