import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { failureMessage, statusOf } from '../../../features/auth/api/messages';
import { checkConfirmation, needsRegistrationPassword, verifyEmail } from '../../../features/auth/api/sign-in-calls';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { Busy } from '../../../features/auth/components/busy';
import { loginPopupState } from '../../../features/auth/login-popup';
import { useFinishSignIn } from '../../../features/auth/use-finish-sign-in';
import { useOnce } from '../../../features/auth/use-once';
import { removeToken } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import '../../../features/auth/auth.css';
import '../../../locales/auth';

/**
 * /verify/email/{code}: the letter's link confirms the address and signs the person in — only once they
 * have seen whose account it is and said yes (issue 33: a link someone forwarded must not sign the
 * visitor into the sender's account). On load the page only asks the server whose address the link
 * confirms (`/api/user/verify/email/check`, nothing used up); «Подтвердить и войти» sends it, with the
 * registration password when the account was made with one (whoever registered may not own the
 * address; «Забыли пароль?» is the way out for someone who never registered). Then the e-mail-confirmed
 * popup (isVerifyPopup) on /login and the cabinet. A visitor signed into another account is told the link is
 * someone else's and stays signed in as they are; a 403 of the confirmation itself drops the stored
 * token (accounts-sso §8).
 */
export default function VerifyEmailScreen() {
  const { t } = useTranslation();
  const id = useId();
  const { code = '' } = useParams();
  const finish = useFinishSignIn();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [account, setAccount] = useState<{ email: string; passwordRequired: boolean } | null>(null);
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);

  useOnce(() => {
    checkConfirmation(code).then(
      (found) => setAccount({ email: found.email, passwordRequired: found.password_required }),
      (failure) => setError(failureMessage(failure)),
    );
  });

  const confirm = () =>
    verifyEmail(code, account?.passwordRequired ? password : undefined).then(
      (signedIn) => {
        setAccount(null);
        return finish(signedIn, '/me', {
          // accounts-sso §2.3: «Почта подтверждена» is one of the login screen's popups (isVerifyPopup): shown there,
          // its button goes on to the cabinet (or where a guard had stopped the person).
          stay: (next) =>
            void navigate('/login', {
              replace: true,
              state: loginPopupState({
                kind: 'emailConfirmed',
                email: typeof signedIn.user.email === 'string' ? signedIn.user.email : null,
                next,
              }),
            }),
        });
      },
      (failure) => {
        setError(failureMessage(failure));
        if (needsRegistrationPassword(failure)) {
          setAccount((shown) => (shown ? { ...shown, passwordRequired: true } : shown));
          return;
        }
        if (statusOf(failure) === 403) removeToken();
        setAccount(null);
      },
    );

  if (account) {
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
              if (account.passwordRequired && !password) return;
              setSending(true);
              void confirm().finally(() => setSending(false));
            }}
          >
            <p>{t('auth.verify.account', { email: account.email })}</p>
            <p className="field-hint">{t('auth.verify.accountNotMine')}</p>
            {account.passwordRequired ? (
              <>
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
              </>
            ) : null}
            {error ? (
              <p className="notice notice--error" role="alert">
                {error}
              </p>
            ) : null}
            <p className="actions">
              <button type="submit" className="button" disabled={sending || (account.passwordRequired && !password)}>
                {t('auth.verify.confirmAndSignIn')}
                <Busy on={sending} />
              </button>
              <Link to="/" className="button button--secondary">
                {t('auth.verify.cancel')}
              </Link>
            </p>
            {account.passwordRequired ? (
              <p className="field-hint">
                {t('auth.verify.notMine')} <Link to="/login">{t('auth.verify.toReset')}</Link>
              </p>
            ) : null}
          </form>
        </div>
      </div>
    );
  }

  return (
    <AuthStatus
      title={t('auth.verify.emailTitle')}
      progress={error ? null : t('auth.verify.checking')}
      error={error}
      actions={[
        { to: '/login', label: t('auth.social.toLogin') },
        { to: '/', label: t('common.toHome'), primary: false },
      ]}
    />
  );
}
