import { useTranslation } from '../../../lib/i18n';
import { ContentPage } from './content-page';
import { RequestSection } from './request-section';
import '../../../locales/content';

/** /smi: accreditation rules, press contacts, and the accreditation request. */
export default function Smi() {
  const { t } = useTranslation();
  return (
    <ContentPage name="smi">
      <RequestSection title={t('content.smi.formTitle')} supportType="smi" />
    </ContentPage>
  );
}
