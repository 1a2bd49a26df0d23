import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { failureMessage, statusOf } from '../../../features/auth/api/messages';
import { verifyEmail } from '../../../features/auth/api/sign-in-calls';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { useFinishSignIn } from '../../../features/auth/use-finish-sign-in';
import { useOnce } from '../../../features/auth/use-once';
import { removeToken } from '../../../lib/auth';
import '../../../locales/auth';

/**
 * /verify/email/{code}: the letter's link confirms the address and signs the person in (then the
 * cabinet). A 403 — the link is someone else's while signed in — drops the stored token (accounts-sso §8).
 */
export default function VerifyEmailScreen() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const finish = useFinishSignIn();
  const [error, setError] = useState<string | null>(null);

  useOnce(() => {
    verifyEmail(code).then(
      (signedIn) => finish(signedIn, '/me'),
      (failure) => {
        if (statusOf(failure) === 403) removeToken();
        setError(failureMessage(failure));
      },
    );
  });

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
