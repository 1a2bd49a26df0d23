import { useState } from 'react';
import { useParams } from 'react-router';
import { failureMessage, statusOf } from '../../../features/auth/api/messages';
import { verifyNewEmail } from '../../../features/auth/api/sign-in-calls';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { useOnce } from '../../../features/auth/use-once';
import { getStoredUser, getToken, removeToken, storeSignIn } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/auth';

/** /verify/new/email/{code}: confirms an address changed in the settings (accounts-sso §7). */
export default function VerifyNewEmailScreen() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const [result, setResult] = useState<{ email: string | null } | { error: string } | null>(null);

  useOnce(() => {
    verifyNewEmail(code).then(
      (answer) => {
        const email = typeof answer?.email === 'string' ? answer.email : null;
        const token = getToken();
        const user = getStoredUser();
        if (email && token && user) storeSignIn(token, { ...user, email });
        setResult({ email });
      },
      (failure) => {
        if (statusOf(failure) === 403) removeToken();
        setResult({ error: failureMessage(failure) });
      },
    );
  });

  return (
    <AuthStatus
      title={result && !('error' in result) ? t('auth.verify.confirmedTitle') : t('auth.verify.newEmailTitle')}
      progress={result ? null : t('auth.verify.checking')}
      error={result && 'error' in result ? result.error : null}
      message={result && !('error' in result) && result.email ? t('auth.verify.newConfirmed', { email: result.email }) : null}
      actions={[
        { to: '/me/setting', label: t('auth.social.toProfile') },
        { to: '/', label: t('common.toHome'), primary: false },
      ]}
    />
  );
}
