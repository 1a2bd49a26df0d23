import { GidProvider, useGid } from '@gid/sdk-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProviders } from '../../../features/auth/api/providers';
import { AuthStatus } from '../../../features/auth/components/auth-status';
import { gidConfig, siteSessionOf } from '../../../features/auth/gid';
import { useFinishSignIn } from '../../../features/auth/use-finish-sign-in';
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
    void finish(session, '/me/shop');
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
 * The SDK would put the address back to where the sign-in started (the login screen, which sends a
 * signed-in person to /me) and race the site's own navigation; the site decides: /me/shop, or the
 * page a guard stopped the person at (useFinishSignIn).
 */
const keepSiteNavigation = () => {};

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
    <GidProvider config={gidConfig(providers.data.gid, window.location.origin)} onReturn={keepSiteNavigation}>
      <Callback />
    </GidProvider>
  );
}
