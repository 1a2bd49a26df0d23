import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import { SupportForm } from './support-form';

/**
 * The clubs support popup (accounts-sso §2.14): «Ответим за пару часов», then the success popup
 * «Лучший вклад в твою команду».
 */
export function SupportPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const close = () => {
    onClose();
    setSent(false);
  };
  return (
    <>
      <Dialog open={open && !sent} onClose={close} title={t('support.title')}>
        <SupportForm supportType="clubs" onSent={() => setSent(true)} />
      </Dialog>
      <Dialog open={open && sent} onClose={close} title={t('support.successTitle')}>
        <p className="dialog__message">{t('support.successText')}</p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={close}>
            {t('common.close')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
