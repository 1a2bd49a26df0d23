import { useTranslation } from '../../../lib/i18n';
import { ContentPage } from './content-page';
import { RequestSection } from './request-section';
import '../../../locales/content';

/** /logistics: the start village, getting there, deliveries, and a question to the logistics team. */
export default function Logistics() {
  const { t } = useTranslation();
  return (
    <ContentPage name="logistics">
      <RequestSection title={t('content.logistics.formTitle')} supportType="logistics" />
    </ContentPage>
  );
}
