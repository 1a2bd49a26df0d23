import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page';
import { useProviders } from '../../../features/auth/api/providers';
import { SocialButtons } from '../../../features/auth/components/social-buttons';
import '../../../features/auth/auth.css';
import '../../../locales/auth';

/**
 * /add: link a social network to the signed-in account (accounts-sso §4.1: the sign-in state decides
 * the account-link target; §4.3 linking uses the add variant). The buttons send the browser to the
 * network with the `/user/add/auth/{network}` return address; a guest is sent to /login and back.
 */
export default function AddNetworkScreen() {
  const { t } = useTranslation();
  const providers = useProviders();
  return (
    <div className="container page auth-page">
      <PageTitle lead={t('auth.add.lead')}>{t('auth.add.title')}</PageTitle>
      <div className="auth-card">
        <SocialButtons providers={providers.data} purpose="link" returnTo="/me/setting" />
        <p>
          <Link to="/me/setting">{t('auth.social.toProfile')}</Link>
        </p>
      </div>
    </div>
  );
}
