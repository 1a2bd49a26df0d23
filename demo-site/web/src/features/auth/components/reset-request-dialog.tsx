import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { useTranslation } from '../../../lib/i18n';
import { failureMessage } from '../api/messages';
import { requestPasswordReset } from '../api/reset-calls';
import { emailProblem } from '../rules';
import { Busy } from './busy';
import '../../../locales/auth';

/** accounts-sso §4.2: an empty recovery e-mail makes the field flash its error for 5 seconds. */
export const FLASH_MS = 5000;

interface ResetRequestDialogProps {
  open: boolean;
  onClose: () => void;
  /** The e-mail typed on the login form, to start from. */
  initialEmail: string;
  /** «Войти по СМС»: back to the login form in SMS mode. */
  onSmsLogin: () => void;
}

/**
 * The password-reset popup (accounts-sso §2.3): e-mail, «Отправить» and «Войти по СМС»; then the
 * server's answer (it is the same for a known and an unknown address, so none is assumed here).
 */
export function ResetRequestDialog({ open, onClose, initialEmail, onSmsLogin }: ResetRequestDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [flash, setFlash] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const flashTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setSent(null);
      setError(null);
    }
  }, [open, initialEmail]);
  useEffect(() => () => clearTimeout(flashTimer.current), []);

  const send = async () => {
    const problem = emailProblem(email);
    if (problem === 'required') {
      setFlash(true);
      clearTimeout(flashTimer.current);
      flashTimer.current = setTimeout(() => setFlash(false), FLASH_MS);
    }
    if (problem) {
      setError(t(`auth.errors.${problem}`));
      return;
    }
    setError(null);
    setSending(true);
    try {
      const answer = await requestPasswordReset(email.trim());
      setSent(answer.message ?? t('auth.reset.sentTitle'));
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={sent ? t('auth.reset.sentTitle') : t('auth.reset.title')}>
      {sent ? (
        <>
          <p role="status">{sent}</p>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
        </>
      ) : (
        <form
          className="form"
          noValidate
          aria-busy={sending}
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-email`}>{t('auth.reset.email')}</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              className={flash ? 'field--flash' : undefined}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-email-error` : undefined}
            />
            {error ? (
              <p id={`${id}-email-error`} className="field-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <div className="dialog__actions">
            <button type="submit" className="button" disabled={sending}>
              {t('auth.reset.send')}
              <Busy on={sending} />
            </button>
            <button type="button" className="button button--secondary" onClick={onSmsLogin}>
              {t('auth.reset.bySms')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
