import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { failureMessage } from '../../../features/auth/api/messages';
import { checkResetCode } from '../../../features/auth/api/reset-calls';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { keepResetSecure } from '../../../features/auth/reset-secure';
import { useOnce } from '../../../features/auth/use-once';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/auth';

/** /verify/resetpassword/{code}: the reset letter's link is checked, then on to /newpass (accounts-sso §4.2). */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useOnce(() => {
    checkResetCode(code).then(
      ({ secure }) => {
        keepResetSecure(secure);
        void navigate('/newpass', { replace: true });
      },
      (failure) => setError(failureMessage(failure)),
    );
  });

  return (
    <AuthStatus
      title={t('auth.reset.title')}
      progress={error ? null : t('auth.reset.checking')}
      error={error}
      actions={[
        { to: '/login', label: t('auth.social.toLogin') },
        { to: '/', label: t('common.toHome'), primary: false },
      ]}
    />
  );
}
