import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/ui/dialog';
import { PageTitle } from '../../../components/ui/page';
import { AuthProviders } from '../../../features/auth/components/auth-providers';
import { RegistrationForm } from '../../../features/auth/components/registration-form';
import { useFinishSignIn } from '../../../features/auth/use-finish-sign-in';
import { useTranslation } from '../../../lib/i18n';
import '../../../features/auth/auth.css';
import '../../../locales/auth';

// As on /login: the SDK and its button load only once the page knows the provider, never with `/`.

/**
 * /registration (accounts-sso §2.4): the e-mail form, sign-up through the networks, the way to the
 * login and to SMS registration, and «Войти с Газпром ID» as on /login (an account is made on the first
 * sign-in); after submit the «Проверьте почту» popup stays until closed.
 */
export default function RegistrationScreen() {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const [sent, setSent] = useState<string | null | undefined>(undefined);

  return (
    <div className="container page auth-page">
      <PageTitle>{t('auth.registration.title')}</PageTitle>
      <div className="auth-card">
        <RegistrationForm onRegistered={(message) => setSent(message)} />
        <div className="auth-links">
          <Link to="/login">{t('auth.registration.toLogin')}</Link>
          <Link to="/registration/sms">{t('auth.registration.bySms')}</Link>
        </div>
        <AuthProviders headingId="registration-providers-title" onSignedIn={(signedIn) => finish(signedIn)} />
        <p>
          <Link to="/">{t('common.toHome')}</Link>
        </p>
      </div>
      <Dialog open={sent !== undefined} onClose={() => setSent(undefined)} title={t('auth.registration.checkMailTitle')}>
        <p>{t('auth.registration.checkMailText')}</p>
        <div className="dialog__actions">
          <Link to="/" className="button">
            {t('common.toHome')}
          </Link>
          <button type="button" className="button button--secondary" onClick={() => setSent(undefined)}>
            {t('common.close')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
