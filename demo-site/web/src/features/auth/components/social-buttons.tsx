import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { SignInProviders } from '../api/providers';
import { rememberReturnTo } from '../return-to';
import { buildSocialRedirect, type SocialNetwork, type SocialPurpose, socialNetworks } from '../social';
import '../../../locales/auth';

interface SocialButtonsProps {
  providers: SignInProviders | undefined;
  purpose?: SocialPurpose;
  /** Where to come back to after the sign-in (a same-site path). */
  returnTo?: string | null;
}

/** «Вконтакте» and «Google» (accounts-sso §4.3): a redirect to the network with state and PKCE. */
export function SocialButtons({ providers, purpose = 'signin', returnTo }: SocialButtonsProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const go = async (network: SocialNetwork) => {
    if (!providers) {
      setError(t('auth.social.unavailable'));
      return;
    }
    rememberReturnTo(returnTo);
    try {
      window.location.assign(await buildSocialRedirect(providers[network], network, purpose, window.location.origin));
    } catch {
      setError(t('auth.social.unavailable'));
    }
  };
  return (
    <>
      <ul className="social-buttons">
        {socialNetworks.map((network) => (
          <li key={network}>
            <button
              type="button"
              className={`button button--secondary social-button social-button--${network}`}
              onClick={() => void go(network)}
            >
              <span aria-hidden="true" className="social-button__mark">
                {network === 'vk' ? 'VK' : 'G'}
              </span>
              {t(`auth.social.${network}`)}
            </button>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
