import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { SmsForm } from '../../../features/auth/components/sms-form';
import { useFinishSignIn } from '../../../features/auth/use-finish-sign-in';
import { useTranslation } from '../../../lib/i18n';
import '../../../features/auth/auth.css';
import '../../../locales/auth';

/** /registration/sms (accounts-sso §2.4, §5): phone, the SMS code and the consent; signs the new person in. */
export default function RegistrationSmsScreen() {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  return (
    <div className="container page auth-page">
      <PageTitle>{t('auth.registration.smsTitle')}</PageTitle>
      <div className="auth-card">
        <fieldset className="auth-fieldset">
          <legend>{t('auth.registration.legend')}</legend>
          <SmsForm mode="register" onSignedIn={(signedIn) => finish(signedIn)} />
        </fieldset>
        <div className="auth-links">
          <Link to="/registration">{t('auth.registration.byEmail')}</Link>
          <Link to="/login">{t('auth.registration.toLogin')}</Link>
        </div>
        <p>
          <Link to="/">{t('common.toHome')}</Link>
        </p>
      </div>
    </div>
  );
}
