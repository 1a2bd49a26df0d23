import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useAfterFirstContentfulPaint } from '../../../lib/use-page-idle';
import { useProviders } from '../api/providers';
import type { SignedIn } from '../api/schemas';
import { SocialButtons } from './social-buttons';
import '../../../locales/auth';

// The GID button's chunk (the SDK and its React package, 15 KB) loads once the providers have answered
// and the page has shown its first content: asked for in the first render, it was one of the requests a
// phone's first paint shared the network with (Lighthouse counts every request made before the paint).
const GidSignIn = lazy(() => import('./gid-sign-in'));

interface AuthProvidersProps {
  /** The heading's id (one page may hold only one of each). */
  headingId: string;
  /** Where to come back to after a network's sign-in (a same-site path). */
  returnTo?: string | null;
  onSignedIn: (signedIn: SignedIn) => Promise<void>;
}

/**
 * «Или войдите через» on /login and /registration: VK, Google and «Войти с Газпром ID». The GID slot
 * keeps its height while the providers load, so nothing below it moves when the button comes.
 */
export function AuthProviders({ headingId, returnTo, onSignedIn }: AuthProvidersProps) {
  const { t } = useTranslation();
  const providers = useProviders();
  const painted = useAfterFirstContentfulPaint();
  return (
    <section className="auth-providers" aria-labelledby={headingId}>
      <h2 id={headingId} className="auth-providers__title">
        {t('auth.login.orWith')}
      </h2>
      <SocialButtons providers={providers.data} returnTo={returnTo} />
      {providers.data && painted ? (
        <Suspense fallback={<div className="gid-slot" />}>
          <GidSignIn provider={providers.data.gid} onSignedIn={onSignedIn} />
        </Suspense>
      ) : providers.isError ? (
        <p className="notice notice--error" role="alert">
          {t('auth.gid.initError')}
        </p>
      ) : (
        <div className="gid-slot" />
      )}
    </section>
  );
}
