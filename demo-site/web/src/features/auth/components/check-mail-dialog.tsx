import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/auth';

/**
 * «Проверьте почту» (accounts-sso §2.4, §4.2: isSendMailPopup): a confirmation letter went out; it
 * stays until closed. `text` says what was sent; the main page and a close button.
 */
export function CheckMailDialog({ open, text, onClose }: { open: boolean; text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('auth.registration.checkMailTitle')}>
      <p>{text}</p>
      <div className="dialog__actions">
        <Link to="/" className="button">
          {t('common.toHome')}
        </Link>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
