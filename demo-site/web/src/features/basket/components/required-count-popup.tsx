import { Dialog } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import { requiredCountPopup, useRequiredCountError } from '../required-count';
import '../../../locales/basket';

/** ticketing-shop §2: the required-ticket-count popup of team and fixed-count formats, closed by «Понятно». */
export function RequiredCountPopup() {
  const { t } = useTranslation();
  const error = useRequiredCountError();
  return (
    <Dialog open={error !== null} onClose={requiredCountPopup.close} title={t('basket.popups.requiredCountTitle')}>
      <p>{error ? t('basket.popups.requiredCount', { title: error.title, count: error.count }) : null}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={requiredCountPopup.close}>
          {t('basket.understood')}
        </button>
      </div>
    </Dialog>
  );
}
