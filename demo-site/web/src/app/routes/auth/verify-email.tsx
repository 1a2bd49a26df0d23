import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { PageTitle } from '../../../components/ui/page';
import { failureMessage, statusOf } from '../../../features/auth/api/messages';
import { needsRegistrationPassword, verifyEmail } from '../../../features/auth/api/sign-in-calls';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { Busy } from '../../../features/auth/components/busy';
import { useFinishSignIn } from '../../../features/auth/use-finish-sign-in';
import { useOnce } from '../../../features/auth/use-once';
import { removeToken } from '../../../lib/auth';
import '../../../features/auth/auth.css';
import '../../../locales/auth';

/**
 * /verify/email/{code}: the letter's link confirms the address and signs the person in, the e-mail-confirmed
 * popup (isVerifyPopup) says so, then the cabinet. An account registered with a password confirms only with that password (whoever registered
 * may not own the address): the server says so and the page asks for it, with the way out for someone
 * who never registered («Забыли пароль?»). A 403 — the link is someone else's while signed in — drops
 * the stored token (accounts-sso §8).
 */
export default function VerifyEmailScreen() {
  const { t } = useTranslation();
  const id = useId();
  const { code = '' } = useParams();
  const finish = useFinishSignIn();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [confirmed, setConfirmed] = useState<{ email: string | null; next: string } | null>(null);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);

  const confirm = (withPassword?: string) =>
    verifyEmail(code, withPassword).then(
      (signedIn) => {
        // Confirmed: the password form gives way to the e-mail-confirmed popup.
        setAsking(false);
        return finish(signedIn, '/me', {
          stay: (next) => setConfirmed({ email: typeof signedIn.user.email === 'string' ? signedIn.user.email : null, next }),
        });
      },
      (failure) => {
        if (needsRegistrationPassword(failure)) {
          setAsking(true);
          setError(withPassword ? failureMessage(failure) : null);
          return;
        }
        if (statusOf(failure) === 403) removeToken();
        setAsking(false);
        setError(failureMessage(failure));
      },
    );

  useOnce(() => {
    void confirm();
  });

  if (asking) {
    return (
      <div className="container page auth-page">
        <PageTitle>{t('auth.verify.emailTitle')}</PageTitle>
        <div className="auth-card">
          <form
            className="form auth-form"
            noValidate
            aria-busy={sending}
            onSubmit={(event) => {
              event.preventDefault();
              if (!password) return;
              setSending(true);
              void confirm(password).finally(() => setSending(false));
            }}
          >
            <p>{t('auth.verify.passwordLead')}</p>
            <div className="field">
              <label htmlFor={`${id}-password`}>{t('auth.verify.password')}</label>
              <input
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={error ? true : undefined}
              />
            </div>
            {error ? (
              <p className="notice notice--error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button" disabled={sending || !password}>
              {t('auth.verify.confirm')}
              <Busy on={sending} />
            </button>
            <p className="field-hint">
              {t('auth.verify.notMine')} <Link to="/login">{t('auth.verify.toReset')}</Link>
            </p>
          </form>
        </div>
      </div>
    );
  }

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
