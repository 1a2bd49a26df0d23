import { useTranslation } from '../../../lib/i18n';
import { ContentPage } from './content-page';
import { RequestSection } from './request-section';
import '../../../locales/content';

/** /corp: what a company gets, how it goes, and the request form. */
export default function Corporate() {
  const { t } = useTranslation();
  return (
    <ContentPage name="corporate">
      <RequestSection title={t('content.corporate.formTitle')} supportType="corporate" />
    </ContentPage>
  );
}
