import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/ui/page';

export type PlaceholderKey =
  | 'basket'
  | 'login'
  | 'registration'
  | 'registrationSms'
  | 'loginLink'
  | 'newPassword'
  | 'resetPassword'
  | 'verifyEmail'
  | 'verifyNewEmail'
  | 'socialSignIn'
  | 'socialLink'
  | 'gidCallback'
  | 'exit'
  | 'token'
  | 'basketFill'
  | 'add'
  | 'myEvents'
  | 'ticket'
  | 'myShop'
  | 'order'
  | 'myInsurances'
  | 'myClubs'
  | 'settings'
  | 'sessions';

/** A screen that a later issue fills in: its title and a way back. */
export default function Placeholder({ name }: { name: PlaceholderKey }) {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <PageTitle>{t(`placeholder.${name}`)}</PageTitle>
      <p>{t('placeholder.soon')}</p>
      <p>
        <Link to="/" className="button button--secondary">
          {t('common.toHome')}
        </Link>
      </p>
    </div>
  );
}
