import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { failureMessage, statusOf } from '../../../features/auth/api/messages';
import { verifyEmail } from '../../../features/auth/api/sign-in-calls';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { useFinishSignIn } from '../../../features/auth/use-finish-sign-in';
import { useOnce } from '../../../features/auth/use-once';
import { removeToken } from '../../../lib/auth';
import '../../../locales/auth';

/**
 * /verify/email/{code}: the letter's link confirms the address and signs the person in; the
 * e-mail-confirmed popup (accounts-sso §2.3, isVerifyPopup) says so, and its button — or closing it —
 * goes on to the cabinet. A 403 — the link is someone else's while signed in — drops the stored
 * token (accounts-sso §8).
 */
export default function VerifyEmailScreen() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const finish = useFinishSignIn();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<{ email: string | null; next: string } | null>(null);

  useOnce(() => {
    verifyEmail(code).then(
      (signedIn) =>
        finish(signedIn, '/me', {
          stay: (next) => setConfirmed({ email: typeof signedIn.user.email === 'string' ? signedIn.user.email : null, next }),
        }),
      (failure) => {
        if (statusOf(failure) === 403) removeToken();
        setError(failureMessage(failure));
      },
    );
  });

  const goOn = () => {
    if (confirmed) void navigate(confirmed.next, { replace: true });
  };

  return (
    <>
      <AuthStatus
        title={t('auth.verify.emailTitle')}
        progress={error || confirmed ? null : t('auth.verify.checking')}
        error={error}
        actions={
          confirmed
            ? [{ to: confirmed.next, label: t('auth.verify.toCabinet') }]
            : [
                { to: '/login', label: t('auth.social.toLogin') },
                { to: '/', label: t('common.toHome'), primary: false },
              ]
        }
      />
      <Dialog open={confirmed !== null} onClose={goOn} title={t('auth.verify.confirmedTitle')}>
        <p>{confirmed?.email ? t('auth.verify.confirmedText', { email: confirmed.email }) : t('auth.verify.confirmedTextNoEmail')}</p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={goOn}>
            {t('auth.verify.toCabinet')}
          </button>
        </div>
      </Dialog>
    </>
  );
}
