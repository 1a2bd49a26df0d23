import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { safeReturnPath } from '../../../features/auth/access-rules';
import { joinBaskets } from '../../../features/auth/api/join-baskets';
import { userForToken } from '../../../features/auth/api/sign-in-calls';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { useOnce } from '../../../features/auth/use-once';
import { getToken, storeSignIn } from '../../../lib/auth';
import '../../../locales/auth';

/** A session token as the server issues them (base64url), bounded: anything else is not even sent. */
const TOKEN_PATTERN = /^[\w-]{16,256}$/;

/**
 * Sign-in by a link from a letter: /token/{token} and /loginlink?token=…&redirect=/path (or the same in
 * the fragment, `/loginlink#token=…&redirect=…`, which no server sees). The token
 * is checked with the server (GET /api/user) before it is stored; the address loses it at once;
 * the target is a same-site path or /me — never an open redirect. A person already signed in stays
 * who they are (a link cannot swap their account under them) and just goes on.
 */
export default function LoginLinkScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useOnce(() => {
    // The fragment (`/loginlink#token=…`) is the better place for a letter's token: it never reaches
    // a server log. The query works too.
    const params = new URLSearchParams(search);
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const token = id ?? params.get('token') ?? fragment.get('token') ?? '';
    const target = safeReturnPath(params.get('redirect') ?? fragment.get('redirect') ?? params.get('to')) ?? '/me';
    // The token leaves the address bar and the history before anything else (under the router: the
    // screen stays as it is).
    window.history.replaceState(window.history.state, '', '/loginlink');
    if (getToken() !== null) {
      void navigate(target, { replace: true });
      return;
    }
    if (!TOKEN_PATTERN.test(token)) {
      setFailed(true);
      return;
    }
    userForToken(token).then(
      async (user) => {
        if (!user) {
          setFailed(true);
          return;
        }
        storeSignIn(token, user);
        await joinBaskets();
        void navigate(target, { replace: true });
      },
      () => setFailed(true),
    );
  });

  return (
    <AuthStatus
      title={t('auth.link.title')}
      progress={failed ? null : t('auth.link.checking')}
      error={failed ? t('auth.link.invalid') : null}
      actions={[
        { to: '/login', label: t('auth.social.toLogin') },
        { to: '/', label: t('common.toHome'), primary: false },
      ]}
    />
  );
}
