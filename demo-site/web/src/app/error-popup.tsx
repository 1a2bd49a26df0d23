import { Dialog } from '../components/ui/dialog';
import { useTranslation } from '../lib/i18n';

/** The global error popup (accounts-sso §8): the message and «Понятно». */
export function ErrorPopup({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={message !== null} onClose={onClose} title={t('errors.title')} className="dialog--alert">
      <p className="dialog__message" role="alert">
        {message}
      </p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('common.understood')}
        </button>
      </div>
    </Dialog>
  );
}
