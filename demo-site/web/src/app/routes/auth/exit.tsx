import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { logout } from '../../../features/auth/api/sign-in-calls';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { useOnce } from '../../../features/auth/use-once';
import { clearSignIn, getToken } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/auth';

/**
 * /exit (accounts-sso §2.2, §4.1; also GID's post-logout address): the server session is ended,
 * then token, user and basket are cleared here whatever the server said, and cached data of the
 * person is dropped.
 */
export default function ExitScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [done, setDone] = useState(getToken() === null);

  useOnce(() => {
    if (getToken() === null) return;
    logout()
      .catch(() => undefined)
      .finally(() => {
        clearSignIn();
        client.clear();
        setDone(true);
      });
  });

  return (
    <AuthStatus
      title={t('auth.exit.title')}
      progress={done ? null : t('auth.exit.progress')}
      message={done ? t('auth.exit.done') : null}
      actions={[
        { to: '/login', label: t('auth.exit.signInAgain') },
        { to: '/', label: t('common.toHome'), primary: false },
      ]}
    />
  );
}
