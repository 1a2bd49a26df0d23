import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { safeReturnPath } from '../../../features/auth/access-rules';
import { joinBaskets } from '../../../features/auth/api/join-baskets';
import { checkSignInLink, signInByLink } from '../../../features/auth/api/sign-in-calls';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { Busy } from '../../../features/auth/components/busy';
import { useOnce } from '../../../features/auth/use-once';
import { getToken, storeSignIn } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import '../../../features/auth/auth.css';
import '../../../locales/auth';

/** A sign-in link's code as the server issues them (base64url, single-use, 15 minutes): anything else is not even sent. */
const CODE_PATTERN = /^[\w-]{16,128}$/;

type State = { kind: 'checking' } | { kind: 'failed' } | { kind: 'ask'; code: string; email: string; target: string };

/**
 * Sign-in by a link from a letter: /token/{code} and /loginlink#code=…&redirect=/path (the fragment,
 * which no server sees; the query works too). The link carries a single-use code — never a session
 * token — and the page first says which account it opens («Войти как …?»); only «Войти» exchanges the
 * code (POST) for a session. The address loses the code at once; the target is a same-site path or
 * /me, never an open redirect. A person already signed in stays who they are and just goes on.
 */
export default function LoginLinkScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [sending, setSending] = useState(false);

  useOnce(() => {
    const params = new URLSearchParams(search);
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const code = id ?? fragment.get('code') ?? params.get('code') ?? '';
    const target = safeReturnPath(params.get('redirect') ?? fragment.get('redirect') ?? params.get('to')) ?? '/me';
    // The code leaves the address bar and the history before anything else (under the router: the
    // screen stays as it is).
    window.history.replaceState(window.history.state, '', '/loginlink');
    if (getToken() !== null) {
      void navigate(target, { replace: true });
      return;
    }
    if (!CODE_PATTERN.test(code)) {
      setState({ kind: 'failed' });
      return;
    }
    checkSignInLink(code).then(
      (account) => setState({ kind: 'ask', code, email: account.email, target }),
      () => setState({ kind: 'failed' }),
    );
  });

  if (state.kind === 'ask') {
    const signIn = () => {
      setSending(true);
      signInByLink(state.code).then(
        async (signedIn) => {
          storeSignIn(signedIn.token, signedIn.user);
          await joinBaskets();
          void navigate(state.target, { replace: true });
        },
        () => {
          setSending(false);
          setState({ kind: 'failed' });
        },
      );
    };
    return (
      <div className="container page auth-page">
        <PageTitle>{t('auth.link.title')}</PageTitle>
        <div className="auth-card">
          <p>{t('auth.link.account', { email: state.email })}</p>
          <p className="field-hint">{t('auth.link.notMine')}</p>
          <p className="actions">
            <button type="button" className="button" disabled={sending} onClick={signIn}>
              {t('auth.link.signIn')}
              <Busy on={sending} />
            </button>
            <Link to="/" className="button button--secondary">
              {t('auth.link.cancel')}
            </Link>
          </p>
        </div>
      </div>
    );
  }

  return (
    <AuthStatus
      title={t('auth.link.title')}
      progress={state.kind === 'failed' ? null : t('auth.link.checking')}
      error={state.kind === 'failed' ? t('auth.link.invalid') : null}
      actions={[
        { to: '/login', label: t('auth.social.toLogin') },
        { to: '/', label: t('common.toHome'), primary: false },
      ]}
    />
  );
}
