import { PageTitle } from '../../components/ui/page';
import { useTranslation } from '../../lib/i18n';

/** accounts-sso §2.2: where old Microsoft browsers are sent. */
export default function NotSupported() {
  const { t } = useTranslation();
  return (
    <div className="container page page--center">
      <PageTitle>{t('notSupported.title')}</PageTitle>
      <p>{t('notSupported.text')}</p>
    </div>
  );
}
