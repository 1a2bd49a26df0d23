import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { PageTitle } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/states';
import { AuthProviders } from '../../../features/auth/components/auth-providers';
import { EmailLoginForm } from '../../../features/auth/components/email-login-form';
import { loginPopupFromState } from '../../../features/auth/login-popup';
import { rememberReturnTo, returnFromState } from '../../../features/auth/return-to';
import { useFinishSignIn } from '../../../features/auth/use-finish-sign-in';
import { useTranslation } from '../../../lib/i18n';
import '../../../features/auth/auth.css';
import '../../../locales/auth';

// The SDK and its React package load only when the login screen shows its GID button; the SMS form
// (with the phone mask) and the reset popup when they are first wanted.
const SmsForm = lazy(() => import('../../../features/auth/components/sms-form').then((module) => ({ default: module.SmsForm })));
const ResetRequestDialog = lazy(() =>
  import('../../../features/auth/components/reset-request-dialog').then((module) => ({ default: module.ResetRequestDialog })),
);

/**
 * «Авторизация» (accounts-sso §2.3, /login and /auth): e-mail mode by default, SMS mode by the
 * toggle, password reset, registration link, back button, the social networks and «Войти с
 * Газпром ID». A guard sends a signed-in person on (router.tsx).
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const finish = useFinishSignIn();
  const [mode, setMode] = useState<'email' | 'sms'>('email');
  const [email, setEmail] = useState('');
  const [resetOpen, setResetOpen] = useState(false);
  // The popup's code loads with the first «Забыли пароль?» and stays mounted after.
  const resetWanted = useRef(false);
  if (resetOpen) resetWanted.current = true;
  const returnTo = returnFromState(location.state);
  // accounts-sso §2.3: popups of the login screen another screen opens it with (login-popup.ts): the password
  // changed at /newpass, the e-mail confirmed at /verify/email/{code}.
  const [popup, setPopup] = useState(() => loginPopupFromState(location.state));
  // «Пароль успешно изменен!» shows once: a reload of /login (the history entry keeps its state) does not show it
  // again. «Почта подтверждена» keeps its state (the guard lets the just-signed-in person stay on /login by it);
  // closing it replaces this entry with the cabinet.
  useEffect(() => {
    if (loginPopupFromState(location.state)?.kind !== 'passwordChanged') return;
    const { popup: _shown, message: _message, ...rest } = location.state as Record<string, unknown>;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: Object.keys(rest).length ? rest : null });
  }, [location, navigate]);
  const closePopup = () => {
    if (popup?.kind === 'emailConfirmed') void navigate(popup.next, { replace: true });
    setPopup(null);
  };
  // A sign-in that leaves the site (GID by redirect, a social network) comes back to the same place.
  useEffect(() => rememberReturnTo(returnTo), [returnTo]);

  const back = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/');
  };

  return (
    <div className="container page auth-page">
      <button type="button" className="button button--secondary button--small auth-back" onClick={back}>
        <span aria-hidden="true">←</span> {t('auth.login.back')}
      </button>
      <PageTitle>{t('auth.login.title')}</PageTitle>
      <div className="auth-card">
        <fieldset className="auth-fieldset">
          <legend>{t('auth.login.legend')}</legend>
          {mode === 'email' ? (
            <EmailLoginForm key="email" onSignedIn={(signedIn) => finish(signedIn)} onEmailChange={setEmail} />
          ) : (
            <Suspense fallback={<Loading />}>
              <SmsForm key="sms" mode="login" onSignedIn={(signedIn) => finish(signedIn)} />
            </Suspense>
          )}
        </fieldset>
        <div className="auth-links">
          <button type="button" className="link-button" onClick={() => setMode(mode === 'email' ? 'sms' : 'email')}>
            {mode === 'email' ? t('auth.login.toSms') : t('auth.login.toEmail')}
          </button>
          <button type="button" className="link-button" disabled={mode === 'sms'} onClick={() => setResetOpen(true)}>
            {t('auth.login.forgot')}
          </button>
        </div>
        <p className="auth-register">
          {t('auth.login.noAccount')} <Link to="/registration">{t('auth.login.register')}</Link>
        </p>
        <AuthProviders headingId="auth-providers-title" returnTo={returnTo} onSignedIn={(signedIn) => finish(signedIn)} />
      </div>
      <Dialog open={popup?.kind === 'passwordChanged'} onClose={closePopup} title={t('auth.reset.changedTitle')}>
        {popup?.kind === 'passwordChanged' && popup.message && popup.message !== t('auth.reset.changedTitle') ? (
          <p>{popup.message}</p>
        ) : null}
        <p>{t('auth.reset.changedText')}</p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={closePopup}>
            {t('auth.reset.toLogin')}
          </button>
        </div>
      </Dialog>
      <Dialog open={popup?.kind === 'emailConfirmed'} onClose={closePopup} title={t('auth.verify.confirmedTitle')}>
        <p>
          {popup?.kind === 'emailConfirmed' && popup.email
            ? t('auth.verify.confirmedText', { email: popup.email })
            : t('auth.verify.confirmedTextNoEmail')}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={closePopup}>
            {t('auth.verify.toCabinet')}
          </button>
        </div>
      </Dialog>
      {resetWanted.current ? (
        <Suspense fallback={null}>
          <ResetRequestDialog
            open={resetOpen}
            onClose={() => setResetOpen(false)}
            initialEmail={email}
            onSmsLogin={() => {
              setResetOpen(false);
              setMode('sms');
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
