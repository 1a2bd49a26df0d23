import { useBreadcrumbTitle } from '../../../lib/breadcrumbs';
import { useTranslation } from '../../../lib/i18n';
import { ContentPage } from './content-page';
import '../../../locales/content';

/** The medical-certificate page under about (ticketing-shop §2 footer). */
export default function Medical() {
  const { t } = useTranslation();
  useBreadcrumbTitle(t('content.medical.title'));
  return <ContentPage name="medical" />;
}
