import { GidProvider, useGid } from '@gid/sdk-react';
import { useEffect, useRef, useState } from 'react';
import { useProviders } from '../../../features/auth/api/providers';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { gidConfig, siteSessionOf } from '../../../features/auth/gid';
import { offerReturnTo } from '../../../features/auth/return-to';
import { useFinishSignIn } from '../../../features/auth/use-finish-sign-in';
import { markSignedInWithGid } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import '../../../locales/auth';

/** Whether this page is the sign-in popup: the SDK hands the answer to the opener and the opener closes it. */
const inPopup = () => {
  try {
    return window.opener !== null && window.opener !== window;
  } catch {
    return false;
  }
};

function Callback() {
  const { t } = useTranslation();
  const { status, tokens, error } = useGid();
  const finish = useFinishSignIn();
  const done = useRef(false);
  const [popup] = useState(inPopup);
  // Nothing to process: no code and no error came back (a bookmark, a reload after success).
  const [empty] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    return !params.has('code') && !params.has('error');
  });
  const session = status === 'authenticated' ? siteSessionOf(tokens) : null;

  useEffect(() => {
    if (!session || done.current) return;
    done.current = true;
    void finish(session, '/me/shop').then(markSignedInWithGid);
  }, [session, finish]);

  const failed = !popup && (error !== undefined || (status === 'authenticated' && !session) || (empty && status !== 'loading'));
  return (
    <AuthStatus
      title={failed ? t('auth.gid.error') : t('placeholder.gidCallback')}
      progress={failed ? null : t('auth.gid.processing')}
      error={failed ? (error?.error_description ?? t('auth.gid.fallback')) : null}
      actions={[{ to: '/', label: t('auth.gid.toHome') }]}
    />
  );
}

/**
 * The SDK would put the address back to where a redirect sign-in started and race the site's own
 * navigation; the site decides (useFinishSignIn): the page a guard stopped the person at, else the
 * page the SDK says the sign-in started on (the widget's page, a guarded route; never the login
 * screen), else /me/shop. The SDK says it as soon as the code is exchanged, before the site's
 * session is stored and the basket joined (a request), so it is there when the site navigates.
 */
const keepSiteNavigation = (_appState: unknown, returnTo: string) => offerReturnTo(returnTo);

/**
 * /auth/gid and /test (accounts-sso §2.13): the SDK (through GidProvider) processes the callback —
 * in the popup it hands the code to the opener; after a redirect it exchanges it at /api/auth/gid.
 * Success stores the token and user and goes to /me/shop; failure shows «Ошибка авторизации» with
 * the description and «На главную».
 */
export default function GidCallbackScreen() {
  const { t } = useTranslation();
  const providers = useProviders();
  if (providers.isError) {
    return <AuthStatus title={t('auth.gid.error')} error={t('auth.gid.initError')} actions={[{ to: '/', label: t('auth.gid.toHome') }]} />;
  }
  if (!providers.data) return <AuthStatus title={t('placeholder.gidCallback')} progress={t('auth.gid.processing')} />;
  return (
    <GidProvider config={gidConfig(providers.data.gid, window.location.origin)} onRedirectCallback={keepSiteNavigation}>
      <Callback />
    </GidProvider>
  );
}
