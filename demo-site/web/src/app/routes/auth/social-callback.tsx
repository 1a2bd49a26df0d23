import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { failureMessage, statusOf } from '../../../features/auth/api/messages';
import { socialLink, socialSignIn } from '../../../features/auth/api/sign-in-calls';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { isSocialNetwork, takeSocialReturn } from '../../../features/auth/social';
import { useFinishSignIn } from '../../../features/auth/use-finish-sign-in';
import { takeLinkProof } from '../../../features/settings/api/links';
import { getToken, storeSignIn } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/auth';

type Outcome = { kind: 'working' } | { kind: 'linked' } | { kind: 'error'; message: string; signIn?: boolean };

/**
 * /user/auth/{vk|google} (sign in) and /user/add/auth/{vk|google} (link to the signed-in profile),
 * accounts-sso §4.3 / §7: the state is checked against the one kept when the flow started, then
 * the code goes to the server with its PKCE verifier. A 409 on linking says the network's account
 * belongs to someone else.
 */
export default function SocialCallbackScreen() {
  const { t } = useTranslation();
  const { provider } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const purpose = pathname.startsWith('/user/add/') ? 'link' : 'signin';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string) => setOutcome({ kind: 'error', message, signIn: purpose === 'signin' });
    if (!isSocialNetwork(provider)) {
      fail(t('auth.social.error'));
      return;
    }
    const back = takeSocialReturn(provider, purpose, search);
    // The code must not stay in the address bar or in the history.
    void navigate(pathname, { replace: true });
    if (!back.ok) {
      fail(back.reason === 'state' ? t('auth.social.stateMismatch') : (back.description ?? t('auth.social.error')));
      return;
    }
    const body = { code: back.code, redirect_uri: back.flow.redirectUri, code_verifier: back.flow.verifier, state: back.flow.state };
    if (purpose === 'link') {
      if (getToken() === null) {
        fail(t('auth.social.error'));
        return;
      }
      const proof = takeLinkProof();
      if (!proof) {
        fail(t('auth.add.proofMissing'));
        return;
      }
      socialLink(provider, { ...body, proof }).then(
        ({ user }) => {
          const token = getToken();
          if (token) storeSignIn(token, user);
          setOutcome({ kind: 'linked' });
        },
        (error) => fail(failureMessage(error)),
      );
      return;
    }
    socialSignIn(provider, body).then(
      (signedIn) => finish(signedIn),
      (error) => fail(statusOf(error) === 0 ? t('auth.social.error') : failureMessage(error)),
    );
  }, [provider, purpose, search, pathname, navigate, finish, t]);

  const network = provider === 'vk' || provider === 'google' ? t(`auth.social.${provider}`) : '';
  const title = purpose === 'link' ? t('placeholder.socialLink') : t('placeholder.socialSignIn');
  if (outcome.kind === 'working')
    return <AuthStatus title={title} progress={purpose === 'link' ? t('auth.social.linking') : t('auth.social.processing')} />;
  if (outcome.kind === 'linked') {
    return (
      <AuthStatus
        title={title}
        message={t('auth.social.linked', { network })}
        actions={[{ to: '/me/setting', label: t('auth.social.toProfile') }]}
      />
    );
  }
  return (
    <AuthStatus
      title={t('auth.social.error')}
      error={outcome.message}
      actions={
        outcome.signIn
          ? [
              { to: '/login', label: t('auth.social.toLogin') },
              { to: '/', label: t('common.toHome'), primary: false },
            ]
          : [
              { to: '/me/setting', label: t('auth.social.toProfile') },
              { to: '/', label: t('common.toHome'), primary: false },
            ]
      }
    />
  );
}
