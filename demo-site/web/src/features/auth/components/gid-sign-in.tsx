import { GidLoginButton, GidProvider, useGid } from '@gid/sdk-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderEntry } from '../api/providers';
import type { SignedIn } from '../api/schemas';
import { gidConfig, siteSessionOf } from '../gid';
import '../../../locales/auth';

interface GidSignInProps {
  provider: ProviderEntry;
  onSignedIn: (signedIn: SignedIn) => Promise<void>;
}

function GidButton({ onSignedIn }: Pick<GidSignInProps, 'onSignedIn'>) {
  const { t } = useTranslation();
  const { status, tokens, error } = useGid();
  const done = useRef(false);
  useEffect(() => {
    if (status !== 'authenticated' || done.current) return;
    const session = siteSessionOf(tokens);
    if (session) {
      done.current = true;
      void onSignedIn(session);
    }
  }, [status, tokens, onSignedIn]);
  const failed = status === 'authenticated' && !siteSessionOf(tokens);
  return (
    <>
      <GidLoginButton mode="popup" className="gid-slot" />
      {error || failed ? (
        <p className="notice notice--error" role="alert">
          {error ? t('auth.gid.errorWith', { description: error.error_description }) : t('auth.gid.fallback')}
        </p>
      ) : null}
    </>
  );
}

/**
 * «Войти с Газпром ID» on the login screen: the SDK's own button from @gid/sdk-react in popup
 * mode (a blocked popup continues by redirect); the site's session comes back in the token
 * response's `additional_data`. This module and the SDK load only with the login screen.
 */
export default function GidSignIn({ provider, onSignedIn }: GidSignInProps) {
  return (
    <GidProvider config={gidConfig(provider, window.location.origin)}>
      <GidButton onSignedIn={onSignedIn} />
    </GidProvider>
  );
}
