import { GidLoginButton, GidProvider, useGid } from '@gid/sdk-react';
import { useEffect, useRef } from 'react';
import { markSignedInWithGid } from '../../../lib/auth';
import { useTranslation } from '../../../lib/i18n';
import type { ProviderEntry } from '../api/providers';
import type { SignedIn } from '../api/schemas';
import { gidConfig, siteSessionOf } from '../gid';
import '../../../locales/auth';

interface GidSignInProps {
  provider: ProviderEntry;
  onSignedIn: (signedIn: SignedIn) => Promise<void>;
}

/**
 * Hands the site's session from a finished GID sign-in (the token response's `additional_data`) to
 * `onSignedIn`, once; true when the sign-in finished without one.
 */
export function useSiteSessionFromGid(onSignedIn: (signedIn: SignedIn) => Promise<void>): boolean {
  const { status, tokens } = useGid();
  const done = useRef(false);
  useEffect(() => {
    if (status !== 'authenticated' || done.current) return;
    const session = siteSessionOf(tokens);
    if (session) {
      done.current = true;
      void onSignedIn(session).then(markSignedInWithGid);
    }
  }, [status, tokens, onSignedIn]);
  return status === 'authenticated' && !siteSessionOf(tokens);
}

function GidButton({ onSignedIn }: Pick<GidSignInProps, 'onSignedIn'>) {
  const { t } = useTranslation();
  const { error } = useGid();
  const failed = useSiteSessionFromGid(onSignedIn);
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
